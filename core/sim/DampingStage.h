#pragma once
// DampingStage: local non-viscous damping (Cundall; Woo eq. 34) and global viscous damping, the
// last stage: local damping reduces each component of a body's unbalanced load, so it needs every
// other load first. The damping loads also go to their dissipative channels (kLocalDamping,
// kViscous, N and N m), whose work the step books as dissipated energy (J).
#include <cmath>
#include <cstddef>
#include <string_view>

#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class DampingStage {
public:
    static constexpr std::string_view kName = "damping";

    /// The coefficients for the next evaluation. onStepEstimate: Woo's variant with half-step
    /// velocities, so the sign is that of v(t) = v(t - dt/2) + a(t) dt/2.
    void set(const SimParams& p, bool onStepEstimate)
    {
        m_alpha = p.localDamping;
        m_beta = p.viscousDamping;
        m_dt = p.dt;
        m_onStepEstimate = onStepEstimate;
    }
    bool on() const { return m_alpha > 0.0 || m_beta > 0.0; }

    /// The stage's finishing term bound to one world for one pass: finish(i) adds the damping
    /// loads on body i (N, N m) and records them in their channels. It keeps the coefficients and
    /// the arrays in locals, so a pass's loop does not reload them per body.
    struct Finish {
        double alpha; // -
        double beta;  // 1/s
        double half;  // s, dt / 2
        bool onStepEstimate;
        const Vec3* velocity;        // m/s
        const Vec3* angularVelocity; // rad/s
        const Vec3* angularMomentum; // kg m^2/s
        const double* mass;          // kg
        const double* invMass;       // 1/kg
        Vec3* force;                 // N
        Vec3* torque;                // N m
        Vec3* localForce;            // N, channel kLocalDamping (null when off)
        Vec3* localTorque;           // N m
        Vec3* viscousForce;          // N, channel kViscous (null when off)
        Vec3* viscousTorque;         // N m

        [[gnu::always_inline]] inline void finish(std::size_t i) const
        {
            // local: each component of the unbalanced load is reduced by alpha |F_k| in the
            // direction of the velocity component
            if (alpha > 0.0) {
                const Vec3 v = onStepEstimate ? Vec3(velocity[i] + force[i] * (invMass[i] * half)) : velocity[i];
                Vec3 df, dt;
                for (int k = 0; k < 3; ++k) {
                    df[k] = -alpha * std::abs(force[i][k]) * sign(v[k]);
                    dt[k] = -alpha * std::abs(torque[i][k]) * sign(angularVelocity[i][k]);
                }
                force[i] += df;
                torque[i] += dt;
                localForce[i] = df;
                localTorque[i] = dt;
            }
            // viscous: F = -beta m v, T = -beta I w
            if (beta > 0.0) {
                const Vec3 df = -beta * mass[i] * velocity[i];
                const Vec3 dt = -beta * angularMomentum[i];
                force[i] += df;
                torque[i] += dt;
                viscousForce[i] = df;
                viscousTorque[i] = dt;
            }
        }
    };
    Finish finishing(World& w) const
    {
        const bool local = m_alpha > 0.0;
        const bool viscous = m_beta > 0.0;
        return Finish{m_alpha,
                      m_beta,
                      0.5 * m_dt,
                      m_onStepEstimate,
                      w.velocity.data(),
                      w.angularVelocity.data(),
                      w.angularMomentum.data(),
                      w.mass.data(),
                      w.invMass.data(),
                      w.force.data(),
                      w.torque.data(),
                      local ? w.dissipativeForce[kLocalDamping].data() : nullptr,
                      local ? w.dissipativeTorque[kLocalDamping].data() : nullptr,
                      viscous ? w.dissipativeForce[kViscous].data() : nullptr,
                      viscous ? w.dissipativeTorque[kViscous].data() : nullptr};
    }

    /// Sizes the world's damping channels that p switches on; one once sized stays so
    /// (switching damping off and on does not allocate), and the others hold no memory.
    static void ensureChannels(World& w, const SimParams& p);

private:
    static double sign(double x) { return (x > 0.0) - (x < 0.0); }

    double m_alpha = 0.0; // -
    double m_beta = 0.0;  // 1/s
    double m_dt = 0.0;    // s
    bool m_onStepEstimate = false;
};

} // namespace tumble
