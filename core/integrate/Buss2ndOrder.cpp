#include "integrate/Buss2ndOrder.h"

#include "math/QuaternionOps.h"

namespace tumble {

namespace {

// the step of beginStep; stores w_mean dt in rotation[i] when rotation is not null
void bussBegin(World& w, double dt, std::size_t begin, std::size_t end, Vec3* rotation)
{
    const double half = 0.5 * dt;
    const double twelfth = dt * dt / 12.0;
    for (std::size_t i = begin; i < end; ++i) {
        const Vec3& l = w.angularMomentum[i];
        const Vec3& j = w.inertia[i];
        const Vec3& torque = w.torque[i];
        const bool isotropic = j.x() == j.y() && j.y() == j.z();
        if (isotropic && l.isZero(0.0) && torque.isZero(0.0)) {
            w.angularVelocity[i].setZero(); // no spin, no torque: nothing turns
            if (rotation)
                rotation[i].setZero();
            continue;
        }
        Vec3 mean;
        if (isotropic) {
            // isotropic (every sphere): w x L = 0, so w' = M / J (eqs. 18, 20)
            const double inv = 1.0 / j.x();
            const Vec3 om = l * inv;
            const Vec3 omDot = torque * inv;
            mean = om + omDot * half + omDot.cross(om) * twelfth; // eq. 21
        } else {
            const Vec3 om = w.applyInverseInertia(i, l);                       // eq. 18
            const Vec3 omDot = w.applyInverseInertia(i, torque - om.cross(l)); // eq. 20
            mean = om + omDot * half + omDot.cross(om) * twelfth;              // eq. 21
        }
        // a body that neither turns nor feels a torque keeps its orientation exactly
        const Vec3 turn = mean * dt;
        if (mean.x() != 0.0 || mean.y() != 0.0 || mean.z() != 0.0)
            w.orientation[i] = (rotationQuaternion(turn) * w.orientation[i]).normalized(); // eq. 22
        if (rotation)
            rotation[i] = turn;
        w.angularMomentum[i] += torque * half;
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

} // namespace

void Buss2ndOrder::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    bussBegin(w, dt, begin, end, nullptr);
}

bool Buss2ndOrder::beginStep(World& w, double dt, std::size_t begin, std::size_t end, Vec3* rotation) const
{
    bussBegin(w, dt, begin, end, rotation);
    return true;
}

void Buss2ndOrder::endStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    const double half = 0.5 * dt;
    for (std::size_t i = begin; i < end; ++i) {
        if (w.torque[i].isZero(0.0))
            continue; // L, q and so w as beginStep left them
        w.angularMomentum[i] += w.torque[i] * half;
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i); // eq. 23
    }
}

} // namespace tumble
