#pragma once
// Symplectic Euler for rotation (CONTRACT.md): L+ = L + T dt; q+ = exp(w+ dt) q with w+ from
// (q, L+), the momentum kicked first and the orientation drifted with the new rate. First order.
#include "integrate/RotationScheme.h"

namespace tumble {

class SymplecticEulerRotation final : public RotationScheme {
public:
    std::string_view name() const override { return "symplectic_euler"; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
