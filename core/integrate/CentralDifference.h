#pragma once
// Central difference / leapfrog as in Woo's Leapfrog (eq. 28): half-step velocities, on-step
// positions, v(t + dt/2) = v(t - dt/2) + a(t) dt; x(t + dt) = x(t) + v(t + dt/2) dt. Second order.
// The first step from an on-step velocity takes a half kick (Woo's adjVel0); the Simulation does
// that by converting the velocity to v(t - dt/2) = v(t) - a(t) dt/2 when the scheme is chosen.
#include "integrate/TranslationScheme.h"

namespace tumble {

class CentralDifference final : public TranslationScheme {
public:
    std::string_view name() const override { return "central_difference"; }
    VelocityTiming velocityTiming() const override { return VelocityTiming::HalfStep; }
    VelocityTiming velocityAtForceEvaluation() const override { return VelocityTiming::HalfStep; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
