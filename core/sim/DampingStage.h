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

    void finishBody(World& w, std::size_t i) const
    {
        // local: each component of the unbalanced load is reduced by alpha |F_k| in the
        // direction of the velocity component
        const double alpha = m_alpha;
        if (alpha > 0.0) {
            const double half = 0.5 * m_dt;
            const Vec3 v = m_onStepEstimate ? Vec3(w.velocity[i] + w.force[i] * (w.invMass[i] * half)) : w.velocity[i];
            Vec3 df, dt;
            for (int k = 0; k < 3; ++k) {
                df[k] = -alpha * std::abs(w.force[i][k]) * sign(v[k]);
                dt[k] = -alpha * std::abs(w.torque[i][k]) * sign(w.angularVelocity[i][k]);
            }
            w.force[i] += df;
            w.torque[i] += dt;
            w.dissipativeForce[kLocalDamping][i] = df;
            w.dissipativeTorque[kLocalDamping][i] = dt;
        }
        // viscous: F = -beta m v, T = -beta I w
        const double beta = m_beta;
        if (beta > 0.0) {
            const Vec3 df = -beta * w.mass[i] * w.velocity[i];
            const Vec3 dt = -beta * w.angularMomentum[i];
            w.force[i] += df;
            w.torque[i] += dt;
            w.dissipativeForce[kViscous][i] = df;
            w.dissipativeTorque[kViscous][i] = dt;
        }
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
