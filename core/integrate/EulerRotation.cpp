#include "integrate/EulerRotation.h"

namespace tumble {

void EulerRotation::beginStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        // dq/dt = 1/2 w q, with w the pure quaternion of the angular velocity at t
        const Vec3& om = w.angularVelocity[i];
        Quat& q = w.orientation[i];
        const Quat wq = Quat(0.0, om.x(), om.y(), om.z()) * q;
        q.coeffs() += (0.5 * dt) * wq.coeffs();
        q.normalize();
        w.angularMomentum[i] += w.torque[i] * dt;
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void EulerRotation::endStep(World&, double) const {}

} // namespace tumble
