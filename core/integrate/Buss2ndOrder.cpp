#include "integrate/Buss2ndOrder.h"

namespace tumble {

void Buss2ndOrder::beginTurning(World& w, std::size_t i, const Steps& steps, Vec3* rotation)
{
    const double dt = steps.dt;
    const double half = steps.half;
    const double twelfth = steps.twelfth;
    const Vec3& l = w.angularMomentum[i];
    const Vec3& j = w.inertia[i];
    const Vec3& torque = w.torque[i];
    if (isotropic(j)) {
        Vec3 turn;
        beginTurningIsotropic(j.x(), torque, steps, w.angularMomentum[i], w.orientation[i], w.angularVelocity[i], turn);
        if (rotation)
            rotation[i] = turn;
        return;
    }
    const Vec3 om = w.applyInverseInertia(i, l);                       // eq. 18
    const Vec3 omDot = w.applyInverseInertia(i, torque - om.cross(l)); // eq. 20
    const Vec3 mean = om + omDot * half + omDot.cross(om) * twelfth;   // eq. 21
    // a body that neither turns nor feels a torque keeps its orientation exactly
    const Vec3 turn = mean * dt;
    if (mean.x() != 0.0 || mean.y() != 0.0 || mean.z() != 0.0)
        w.orientation[i] = (rotationQuaternion(turn) * w.orientation[i]).normalized(); // eq. 22
    if (rotation)
        rotation[i] = turn;
    w.angularMomentum[i] += torque * half;
    w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
}

void Buss2ndOrder::endTurning(World& w, std::size_t i, double half)
{
    w.angularMomentum[i] += w.torque[i] * half;
    w.angularVelocity[i] = w.angularVelocityFromMomentum(i); // eq. 23
}

void Buss2ndOrder::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    beginStep(w, dt, begin, end, nullptr);
}

bool Buss2ndOrder::beginStep(World& w, double dt, std::size_t begin, std::size_t end, Vec3* rotation) const
{
    const Steps steps(dt);
    const Vec3* j = w.inertia.data();
    const Vec3* l = w.angularMomentum.data();
    const Vec3* torque = w.torque.data();
    Vec3* om = w.angularVelocity.data();
    for (std::size_t i = begin; i < end; ++i) {
        if (!still(j[i], l[i], torque[i])) {
            beginTurning(w, i, steps, rotation);
            continue;
        }
        om[i].setZero(); // no spin, no torque: nothing turns
        if (rotation)
            rotation[i].setZero();
    }
    return true;
}

void Buss2ndOrder::endStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    const double half = 0.5 * dt;
    const Vec3* torque = w.torque.data();
    for (std::size_t i = begin; i < end; ++i)
        if (!allZero(torque[i]))
            endTurning(w, i, half);
}

} // namespace tumble
