#pragma once
// PFC's second-order clump rotation (PFC law of motion, eqs. 18-23; Buss 2000, "augmented
// second-order"): with on-step L, q and the torque M(t),
//   w = I^-1 L,   w' = I^-1 (M - w x L),   w_mean = w + w' dt/2 + (w' x w) dt^2/12,
//   q(t + dt) = exp(w_mean dt) q(t),
// and L advances with velocity-Verlet half kicks, L += M(t) dt/2 before the force evaluation and
// L += M(t + dt) dt/2 after it; then w = I(t + dt)^-1 L (eq. 23).
#include "integrate/RotationScheme.h"

namespace tumble {

class Buss2ndOrder final : public RotationScheme {
public:
    std::string_view name() const override { return "buss_2nd_order"; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    /// Also gives the step's rotation vector, w_mean dt (exactly the rotation applied).
    bool beginStep(World& world, double dt, std::size_t begin, std::size_t end, Vec3* rotation) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
