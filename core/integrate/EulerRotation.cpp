#include "integrate/EulerRotation.h"

#include "math/QuaternionOps.h"

namespace tumble {

void EulerRotation::beginStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        // q+ = normalise(q + dt/2 (0, w) q) with w from (q, L) at the start of the step
        Quat& q = w.orientation[i];
        q = quaternionAxpy(q, dt, quaternionRate(w.angularVelocityFromMomentum(i), q));
        q.normalize();
        w.angularMomentum[i] += w.torque[i] * dt;
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void EulerRotation::endStep(World&, double) const {}

} // namespace tumble
