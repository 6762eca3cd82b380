#pragma once
// HeadOnImpactSolution ("head_on_impact"): two spheres, no gravity, no walls, approaching along
// the line through their centres. The centre of mass moves uniformly; the distance s between
// the centres flies freely, and while s < R1 + R2 the overlap obeys
// m* x'' + cn x' + kn x = 0 with m* = m1 m2 / (m1 + m2) and the pair's mixed kn, cn
// (NormalImpactMotion with g = 0): the contact lasts pi / w_d and returns e times the approach
// speed.
// Assumptions checked: two spheres, no walls, zero gravity, relative velocity along the line of
// centres, no spin, no damping, linear contact with e > 0.
#include "analysis/AnalyticSolution.h"
#include "analysis/NormalImpactMotion.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class HeadOnImpactSolution : public AnalyticSolution {
public:
    /// Throws AnalyticAssumptionError.
    HeadOnImpactSolution(const World& world, const SimParams& params, std::size_t listedBodies);

    std::string type() const override { return "head_on_impact"; }
    AnalyticMeasure measure() const override { return AnalyticMeasure::Position; }
    std::vector<Vec3> positions(double t) const override;
    std::vector<Quat> orientations(double t) const override;
    std::vector<Vec3> velocities(double t) const override;
    std::vector<Vec3> angularVelocities(double t) const override;

    /// The distance between the centres as one degree of freedom (reach = R1 + R2).
    const NormalImpactMotion& motion() const { return m_motion; }
    const NormalImpactParams& params() const { return m_params; }

private:
    Vec3 m_cm0, m_vcm, m_n; // centre of mass at t = 0 (m), its velocity (m/s), unit line 2 -> 1
    Quat m_q1, m_q2;
    double m_share1 = 0.0, m_share2 = 0.0; // m2 / (m1 + m2), m1 / (m1 + m2)
    NormalImpactParams m_params;
    NormalImpactMotion m_motion;
};

} // namespace tumble
