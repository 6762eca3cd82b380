#pragma once
// A rotation scheme advances orientation, angular momentum and angular velocity of every body.
// Same two-part step as TranslationScheme; see there for the design note.
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

    /// Part of the step before torques at the new pose are known; dt in s.
    virtual void beginStep(World& world, double dt) const = 0;

    /// Part of the step after torques at the new pose are known; dt in s.
    virtual void endStep(World& world, double dt) const = 0;
};

} // namespace tumble
