#include "integrate/Buss2ndOrder.h"

#include <bit>

#include "math/Lanes4.h"

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
    const Lanes4 zero{};
    std::size_t i = begin;
    for (; i + 4 <= end; i += 4) {
        // four spheres, one per lane, moved in and out by transposes; every lane's arithmetic is
        // beginTurningIsotropic's, and a still lane (no momentum, no torque: allZero's bit test)
        // keeps its q and L and gets w = 0 and a zero rotation, as one() gives it
        const Vec3Lanes lv = loadLanes(l + i);
        const Vec3Lanes tv = loadLanes(torque + i);
        const Lanes4Mask bits = std::bit_cast<Lanes4Mask>(lv.x) | std::bit_cast<Lanes4Mask>(lv.y) |
                                std::bit_cast<Lanes4Mask>(lv.z) | std::bit_cast<Lanes4Mask>(tv.x) |
                                std::bit_cast<Lanes4Mask>(tv.y) | std::bit_cast<Lanes4Mask>(tv.z);
        const Lanes4Mask still = (bits << 1) == 0;
        if (allLanes(still)) {
            storeLanes(Vec3Lanes{zero, zero, zero}, om + i);
            storeLanes(Vec3Lanes{zero, zero, zero}, rotation + i);
            continue;
        }
        const QuatLanes qv = loadLanes(q + i);
        const Lanes4 inv = 1.0 / Lanes4{j[i].x(), j[i + 1].x(), j[i + 2].x(), j[i + 3].x()};
        const IsotropicTurn<Lanes4> t(inv, tv.x, tv.y, tv.z, lv.x, lv.y, lv.z, qv.w, qv.x, qv.y, qv.z, steps.dt,
                                      steps.half, steps.twelfth);
        // the series and the Newton step are exact on every turning lane, and each turns
        const Lanes4 off = t.norm2 - 1.0;
        const Lanes4Mask exact = still | ((t.halfAngle2 < kSmallHalfAngle2) & (off < kUnitTolerance) &
                                          (off > -kUnitTolerance) & ((t.rx != 0.0) | (t.ry != 0.0) | (t.rz != 0.0)));
        const Vec3Lanes ln{t.lx, t.ly, t.lz};
        if (!allLanes(exact)) {
            for (std::size_t k = i; k < i + 4; ++k)
                one(k); // a lane outside the series' bounds, or one that does not turn
            continue;
        }
        if (noLanes(still)) { // (every sphere of a flow turns)
            storeLanes(Vec3Lanes{t.rx, t.ry, t.rz}, rotation + i);
            storeLanes(QuatLanes{t.qw, t.qx, t.qy, t.qz}, q + i);
            storeLanes(ln, l + i);
            storeLanes(Vec3Lanes{ln.x * inv, ln.y * inv, ln.z * inv}, om + i);
            continue;
        }
        storeLanes(Vec3Lanes{select(still, zero, t.rx), select(still, zero, t.ry), select(still, zero, t.rz)},
                   rotation + i);
        storeLanes(QuatLanes{select(still, qv.w, t.qw), select(still, qv.x, t.qx), select(still, qv.y, t.qy),
                             select(still, qv.z, t.qz)},
                   q + i);
        storeLanes(Vec3Lanes{select(still, lv.x, ln.x), select(still, lv.y, ln.y), select(still, lv.z, ln.z)}, l + i);
        storeLanes(Vec3Lanes{select(still, zero, ln.x * inv), select(still, zero, ln.y * inv),
                             select(still, zero, ln.z * inv)},
                   om + i);
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
