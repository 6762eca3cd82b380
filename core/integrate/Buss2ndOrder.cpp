#include "integrate/Buss2ndOrder.h"

#include "math/QuaternionOps.h"

namespace tumble {

void Buss2ndOrder::beginStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Vec3& l = w.angularMomentum[i];
        const Vec3 om = w.applyInverseInertia(i, l);                          // eq. 18
        const Vec3 omDot = w.applyInverseInertia(i, w.torque[i] - om.cross(l)); // eq. 20
        const Vec3 mean = om + omDot * (0.5 * dt) + omDot.cross(om) * (dt * dt / 12.0); // eq. 21
        w.orientation[i] = (rotationQuaternion(mean * dt) * w.orientation[i]).normalized(); // eq. 22
        w.angularMomentum[i] += w.torque[i] * (0.5 * dt);
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void Buss2ndOrder::endStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.angularMomentum[i] += w.torque[i] * (0.5 * dt);
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i); // eq. 23
    }
}

} // namespace tumble
