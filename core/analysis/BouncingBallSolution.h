#pragma once
// BouncingBallSolution ("bouncing_ball"): one sphere over one plane wall under gravity along
// the wall's normal (or none), bouncing on the linear spring-dashpot contact: free flight, then
// m x'' + cn x' + kn x = m g while the overlap x = R - h > 0 (h: the centre's height over the
// plane), any number of bounces until it comes to rest (NormalImpactMotion). Each rebound
// leaves at e times the arrival speed only without gravity; with gravity the constant force
// shifts the oscillation, as the code integrates it.
// Assumptions checked: one sphere, one wall, velocity and gravity along the normal (gravity
// towards the wall), no spin, no damping, linear contact with e > 0, centre above the plane.
#include "analysis/AnalyticSolution.h"
#include "analysis/NormalImpactMotion.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class BouncingBallSolution : public AnalyticSolution {
public:
    /// Throws AnalyticAssumptionError.
    BouncingBallSolution(const World& world, const SimParams& params, std::size_t listedBodies);

    std::string type() const override { return "bouncing_ball"; }
    AnalyticMeasure measure() const override { return AnalyticMeasure::Position; }
    std::vector<Vec3> positions(double t) const override;
    std::vector<Quat> orientations(double t) const override;
    std::vector<Vec3> velocities(double t) const override;
    std::vector<Vec3> angularVelocities(double t) const override;

    /// The height over the plane as one degree of freedom (s = h, reach = R).
    const NormalImpactMotion& motion() const { return m_motion; }
    const NormalImpactParams& params() const { return m_params; }

private:
    Vec3 m_x0, m_n;
    Quat m_q0;
    double m_h0 = 0.0;
    NormalImpactParams m_params;
    NormalImpactMotion m_motion;
};

} // namespace tumble
