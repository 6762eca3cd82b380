#include "integrate/SymplecticEulerRotation.h"

#include "math/QuaternionOps.h"

namespace tumble {

void SymplecticEulerRotation::beginStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.angularMomentum[i] += w.torque[i] * dt;
        const Vec3 omegaNew = w.angularVelocityFromMomentum(i); // from (q, L+)
        w.orientation[i] = (rotationQuaternion(omegaNew * dt) * w.orientation[i]).normalized();
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void SymplecticEulerRotation::endStep(World&, double) const {}

} // namespace tumble
