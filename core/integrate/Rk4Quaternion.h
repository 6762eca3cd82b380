#pragma once
// PFC's fourth-order clump rotation (PFC law of motion, eqs. 24-33; Johnson, Williams and Cook
// 2008): classical RK4 on dq/dt = 1/2 (q J^-1 q* L) q with L held fixed over the step, then
// w = I(t + dt)^-1 L. L advances by velocity-Verlet half kicks around the force evaluation; the
// L held during the quaternion update is the half-kicked one, L(t) + M(t) dt/2, the midpoint value,
// so a torque enters the orientation at second order (PFC's text writes L(t), identical without
// torque). Fourth order for torque-free motion. When translation is "rk4", the full RK4 of that
// scheme integrates (x, v, L, q) together instead, and this class is not stepped.
#include "integrate/RotationScheme.h"

namespace tumble {

class Rk4Quaternion final : public RotationScheme {
public:
    std::string_view name() const override { return "rk4_quaternion"; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
};

} // namespace tumble
