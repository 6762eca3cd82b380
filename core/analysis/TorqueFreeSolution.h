#pragma once
// TorqueFreeSolution ("torque_free"): bodies on which no force and no torque ever acts (no
// gravity, no walls, no damping, and no two bodies whose bounding spheres meet along their
// straight paths). Each centre moves uniformly and each orientation is TorqueFreeMotion's
// (steady spin, symmetric top in closed form, asymmetric top through Jacobi's functions). The
// sweep measures the angle between simulated and exact orientations, in rad.
#include "analysis/AnalyticSolution.h"
#include "analysis/TorqueFreeMotion.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class TorqueFreeSolution : public AnalyticSolution {
public:
    /// Throws AnalyticAssumptionError.
    TorqueFreeSolution(const World& world, const SimParams& params, std::size_t listedBodies);

    std::string type() const override { return "torque_free"; }
    AnalyticMeasure measure() const override { return AnalyticMeasure::Angle; }
    std::vector<Vec3> positions(double t) const override;
    std::vector<Quat> orientations(double t) const override;
    std::vector<Vec3> velocities(double t) const override;
    std::vector<Vec3> angularVelocities(double t) const override;

    const TorqueFreeMotion& motion(std::size_t body) const { return m_motion[body]; }

private:
    std::vector<Vec3> m_x0, m_v0;
    std::vector<TorqueFreeMotion> m_motion;
};

} // namespace tumble
