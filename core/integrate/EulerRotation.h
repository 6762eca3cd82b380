#pragma once
// Explicit Euler for rotation (CONTRACT.md): L+ = L + T dt; q+ = normalise(q + dt/2 w q) with w
// from (q, L) at the start of the step; then w+ from (q+, L+). Works for any principal inertia.
#include "integrate/RotationScheme.h"

namespace tumble {

class EulerRotation final : public RotationScheme {
public:
    std::string_view name() const override { return "explicit_euler"; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
