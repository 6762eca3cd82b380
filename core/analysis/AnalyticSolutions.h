#pragma once
// The closed forms a scene may declare ("analytic": {"type": NAME}), by name.
#include <memory>
#include <string>
#include <vector>

#include "analysis/AnalyticSolution.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

/// harmonic_oscillator, bouncing_ball, head_on_impact, torque_free.
const std::vector<std::string>& analyticSolutionTypes();

/// The solution of that type for the scene's world at t = 0 and its parameters; listedBodies is
/// the number of bodies listed in the file (for error paths). Throws AnalyticAssumptionError
/// when the scene breaks the solution's assumptions, std::invalid_argument for an unknown type.
std::unique_ptr<AnalyticSolution> makeAnalyticSolution(const std::string& type, const World& world,
                                                       const SimParams& params, std::size_t listedBodies);

/// The sweep's error of a simulated world against the exact solution at time t (s):
/// Position: RMS over bodies of |x - x_exact|, m; Angle: RMS over bodies of the rotation angle
/// between q and q_exact, rad.
double analyticError(const AnalyticSolution& solution, const World& world, double t);

} // namespace tumble
