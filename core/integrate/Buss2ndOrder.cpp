#include "integrate/Buss2ndOrder.h"

#include <array>

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
        beginTurningIsotropic(1.0 / j.x(), torque, steps, w.angularMomentum[i], w.orientation[i], w.angularVelocity[i],
                              turn);
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

namespace {

// one component of four consecutive Vec3s (or Quat coefficients) as lanes
template <int C, class V> [[gnu::always_inline]] inline Lanes4 lanes(const V* v)
{
    return Lanes4{v[0].coeffs()[C], v[1].coeffs()[C], v[2].coeffs()[C], v[3].coeffs()[C]};
}
template <int C> [[gnu::always_inline]] inline Lanes4 lanes(const Vec3* v)
{
    return Lanes4{v[0][C], v[1][C], v[2][C], v[3][C]};
}

} // namespace

void Buss2ndOrder::beginTurningSpheres(World& w, std::size_t begin, std::size_t end, const Steps& steps, Vec3* rotation)
{
    const Vec3* j = w.inertia.data();
    const Vec3* torque = w.torque.data();
    Vec3* l = w.angularMomentum.data();
    Quat* q = w.orientation.data();
    Vec3* om = w.angularVelocity.data();
    auto one = [&](std::size_t i) {
        if (allZero(l[i], torque[i])) {
            om[i].setZero(); // still: nothing turns
            rotation[i].setZero();
        } else {
            beginTurningIsotropic(1.0 / j[i].x(), torque[i], steps, l[i], q[i], om[i], rotation[i]);
        }
    };
    std::size_t i = begin;
    for (; i + 4 <= end; i += 4) {
        std::array<bool, 4> still{};
        int stillCount = 0;
        for (int k = 0; k < 4; ++k) {
            still[k] = allZero(l[i + k], torque[i + k]);
            stillCount += still[k] ? 1 : 0;
        }
        if (stillCount == 4) {
            for (std::size_t k = i; k < i + 4; ++k) {
                om[k].setZero();
                rotation[k].setZero();
            }
            continue;
        }
        // four spheres, one per lane (a still one's lane computes zeros and is not stored);
        // Quat's coeffs() are (x, y, z, w)
        const Lanes4 inv = 1.0 / Lanes4{j[i].x(), j[i + 1].x(), j[i + 2].x(), j[i + 3].x()};
        const IsotropicTurn<Lanes4> t(inv, lanes<0>(torque + i), lanes<1>(torque + i), lanes<2>(torque + i),
                                      lanes<0>(l + i), lanes<1>(l + i), lanes<2>(l + i), lanes<3>(q + i),
                                      lanes<0>(q + i), lanes<1>(q + i), lanes<2>(q + i), steps.dt, steps.half,
                                      steps.twelfth);
        bool exact = true;
        for (int k = 0; k < 4; ++k)
            exact &= still[k] || (t.halfAngle2[k] < kSmallHalfAngle2 && std::abs(t.norm2[k] - 1.0) < kUnitTolerance &&
                                  (t.rx[k] != 0.0 || t.ry[k] != 0.0 || t.rz[k] != 0.0));
        if (!exact) {
            for (std::size_t k = i; k < i + 4; ++k)
                one(k); // a lane outside the series' bounds, or one that does not turn
            continue;
        }
        for (int k = 0; k < 4; ++k) {
            const std::size_t b = i + static_cast<std::size_t>(k);
            if (still[k]) {
                om[b].setZero();
                rotation[b].setZero();
                continue;
            }
            rotation[b] = Vec3(t.rx[k], t.ry[k], t.rz[k]);
            q[b] = Quat(t.qw[k], t.qx[k], t.qy[k], t.qz[k]);
            l[b] += torque[b] * steps.half;
            om[b] = l[b] * inv[k];
        }
    }
    for (; i < end; ++i)
        one(i);
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
