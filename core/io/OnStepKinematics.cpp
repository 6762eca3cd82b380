#include "io/OnStepKinematics.h"

namespace tumble {

OnStepKinematics onStepKinematics(const World& world, std::size_t i, double dt)
{
    if (world.velocityTiming == VelocityTiming::OnStep)
        return {world.velocity[i], world.angularVelocity[i], world.angularMomentum[i]};
    // half a kick with the loads of the current state
    const double half = 0.5 * dt;
    const Vec3 l = world.angularMomentum[i] + world.torque[i] * half;
    return {world.velocity[i] + world.force[i] * (world.invMass[i] * half), world.inverseInertiaWorld(i) * l, l};
}

} // namespace tumble
