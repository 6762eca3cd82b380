#include "analysis/AnalyticSolutions.h"

#include <cmath>
#include <stdexcept>

#include "analysis/BouncingBallSolution.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "analysis/HeadOnImpactSolution.h"
#include "analysis/TorqueFreeSolution.h"

namespace tumble {

const std::vector<std::string>& analyticSolutionTypes()
{
    static const std::vector<std::string> types = {"harmonic_oscillator", "bouncing_ball", "head_on_impact",
                                                   "torque_free"};
    return types;
}

std::unique_ptr<AnalyticSolution> makeAnalyticSolution(const std::string& type, const World& world,
                                                       const SimParams& params, std::size_t listedBodies)
{
    if (type == "harmonic_oscillator")
        return std::make_unique<HarmonicOscillatorSolution>(world, params, listedBodies);
    if (type == "bouncing_ball")
        return std::make_unique<BouncingBallSolution>(world, params, listedBodies);
    if (type == "head_on_impact")
        return std::make_unique<HeadOnImpactSolution>(world, params, listedBodies);
    if (type == "torque_free")
        return std::make_unique<TorqueFreeSolution>(world, params, listedBodies);
    throw std::invalid_argument("unknown analytic solution '" + type + "'");
}

double analyticError(const AnalyticSolution& solution, const World& world, double t)
{
    const std::size_t n = world.size();
    double sum = 0.0;
    if (solution.measure() == AnalyticMeasure::Angle) {
        const std::vector<Quat> q = solution.orientations(t);
        for (std::size_t i = 0; i < n; ++i) {
            // the angle of q_exact^-1 q, from atan2 so small angles keep their digits (the
            // solution lists bodies by scene id)
            const Quat d = q[i].conjugate() * world.orientation[world.bodySlot(static_cast<int>(i))];
            const double angle = 2.0 * std::atan2(d.vec().norm(), std::abs(d.w()));
            sum += angle * angle;
        }
    } else {
        const std::vector<Vec3> x = solution.positions(t);
        for (std::size_t i = 0; i < n; ++i)
            sum += (world.position[world.bodySlot(static_cast<int>(i))] - x[i]).squaredNorm();
    }
    return std::sqrt(sum / static_cast<double>(n));
}

} // namespace tumble
