#include "analysis/BouncingBallSolution.h"

#include "analysis/AnalyticChecks.h"

namespace tumble {

BouncingBallSolution::BouncingBallSolution(const World& w, const SimParams& p, std::size_t listed)
{
    using namespace analytic;
    requireNoDamping(p);
    requireSpheres(w, 1, listed);
    requireWalls(w, 1);
    requireNoSpin(w, 0, listed);
    const Wall& wall = w.walls[0];
    m_n = wall.normal;
    requireAlong(w.velocity[0], m_n, bodyPath(0, listed) + "/velocity", "the wall's normal");
    requireAlong(w.gravity, m_n, "/gravity", "the wall's normal");
    if (w.gravity.dot(m_n) > 0.0)
        throw AnalyticAssumptionError("/gravity", "must point towards the wall (or be zero)");
    m_x0 = w.position[0];
    m_q0 = w.orientation[0];
    m_h0 = (m_x0 - wall.point).dot(m_n);
    if (!(m_h0 > 0.0))
        throw AnalyticAssumptionError(bodyPath(0, listed) + "/position", "the sphere's centre must be above the wall");
    const ContactParams c = linearContact(w, w.material[0], wall.material, w.radius[0], w.mass[0]);
    m_params.mass = w.mass[0];
    m_params.kn = c.kn;
    m_params.cn = c.cn;
    m_params.gravity = -w.gravity.dot(m_n);
    m_params.reach = w.radius[0];
    m_motion = NormalImpactMotion(m_params, m_h0, w.velocity[0].dot(m_n));
}

std::vector<Vec3> BouncingBallSolution::positions(double t) const
{
    return {m_x0 + (m_motion.at(t).s - m_h0) * m_n};
}

std::vector<Quat> BouncingBallSolution::orientations(double) const
{
    return {m_q0}; // a normal force through the centre, no friction load: no turn
}

std::vector<Vec3> BouncingBallSolution::velocities(double t) const
{
    return {m_motion.at(t).v * m_n};
}

std::vector<Vec3> BouncingBallSolution::angularVelocities(double) const
{
    return {Vec3::Zero()};
}

} // namespace tumble
