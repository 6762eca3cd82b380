#pragma once
// DampingStage: local non-viscous damping (Cundall; Woo eq. 34) and global viscous damping, the
// last stage: local damping reduces each component of a body's unbalanced load, so it needs every
// other load first. The damping loads also go to their dissipative channels (kLocalDamping,
// kViscous, N and N m), whose work the step books as dissipated energy (J).
#include <cmath>
#include <cstddef>
#include <string_view>

#include "math/QuaternionOps.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class DampingStage {
public:
    static constexpr std::string_view kName = "damping";

    /// The coefficients for the next evaluation. onStepEstimate: Woo's variant with half-step
    /// velocities, so the sign is that of v(t) = v(t - dt/2) + a(t) dt/2. displacement and
    /// rotation (m, rad; null outside a single-stage step): each body's motion over the step just
    /// taken, which the local damping load found now will also be booked against (see Finish).
    void set(const SimParams& p, bool onStepEstimate, const Vec3* displacement = nullptr,
             const Vec3* rotation = nullptr)
    {
        m_alpha = p.localDamping;
        m_beta = p.viscousDamping;
        m_dt = p.dt;
        m_onStepEstimate = onStepEstimate;
        m_displacement = displacement;
        m_rotation = rotation;
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
        double step;                 // s, dt
        const Vec3* displacement;    // m, the step just taken (null: not in a single-stage step)
        const Vec3* rotation;        // rad
        const Vec3* inertia;         // kg m^2, principal
        const Quat* orientation;     // -
        /// a deforming cell's medium over the step (null when none moves): the damping then acts
        /// on the motion relative to the medium (docs/PERIODIC.md "Damping in a deforming cell")
        const MediumStep* medium;
        const Vec3* position; // m

        [[gnu::always_inline]] inline void finish(std::size_t i) const
        {
            if (medium) [[unlikely]] {
                finishRelative(i);
                return;
            }
            finishOn(i, velocity[i], angularVelocity[i], displacement ? displacement[i] : Vec3(Vec3::Zero()),
                     rotation ? rotation[i] : Vec3(Vec3::Zero()), Vec3::Zero());
        }

        /// In a moving medium: the damping loads of the fluctuation motion u = v - L x and, in
        /// the medium-carried model, the fluctuation spin w - w_L (the motion the ledger books
        /// the loads' work against).
        [[gnu::noinline]] void finishRelative(std::size_t i) const
        {
            const Vec3 spin = medium->carries ? medium->spin : Vec3(Vec3::Zero());
            finishOn(i, velocity[i] - medium->gradient * position[i], angularVelocity[i] - spin,
                     displacement ? medium->fluctuationDisplacement(position[i], displacement[i]) : Vec3(Vec3::Zero()),
                     rotation ? medium->fluctuationRotation(rotation[i]) : Vec3(Vec3::Zero()), spin);
        }

        /// The loads on body i moving at u (m/s) and turning at w (rad/s), with d and r (m, rad)
        /// its motion over the step just taken, all relative to a medium turning at spin (rad/s).
        [[gnu::always_inline]] inline void finishOn(std::size_t i, const Vec3& u, const Vec3& w, const Vec3& d,
                                                    const Vec3& r, const Vec3& spin) const
        {
            // local: each component of the unbalanced load is reduced by alpha |F_k| in the
            // direction of the velocity component
            if (alpha > 0.0) {
                const Vec3 v = onStepEstimate ? Vec3(u + force[i] * (invMass[i] * half)) : u;
                Vec3 df, dt;
                for (int k = 0; k < 3; ++k) {
                    df[k] = -alpha * std::abs(force[i][k]) * sign(v[k]);
                    dt[k] = -alpha * std::abs(torque[i][k]) * sign(w[k]);
                }
                if (displacement)
                    keepOpposing(i, df, dt, u, w, d, r, spin);
                force[i] += df;
                torque[i] += dt;
                localForce[i] = df;
                localTorque[i] = dt;
            }
            // viscous: F = -beta m u, T = -beta I (w - w_medium)
            if (beta > 0.0) {
                const Vec3 df = -beta * mass[i] * u;
                const Vec3 dt = -beta * (angularMomentum[i] - momentumOf(i, spin));
                force[i] += df;
                torque[i] += dt;
                viscousForce[i] = df;
                viscousTorque[i] = dt;
            }
        }

        /// I w (kg m^2/s) of body i for a world-frame angular velocity w (rad/s)
        [[gnu::always_inline]] inline Vec3 momentumOf(std::size_t i, const Vec3& w) const
        {
            if (w[0] == 0.0 && w[1] == 0.0 && w[2] == 0.0)
                return Vec3::Zero();
            return tumble::angularMomentum(inertia[i], orientation[i], w);
        }

        /// Cundall's damping load opposes the velocity it acts on, and a component at rest gets
        /// none (PFC's law of motion). In a single-stage step the load found now acts on the
        /// velocity over a whole kick of dt (velocity Verlet's two half kicks, the leapfrog's and
        /// both Eulers' one kick) and is booked against the step just taken and the next one
        /// (EnergyLedger's trapezoid). Taken with the sign of the velocity before the kick, it
        /// pushes along the motion when that component reverses within the kick: a damped
        /// body then overshoots by (1 + alpha) |F| and gains energy, and the ledger books
        /// negative dissipation. So a component keeps its load only if the load opposes (or
        /// is zero against) the step just taken and the velocity the kick ends with; where the
        /// full load alone would reverse the velocity it stops that component instead (the
        /// load is then the one giving v = 0, smaller than alpha |F|, like static friction); where
        /// the undamped kick reverses it anyway, that component gets no damping for this kick.
        /// Away from reversals the load is untouched (bit for bit).
        /// (u, w, d, r, spin as for finishOn: the body's motion relative to the medium, which the
        /// kick changes as it changes the lab motion)
        [[gnu::always_inline]] inline void keepOpposing(std::size_t i, Vec3& df, Vec3& dt, const Vec3& v, const Vec3& w,
                                                        const Vec3& moved, const Vec3& turned, const Vec3& spin) const
        {
            const double kick = invMass[i] * step; // s/kg
            for (int k = 0; k < 3; ++k) {
                const double u = v[k]; // m/s, the velocity the kick starts from
                const double end = u + (force[i][k] + df[k]) * kick;
                if (df[k] * moved[k] <= 0.0 && df[k] * u <= 0.0 && df[k] * end <= 0.0)
                    continue;
                const double free = u + force[i][k] * kick; // the undamped kick's end
                const bool stops = df[k] * moved[k] <= 0.0 && df[k] * u < 0.0 && free * u > 0.0;
                df[k] = stops ? -(u / kick + force[i][k]) : 0.0;
            }
            // rotation: the same test with the angular velocity the torque kick ends with
            // (world frame); a component that fails it gets no damping torque. No damping
            // torque (no torque: a body in flight, a sphere without friction) passes as it is.
            if (dt[0] == 0.0 && dt[1] == 0.0 && dt[2] == 0.0)
                return;
            const Vec3 wEnd =
                tumble::angularVelocity(inertia[i], orientation[i], angularMomentum[i] + (torque[i] + dt) * step) -
                spin;
            for (int k = 0; k < 3; ++k)
                if (!(dt[k] * turned[k] <= 0.0 && dt[k] * w[k] <= 0.0 && dt[k] * wEnd[k] <= 0.0))
                    dt[k] = 0.0;
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
                      viscous ? w.dissipativeTorque[kViscous].data() : nullptr,
                      m_dt,
                      m_displacement,
                      m_rotation,
                      w.inertia.data(),
                      w.orientation.data(),
                      w.medium.moves ? &w.medium : nullptr,
                      w.position.data()};
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
    const Vec3* m_displacement = nullptr; // m
    const Vec3* m_rotation = nullptr;     // rad
};

} // namespace tumble
