#include "integrate/EulerRotation.h"

#include "math/QuaternionOps.h"

namespace tumble {

void EulerRotation::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    for (std::size_t i = begin; i < end; ++i) {
        // q+ = normalise(q + dt/2 (0, w) q) with w from (q, L) at the start of the step
        Quat& q = w.orientation[i];
        q = quaternionAxpy(q, dt, quaternionRate(w.angularVelocityFromMomentum(i), q));
        q.normalize();
        w.angularMomentum[i] += w.torque[i] * dt;
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void EulerRotation::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
