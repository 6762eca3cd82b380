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
};

} // namespace tumble
