#pragma once
// A translation scheme advances positions and velocities of every body by one step.
//
// Design note. A single-stage step is split around the force evaluation, as LAMMPS's
// initial_integrate / final_integrate: beginStep() runs with the forces of the current state and
// moves the bodies, the Simulation evaluates forces at the new positions, and endStep() finishes
// the step with them. Euler, symplectic Euler, velocity Verlet and the leapfrog fit this. A
// multi-stage scheme (RK4) instead implements advance(), which calls back into the force
// evaluation at every stage (DESIGN.md) and integrates rotation together with translation.
#include <array>
#include <cstddef>
#include <string_view>

#include "model/World.h"

namespace tumble {

/// Work (J) or power (W) of the dissipative loads, one entry per DissipationChannel.
using ChannelWork = std::array<double, kDissipationChannels>;

/// What a multi-stage scheme needs from the Simulation at each stage.
class StageEvaluator {
public:
    virtual ~StageEvaluator() = default;
    /// Evaluates forces and torques at the world's current state, elapsed s after the step's
    /// start: a trial stage, or with endOfStep the state the step ends in (contact springs then
    /// keep what they stored). False when the state is not finite (the step is then abandoned).
    virtual bool evaluateStage(World& world, double elapsed, bool endOfStep) = 0;
    /// Power of each channel's dissipative loads at the current state, W (<= 0 when they dissipate).
    virtual ChannelWork dissipativePower(const World& world) const = 0;
};

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

    /// Part of the step before forces at the new positions are known; dt in s. Bodies [begin, end) only: every
    /// body is independent, so a step may run in ranges (and on several threads).
    virtual void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const = 0;
    /// The whole world at once.
    void beginStep(World& world, double dt) const { beginStep(world, dt, 0, world.size()); }

    /// Part of the step after forces at the new positions are known; dt in s.
    virtual void endStep(World& world, double dt, std::size_t begin, std::size_t end) const = 0;
    /// The whole world at once.
    void endStep(World& world, double dt) const { endStep(world, dt, 0, world.size()); }

    /// True for schemes that step through advance() instead of beginStep/endStep.
    virtual bool multiStage() const { return false; }

    /// A whole multi-stage step; dt in s. Returns the work of each channel's dissipative loads
    /// over the step in J, or false if a stage state was not finite. Single-stage schemes never
    /// get this call.
    virtual bool advance(World& world, double dt, StageEvaluator& stages, ChannelWork& work) { return false; }
};

} // namespace tumble
