#pragma once
// ConvergenceSweep: run one scene at several timesteps per scheme, measure the position error at
// a fixed time against a reference, and fit the observed order (CONTRACT.md, tumble-cli sweep).
//
// The reference is the scene run with rk4 (+ rk4_quaternion) at a sixteenth of the smallest dt;
// with rk4's fourth order its own error is 16^4 = 65536 times below rk4's at the smallest dt.
// Every run ends exactly at T: after the whole steps, a last short step covers the remainder
// (a live dt change, so half-step schemes stay consistent). The error is the root-mean-square
// over bodies of |x_i - x_ref,i| in metres. A run that turns unstable gets an infinite error and
// is left out of the fit.
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace tumble {

struct SweepPoint {
    std::string scheme;  ///< as given: a preset or a translation scheme name
    double dt = 0.0;     ///< nominal timestep, s
    long long steps = 0; ///< steps taken, including a final short one
    double error = 0.0;  ///< RMS position error at T, m (+infinity if unstable)
};

struct SweepOrder {
    std::string scheme;
    double order = 0.0; ///< least-squares slope of log(error) against log(dt); NaN with < 2 points
};

struct SweepResult {
    std::vector<SweepPoint> points;
    std::vector<SweepOrder> orders;
};

/// Translation and rotation for a sweep scheme name: a preset, or a translation scheme with the
/// scene's rotation (rk4_quaternion under rk4). Throws ParameterError for an unknown name.
std::pair<std::string, std::string> sweepSchemes(const std::string& name, const std::string& sceneRotation);

/// Least-squares slope of log(error) against log(dt) over the finite, positive errors; NaN when
/// fewer than two remain.
double fittedOrder(const std::vector<double>& dts, const std::vector<double>& errors);

/// Runs the sweep; dts in s (> 0), duration T in s (> 0). Throws ParameterError for bad input.
SweepResult convergenceSweep(const Scene& scene, const std::vector<std::string>& schemes, const std::vector<double>& dts,
                             double duration);

} // namespace tumble
