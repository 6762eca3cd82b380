#pragma once
// The end time the convergence-sweep tests use on a clump spun near its intermediate axis
// (builtin dzhanibekov). There an error grows as exp(lambda t), lambda = w2 sqrt((J2 - J1)
// (J3 - J2) / (J1 J3)) (linearised Euler equations); over one e-folding time T = 1/lambda every
// run stays in the regime where error = C dt^p (explicit Euler's w^2 dt T / 2 at dt = 4e-3 is
// ~1e-2 rad), while a run to the first flip (~1.8 s) bends a first-order scheme's slope.
#include <cmath>

#include "scene/Scene.h"
#include "sim/Simulation.h"

namespace tumble::test {

/// One e-folding time of body 0's intermediate-axis instability, s, rounded down to whole steps
/// of largestDt (s) so no run ends with a short step.
inline double eFoldingSweepEnd(const Scene& scene, double largestDt)
{
    const Simulation atStart(scene.world, scene.params);
    const Vec3 j = atStart.world().inertia[0];
    const double w2 = atStart.world().angularMomentum[0].norm() / j[1];
    const double lambda = w2 * std::sqrt((j[1] - j[0]) * (j[2] - j[1]) / (j[0] * j[2]));
    return largestDt * std::floor(1.0 / lambda / largestDt);
}

} // namespace tumble::test
