#pragma once
// Explicit (forward) Euler for translation: v+ = v + a dt; x+ = x + v dt, with the old v.
// First order; gains energy on any oscillation. Kept because it is what students meet first.
#include "integrate/TranslationScheme.h"

namespace tumble {

class ExplicitEuler final : public TranslationScheme {
public:
    std::string_view name() const override { return "explicit_euler"; }
    VelocityTiming velocityTiming() const override { return VelocityTiming::OnStep; }
    VelocityTiming velocityAtForceEvaluation() const override { return VelocityTiming::OnStep; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
