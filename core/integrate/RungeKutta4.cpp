#include "integrate/RungeKutta4.h"

#include <cmath>

#include "math/QuaternionOps.h"

namespace tumble {

bool RungeKutta4::advance(World& w, double dt, StageEvaluator& stages, ChannelWork& work)
{
    const std::size_t n = w.size();
    // In a medium that carries the bodies (docs/PERIODIC.md) RK4 runs on y = exp(-tau L) x and the
    // fluctuation velocity u = v - L x, where tau is the time since the step's start (Lawson's
    // form): dy/dtau = exp(-tau L) u, du/dtau = F / m. A body at rest in the medium has dy = 0 and
    // so moves exactly as the cell does; otherwise the scheme keeps its order.
    const MediumStep& medium = w.medium;
    const bool carried = medium.carries;
    const Mat3& gradient = medium.gradient;
    // exp(+-c dt L) at the stages' times c dt = 0, dt/2, dt/2, dt
    const Mat3 forward[4] = {Mat3::Identity(), medium.halfMap, medium.halfMap, medium.map};
    Mat3 back[4] = {Mat3::Identity(), Mat3::Identity(), Mat3::Identity(), Mat3::Identity()};
    if (carried) {
        back[1] = back[2] = medium.halfMap.inverse();
        back[3] = medium.map.inverse();
    }
    m_x0.assign(w.position.begin(), w.position.end());
    m_v0.assign(w.velocity.begin(), w.velocity.end());
    if (carried)
        for (std::size_t i = 0; i < n; ++i)
            m_v0[i] -= gradient * m_x0[i]; // u0
    m_q0.assign(w.orientation.begin(), w.orientation.end());
    m_l0.assign(w.angularMomentum.begin(), w.angularMomentum.end());
    m_sumX.assign(n, Vec3::Zero());
    m_sumV.assign(n, Vec3::Zero());
    m_sumL.assign(n, Vec3::Zero());
    m_sumQ.assign(n, Quat(0.0, 0.0, 0.0, 0.0));

    // stage s: derivatives at the world's current state (forces already evaluated there), added
    // with weight b_s to the sums, then the next trial state y0 + c_next dt k_s is set
    static constexpr double kWeight[4] = {1.0, 2.0, 2.0, 1.0};
    static constexpr double kNext[3] = {0.5, 0.5, 1.0};
    work.fill(0.0);
    for (int s = 0; s < 4; ++s) {
        const ChannelWork power = stages.dissipativePower(w);
        for (int c = 0; c < kDissipationChannels; ++c)
            work[c] += kWeight[s] * power[c];
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 kx = carried ? Vec3(back[s] * (w.velocity[i] - gradient * w.position[i])) : w.velocity[i];
            const Vec3 kv = w.force[i] * w.invMass[i];
            const Vec3 kl = w.torque[i];
            const Quat kq =
                quaternionRate(angularVelocity(w.inertia[i], w.orientation[i], w.angularMomentum[i]), w.orientation[i]);
            m_sumX[i] += kWeight[s] * kx;
            m_sumV[i] += kWeight[s] * kv;
            m_sumL[i] += kWeight[s] * kl;
            m_sumQ[i].coeffs() += kWeight[s] * kq.coeffs();
            if (s < 3) {
                const double h = kNext[s] * dt;
                w.position[i] = m_x0[i] + h * kx;
                w.velocity[i] = m_v0[i] + h * kv;
                if (carried) {
                    w.position[i] = forward[s + 1] * w.position[i];
                    w.velocity[i] += gradient * w.position[i];
                }
                w.angularMomentum[i] = m_l0[i] + h * kl;
                w.orientation[i] = quaternionAxpy(m_q0[i], h, kq);
                w.angularVelocity[i] = angularVelocity(w.inertia[i], w.orientation[i], w.angularMomentum[i]);
            }
        }
        if (s < 3 && !stages.evaluateStage(w, kNext[s] * dt, false))
            return false;
    }

    // y(t + dt) = y0 + dt/6 (k1 + 2 k2 + 2 k3 + k4)
    const double sixth = dt / 6.0;
    for (std::size_t i = 0; i < n; ++i) {
        w.position[i] = m_x0[i] + sixth * m_sumX[i];
        w.velocity[i] = m_v0[i] + sixth * m_sumV[i];
        if (carried) {
            w.position[i] = forward[3] * w.position[i];
            w.velocity[i] += gradient * w.position[i];
        }
        w.angularMomentum[i] = m_l0[i] + sixth * m_sumL[i];
        w.orientation[i] = quaternionAxpy(m_q0[i], sixth, m_sumQ[i]).normalized();
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
    if (!stages.evaluateStage(w, dt, true))
        return false;
    for (double& c : work)
        c *= sixth;
    return true;
}

} // namespace tumble
