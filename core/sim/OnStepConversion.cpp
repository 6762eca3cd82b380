#include "sim/OnStepConversion.h"

namespace tumble {

void OnStepConversion::toOnStep(World& w, double dt)
{
    const double half = 0.5 * dt;
    if (w.velocityTiming == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i)
            w.velocity[i] += w.force[i] * (w.invMass[i] * half);
        w.velocityTiming = VelocityTiming::OnStep;
    }
    if (w.angularTiming == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i) {
            w.angularMomentum[i] += w.torque[i] * half;
            w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
        }
        w.angularTiming = VelocityTiming::OnStep;
    }
}

void OnStepConversion::fromOnStep(World& w, double dt, const TranslationScheme& translation,
                                  const RotationScheme& rotation)
{
    const double half = 0.5 * dt;
    const bool multi = translation.multiStage();
    if (w.velocityTiming == VelocityTiming::OnStep && !multi &&
        translation.velocityTiming() == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i)
            w.velocity[i] -= w.force[i] * (w.invMass[i] * half);
        w.velocityTiming = VelocityTiming::HalfStep;
    }
    if (w.angularTiming == VelocityTiming::OnStep && !multi && rotation.velocityTiming() == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i) {
            w.angularMomentum[i] -= w.torque[i] * half;
            w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
        }
        w.angularTiming = VelocityTiming::HalfStep;
    }
}

} // namespace tumble
