#pragma once
// A translation scheme advances positions and velocities of every body by one step.
//
// Design note. A step is split around the force evaluation, as LAMMPS's initial_integrate /
// final_integrate: beginStep() runs with the forces of the current state and moves the bodies,
// the Simulation then evaluates forces at the new positions, and endStep() finishes the step
// with those forces. Single-stage schemes (Euler, velocity Verlet, leapfrog) fit this exactly.
#include <string_view>

#include "model/World.h"

namespace tumble {

class TranslationScheme {
public:
    virtual ~TranslationScheme() = default;

    /// Stable name from CONTRACT.md, e.g. "velocity_verlet".
    virtual std::string_view name() const = 0;

    /// Which velocity the scheme keeps between steps.
    virtual VelocityTiming velocityTiming() const = 0;

    /// Which velocity the bodies hold while forces are evaluated inside a step (velocity
    /// Verlet: the half-step one). Damping that reads velocities needs to know.
    virtual VelocityTiming velocityAtForceEvaluation() const = 0;

    /// Part of the step before forces at the new positions are known; dt in s.
    virtual void beginStep(World& world, double dt) const = 0;

    /// Part of the step after forces at the new positions are known; dt in s.
    virtual void endStep(World& world, double dt) const = 0;
};

} // namespace tumble
