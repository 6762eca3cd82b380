#include "analysis/TorqueFreeSolution.h"

#include <algorithm>

#include "analysis/AnalyticChecks.h"

namespace tumble {

TorqueFreeSolution::TorqueFreeSolution(const World& w, const SimParams& p, std::size_t listed)
{
    using namespace analytic;
    requireNoDamping(p);
    requireWalls(w, 0);
    if (!w.gravity.isZero(0.0))
        throw AnalyticAssumptionError("/gravity", "must be [0, 0, 0]: no force may act on a torque-free body");
    if (w.size() == 0)
        throw AnalyticAssumptionError("/bodies", "needs at least one body");
    for (std::size_t i = 0; i < w.size(); ++i) {
        for (std::size_t j = i + 1; j < w.size(); ++j) {
            // closest approach of x_i - x_j + t (v_i - v_j) over t >= 0 against the bounding radii
            const Vec3 d = w.position[i] - w.position[j];
            const Vec3 dv = w.velocity[i] - w.velocity[j];
            const double tc = dv.squaredNorm() > 0.0 ? std::max(0.0, -d.dot(dv) / dv.squaredNorm()) : 0.0;
            if ((d + tc * dv).norm() <= w.radius[i] + w.radius[j])
                throw AnalyticAssumptionError(bodyPath(j, listed) + "/position",
                                              "bodies " + std::to_string(i) + " and " + std::to_string(j) +
                                                  " would touch; torque-free bodies must never meet");
        }
        m_x0.push_back(w.position[i]);
        m_v0.push_back(w.velocity[i]);
        m_motion.emplace_back(w.inertia[i], w.orientation[i], w.angularMomentum[i]);
    }
}

std::vector<Vec3> TorqueFreeSolution::positions(double t) const
{
    std::vector<Vec3> out;
    for (std::size_t i = 0; i < m_x0.size(); ++i)
        out.push_back(m_x0[i] + t * m_v0[i]);
    return out;
}

std::vector<Quat> TorqueFreeSolution::orientations(double t) const
{
    std::vector<Quat> out;
    for (const TorqueFreeMotion& m : m_motion)
        out.push_back(m.orientation(t));
    return out;
}

std::vector<Vec3> TorqueFreeSolution::velocities(double) const
{
    return m_v0;
}

std::vector<Vec3> TorqueFreeSolution::angularVelocities(double t) const
{
    std::vector<Vec3> out;
    for (const TorqueFreeMotion& m : m_motion)
        out.push_back(m.angularVelocity(t));
    return out;
}

} // namespace tumble
