#pragma once
// ConvergenceSweep: run one scene at several timesteps per scheme, measure the error at a fixed
// time against a reference, and fit the observed order (CONTRACT.md, tumble-cli sweep).
//
// The reference is the scene's closed form when it declares one ("analytic", checked again here
// against the scene as given, so a scene edited after loading cannot be measured against a
// solution that no longer applies); otherwise the scene run with rk4 (+ rk4_quaternion) at a
// sixteenth of the smallest dt, whose own error is 16^4 = 65536 times below rk4's at the
// smallest dt. The measure is the closed form's (sweepMeasure): the position, except for
// torque-free scenes, where the positions are trivial and the orientation angle is compared;
// there a sweep varies the rotation scheme (SweepSchemes.h says what each name runs).
// Every run ends exactly at T: after the whole steps, a last short step covers the remainder
// (a live dt change, so half-step schemes stay consistent). The error is the root-mean-square
// over bodies of |x_i - x_ref,i| in metres (or of the angle between q_i and q_ref,i in rad). A
// run that turns unstable gets an infinite error and is left out of the fit.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "analysis/AnalyticSolution.h"
#include "scene/Scene.h"
#include "sim/SweepSchemes.h"

namespace tumble {

struct SweepPoint {
    std::string scheme;  ///< as given: a preset, or a translation (rotation, on angle scenes) scheme
    double dt = 0.0;     ///< nominal timestep, s
    long long steps = 0; ///< steps taken, including a final short one
    double error = 0.0;  ///< RMS error at T, m or rad (SweepResult::measure; +infinity if unstable)
};

/// What the errors are measured against.
enum class SweepReference { Rk4, Analytic };

/// "rk4" or "analytic" (the CSV's reference column).
const char* sweepReferenceName(SweepReference r);
/// "position_m" or "angle_rad" (the CSV's measure column).
const char* sweepMeasureName(AnalyticMeasure m);

struct SweepOptions {
    /// Measure against the scene's closed form when it declares one (else the rk4 reference).
    bool useAnalytic = true;
    /// Called from the sweep's thread with the fraction of steps done, [0, 1].
    std::function<void(double)> progress;
    /// Polled every few thousand steps; when set, the sweep stops and returns what it finished.
    const std::atomic<bool>* cancel = nullptr;
};

struct SweepOrder {
    std::string scheme;
    double order = 0.0; ///< least-squares slope of log(error) against log(dt); NaN with < 2 points
};

struct SweepResult {
    std::vector<SweepPoint> points;
    std::vector<SweepOrder> orders;
    SweepReference reference = SweepReference::Rk4;
    AnalyticMeasure measure = AnalyticMeasure::Position;
    bool cancelled = false; ///< stopped by SweepOptions::cancel: points and orders are partial
};

/// Least-squares slope of log(error) against log(dt) over the finite, positive errors; NaN when
/// fewer than two remain.
double fittedOrder(const std::vector<double>& dts, const std::vector<double>& errors);

/// Runs the sweep; dts in s (> 0), duration T in s (> 0); schemes as sweepSchemes accepts them on
/// the scene's measure. Throws ParameterError for bad input.
SweepResult convergenceSweep(const Scene& scene, const std::vector<std::string>& schemes,
                             const std::vector<double>& dts, double duration, const SweepOptions& options = {});

} // namespace tumble
