#pragma once
// OnStepConversion: moves a world's velocities and angular momenta between on-step and half-step
// timing (Woo's velMidstep), with the loads of the current state: v(t) = v(t - dt/2) + a(t) dt/2,
// likewise L. A change of dt or schemes converts once, so the trajectory continues: on-step with
// the old ones, back for the new ones. Every reported velocity and kinetic energy is on-step.
#include "integrate/RotationScheme.h"
#include "integrate/TranslationScheme.h"
#include "model/World.h"

namespace tumble {

struct OnStepConversion {
    /// Half-step velocities and momenta (of step dt, s) to on-step ones.
    static void toOnStep(World& w, double dt);
    /// The inverse, for the schemes given: to half-step values where a scheme keeps them (a
    /// multi-stage step keeps on-step values).
    static void fromOnStep(World& w, double dt, const TranslationScheme& translation, const RotationScheme& rotation);
};

} // namespace tumble
