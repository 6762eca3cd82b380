#include "model/OnStepKinematics.h"

namespace tumble {

OnStepKinematics onStepKinematics(const World& world, std::size_t i, double dt)
{
    // half a kick with the loads of the current state, for whichever part is half a step behind
    const double half = 0.5 * dt;
    OnStepKinematics k{world.velocity[i], world.angularVelocity[i], world.angularMomentum[i]};
    if (world.velocityTiming == VelocityTiming::HalfStep)
        k.velocity += world.force[i] * (world.invMass[i] * half);
    if (world.angularTiming == VelocityTiming::HalfStep) {
        k.angularMomentum += world.torque[i] * half;
        k.angularVelocity = world.applyInverseInertia(i, k.angularMomentum);
    }
    return k;
}

} // namespace tumble
