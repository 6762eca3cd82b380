#pragma once
// Symplectic (semi-implicit) Euler for translation: v+ = v + a dt; x+ = x + v+ dt. First order
// but symplectic: on an oscillator its energy error stays bounded instead of growing.
#include "integrate/TranslationScheme.h"

namespace tumble {

class SymplecticEuler final : public TranslationScheme {
public:
    std::string_view name() const override { return "symplectic_euler"; }
    VelocityTiming velocityTiming() const override { return VelocityTiming::OnStep; }
    VelocityTiming velocityAtForceEvaluation() const override { return VelocityTiming::OnStep; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
