#include "analysis/HeadOnImpactSolution.h"

#include "analysis/AnalyticChecks.h"

namespace tumble {

HeadOnImpactSolution::HeadOnImpactSolution(const World& w, const SimParams& p, std::size_t listed)
{
    using namespace analytic;
    requireNoDamping(p);
    requireSpheres(w, 2, listed);
    requireWalls(w, 0);
    if (!w.gravity.isZero(0.0))
        throw AnalyticAssumptionError("/gravity", "must be [0, 0, 0]: the closed form has no external force");
    requireNoSpin(w, 0, listed);
    requireNoSpin(w, 1, listed);
    const Vec3 d = w.position[0] - w.position[1];
    const double s0 = d.norm();
    if (!(s0 > 0.0))
        throw AnalyticAssumptionError(bodyPath(1, listed) + "/position", "must differ from the first sphere's");
    m_n = d / s0;
    const Vec3 dv = w.velocity[0] - w.velocity[1];
    requireAlong(dv, m_n, bodyPath(1, listed) + "/velocity", "the line of centres, relative to the first sphere's");
    const double m1 = w.mass[0], m2 = w.mass[1];
    m_share1 = m2 / (m1 + m2);
    m_share2 = m1 / (m1 + m2);
    m_cm0 = (m1 * w.position[0] + m2 * w.position[1]) / (m1 + m2);
    m_vcm = (m1 * w.velocity[0] + m2 * w.velocity[1]) / (m1 + m2);
    m_q1 = w.orientation[0];
    m_q2 = w.orientation[1];
    const double r1 = w.radius[0], r2 = w.radius[1];
    const double mStar = m1 * m2 / (m1 + m2);
    const ContactParams c = linearContact(w, w.material[0], w.material[1], r1 * r2 / (r1 + r2), mStar);
    m_params.mass = mStar;
    m_params.kn = c.kn;
    m_params.cn = c.cn;
    m_params.gravity = 0.0;
    m_params.reach = r1 + r2;
    m_motion = NormalImpactMotion(m_params, s0, dv.dot(m_n));
}

std::vector<Vec3> HeadOnImpactSolution::positions(double t) const
{
    const Vec3 cm = m_cm0 + t * m_vcm;
    const double s = m_motion.at(t).s;
    return {cm + m_share1 * s * m_n, cm - m_share2 * s * m_n};
}

std::vector<Quat> HeadOnImpactSolution::orientations(double) const
{
    return {m_q1, m_q2};
}

std::vector<Vec3> HeadOnImpactSolution::velocities(double t) const
{
    const double v = m_motion.at(t).v;
    return {m_vcm + m_share1 * v * m_n, m_vcm - m_share2 * v * m_n};
}

std::vector<Vec3> HeadOnImpactSolution::angularVelocities(double) const
{
    return {Vec3::Zero(), Vec3::Zero()};
}

} // namespace tumble
