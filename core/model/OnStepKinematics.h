#pragma once
// OnStepKinematics: a body's velocities at the current step, whatever timing the integrator
// keeps. Exports report on-step values (DESIGN.md); a leapfrog scheme holds v(t - dt/2), so
// its on-step estimate is v(t) = v(t - dt/2) + a(t) dt/2 (Woo's estimate), and likewise for
// the angular momentum with the torque at t. World records the two timings apart
// (velocityTiming, angularTiming); the energy ledger, the writers and the GUI all use this.
#include <cstddef>

#include "math/Types.h"
#include "model/World.h"

namespace tumble {

struct OnStepKinematics {
    Vec3 velocity;        ///< m/s, world frame
    Vec3 angularVelocity; ///< rad/s, world frame
    Vec3 angularMomentum; ///< kg m^2/s, about the centre of mass, world frame
};

/// On-step kinematics of body i; dt in s (used only for half-step values).
OnStepKinematics onStepKinematics(const World& world, std::size_t i, double dt);

} // namespace tumble
