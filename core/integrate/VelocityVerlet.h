#pragma once
// Velocity Verlet in PFC's form (PFC law of motion, eqs. 2-4): half kick with F(t), drift with
// the half-step velocity, forces at t + dt, second half kick. Second order, symplectic; the
// velocity stored between steps is the on-step one (PFC would report the half-step value).
#include "integrate/TranslationScheme.h"

namespace tumble {

class VelocityVerlet final : public TranslationScheme {
public:
    std::string_view name() const override { return "velocity_verlet"; }
    VelocityTiming velocityTiming() const override { return VelocityTiming::OnStep; }
    VelocityTiming velocityAtForceEvaluation() const override { return VelocityTiming::HalfStep; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;

    // One body's part of each, shared by the range loops and the Simulation's fused passes (the
    // same arithmetic either way). x in m, v in m/s, f in N, invMass in 1/kg, dt and half = dt/2 in s.

    /// beginStep: v(t + dt/2) = v(t) + F(t)/m dt/2 ; x(t + dt) = x(t) + v(t + dt/2) dt
    static void kickAndDrift(Vec3& x, Vec3& v, const Vec3& f, double invMass, double dt, double half)
    {
        v += f * (invMass * half);
        x += v * dt;
    }
    /// endStep: v(t + dt) = v(t + dt/2) + F(t + dt)/m dt/2
    static void kick(Vec3& v, const Vec3& f, double invMass, double half) { v += f * (invMass * half); }
};

} // namespace tumble
