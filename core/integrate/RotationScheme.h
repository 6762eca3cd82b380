#pragma once
// A rotation scheme advances orientation, angular momentum and angular velocity of every body.
// Same two-part step as TranslationScheme; see there for the design note.
#include <cstddef>
#include <string_view>

#include "model/World.h"

namespace tumble {

class RotationScheme {
public:
    virtual ~RotationScheme() = default;

    /// Stable name from CONTRACT.md, e.g. "explicit_euler".
    virtual std::string_view name() const = 0;

    /// Which angular momentum the scheme keeps between steps (Fincham's leapfrog: mid-step).
    virtual VelocityTiming velocityTiming() const { return VelocityTiming::OnStep; }

    /// Part of the step before torques at the new pose are known; dt in s. Bodies [begin, end) only: every
    /// body is independent, so a step may run in ranges (and on several threads).
    virtual void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const = 0;
    /// The whole world at once.
    void beginStep(World& world, double dt) const { beginStep(world, dt, 0, world.size()); }

    /// beginStep for bodies [begin, end), which also writes each body's rotation vector over the
    /// step (rad, the rotation it applied) to rotation[i] when the scheme knows it exactly, and
    /// then returns true; false: the caller works it out from the orientations.
    virtual bool beginStep(World& world, double dt, std::size_t begin, std::size_t end, Vec3* rotation) const
    {
        (void)rotation;
        beginStep(world, dt, begin, end);
        return false;
    }

    /// Part of the step after torques at the new pose are known; dt in s.
    virtual void endStep(World& world, double dt, std::size_t begin, std::size_t end) const = 0;
    /// The whole world at once.
    void endStep(World& world, double dt) const { endStep(world, dt, 0, world.size()); }
};

} // namespace tumble
