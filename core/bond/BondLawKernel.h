#pragma once
// The bond law's arithmetic (bond/BondLoads.h), written once for a lane type T: double (one bond,
// bondLoads()) or Lanes4 (four bonds at once, one per lane: the bond stage, sim/BondStage.cpp).
// Every lane runs the same IEEE operations in the same order (no fused multiply-add: the build
// turns FMA off), so a bond's loads have the same bits whichever way they are computed, and
// bondLoads() (the bond CSV, breaking, the snapshot) agrees with the stage bit for bit.
//
// The arithmetic is written out, component by component, instead of through Eigen: a rotation
// q v is v + w t + q_v x t with t = 2 q_v x v (Eigen's formula), the twist reads the scalar part
// and the part along axis[1] of g = q* p c, which are those of D = p c q* and of D's vector part
// along e2 = q axis[1] (conjugating by q turns e2 back into axis[1]), and the angles come from
// atan2Lanes (math/Atan2Lanes.h, within 1.42 ulp of the exact atan2). Energies and loads use the
// same angles, so the loads stay minus the exact gradient of the energies reported.
#include "bond/BondLoads.h"
#include "bond/BondSet.h"
#include "math/Atan2Lanes.h"

namespace tumble {

/// What the law reads of one bond, per lane: its rest state's length, contact-point distances,
/// axes and relative orientation, and its stiffnesses (BondRest, BondStiffness), in the order of
/// BondLawTable::Field. The law asks for each value where it needs it (value(f)), so a source may
/// load it there (the bond stage reads BondSet::law).
template <class T> struct BondConstants {
    T v[BondLawTable::kFields];
    [[gnu::always_inline]] T value(int f) const { return v[f]; }
};

/// The poses of a bond's two bodies, per lane: positions x1, x2 (m), orientations p, q (w x y z).
/// The law asks for each where it needs it (position1() ...), so a source may gather it there.
template <class T> struct BondPoses {
    T x1x, x1y, x1z;
    T pw, px, py, pz;
    T x2x, x2y, x2z;
    T qw, qx, qy, qz;

    [[gnu::always_inline]] void position1(T& x, T& y, T& z) const { x = x1x, y = x1y, z = x1z; }
    [[gnu::always_inline]] void position2(T& x, T& y, T& z) const { x = x2x, y = x2y, z = x2z; }
    [[gnu::always_inline]] void orientation1(T& w, T& x, T& y, T& z) const { w = pw, x = px, y = py, z = pz; }
    [[gnu::always_inline]] void orientation2(T& w, T& x, T& y, T& z) const { w = qw, x = qx, y = qy, z = qz; }
};

/// The law on lanes of type T (see BondLoads for the definitions): force on body 1 (body 2's is
/// minus it), torques on bodies 1 and 2, energies per mode, stretch, slip squared, theta and psi.
/// Poses: a source of the poses (as BondPoses), Constants: of the constants (as BondConstants).
/// Each input is asked for where it is first used and each intermediate computed next to its
/// uses, so that few values are live at once (four lanes of some 30 inputs do not fit in the
/// vector registers).
/// v turned by the unit quaternion (w, x, y, z), per lane: v + w t + q_v x t, t = 2 q_v x v.
template <class T>
[[gnu::always_inline]] inline void rotateLanes(T w, T x, T y, T z, T vx, T vy, T vz, T& ox, T& oy, T& oz)
{
    const T tx = 2.0 * (y * vz - z * vy), ty = 2.0 * (z * vx - x * vz), tz = 2.0 * (x * vy - y * vx);
    ox = (vx + w * tx) + (y * tz - z * ty);
    oy = (vy + w * ty) + (z * tx - x * tz);
    oz = (vz + w * tz) + (x * ty - y * tx);
}

template <class T> struct BondLaw {
    T f1x, f1y, f1z;
    T t1x, t1y, t1z;
    T t2x, t2y, t2z;
    T energyNormal, energyShear, energyTwist, energyBend;
    T stretch, slip2, theta, psi; ///< (slip2: the slip squared, |u|^2; slip = sqrtLanes(slip2))

    template <class Poses, class Constants> [[gnu::always_inline]] BondLaw(const Poses& b, const Constants& c)
    {
        using F = BondLawTable;
        // normal
        T x1x, x1y, x1z, x2x, x2y, x2z;
        b.position1(x1x, x1y, x1z);
        b.position2(x2x, x2y, x2z);
        const T dx = x1x - x2x, dy = x1y - x2y, dz = x1z - x2z;
        const T l = sqrtLanes((dx * dx + dy * dy) + dz * dz);
        const T inv = 1.0 / l;
        stretch = l - c.value(F::kLength);
        const T kn = c.value(F::kKn);
        const T fn = -kn * stretch;
        energyNormal = 0.5 * kn * stretch * stretch;

        // e1 = p axis[0], e2 = q axis[1]
        T pw, px, py, pz, qw, qx, qy, qz;
        b.orientation1(pw, px, py, pz);
        T e1x, e1y, e1z, e2x, e2y, e2z;
        rotateLanes(pw, px, py, pz, c.value(F::kAxis0X), c.value(F::kAxis0Y), c.value(F::kAxis0Z), e1x, e1y, e1z);
        b.orientation2(qw, qx, qy, qz);
        const T a1x = c.value(F::kAxis1X), a1y = c.value(F::kAxis1Y), a1z = c.value(F::kAxis1Z);
        rotateLanes(qw, qx, qy, qz, a1x, a1y, a1z, e2x, e2y, e2z);

        // bend's start: theta from e2 to e1 by its sine and cosine (the square root and the
        // reciprocals are started here, so that the twist's quaternions below overlap them)
        const T ax = e1y * e2z - e1z * e2y, ay = e1z * e2x - e1x * e2z, az = e1x * e2y - e1y * e2x;
        const T sinTheta = sqrtLanes((ax * ax + ay * ay) + az * az);
        const T cosTheta = (e1x * e2x + e1y * e2y) + e1z * e2z;
        const T sumX = e1x + e2x, sumY = e1y + e2y, sumZ = e1z + e2z;
        const T inverseSin = 1.0 / sinTheta;
        const T opposite = maxLanes(1.0 + cosTheta, T{} + 1e-12);
        const T inverseOpposite = 1.0 / opposite;

        // twist: Wang's psi of D = p c q* about e2 (its twist part's quaternion (w, (v.e2) e2)),
        // read from g = q* p c: g's scalar part is D's, g_v . axis[1] is D_v . e2
        const T hw = ((qw * pw + qx * px) + qy * py) + qz * pz;
        const T hx = ((qw * px - qx * pw) - qy * pz) + qz * py;
        const T hy = ((qw * py + qx * pz) - qy * pw) - qz * px;
        const T hz = ((qw * pz - qx * py) + qy * px) - qz * pw;
        const T cw = c.value(F::kRelativeW), cx = c.value(F::kRelativeX), cy = c.value(F::kRelativeY),
                cz = c.value(F::kRelativeZ);
        const T gw = ((hw * cw - hx * cx) - hy * cy) - hz * cz;
        const T gx = ((hw * cx + hx * cw) + hy * cz) - hz * cy;
        const T gy = ((hw * cy - hx * cz) + hy * cw) + hz * cx;
        const T gz = ((hw * cz + hx * cy) - hy * cx) + hz * cw;
        const T along0 = (gx * a1x + gy * a1y) + gz * a1z;
        const auto flip = gw < 0.0;
        const T w = pick(flip, -gw, gw);
        const T along = pick(flip, -along0, along0);

        // shear: the slip of the contact point, held by body 1 at x1 - rho1 e1 and by body 2 at
        // x2 + rho2 e2, across the bond
        const T nx = dx * inv, ny = dy * inv, nz = dz * inv; // (inv is long done by now)
        const T rho0 = c.value(F::kRho0), rho1 = c.value(F::kRho1);
        const T sx = rho0 * e1x + rho1 * e2x, sy = rho0 * e1y + rho1 * e2y, sz = rho0 * e1z + rho1 * e2z;
        const T ns = (nx * sx + ny * sy) + nz * sz;
        const T ux = ns * nx - sx, uy = ns * ny - sy, uz = ns * nz - sz;
        const T ks = c.value(F::kKs);
        const T fs = ks * ns * inv;
        f1x = fn * nx - fs * ux;
        f1y = fn * ny - fs * uy;
        f1z = fn * nz - fs * uz;
        const T k1 = ks * rho0, k2 = ks * rho1;
        t1x = k1 * (e1y * uz - e1z * uy);
        t1y = k1 * (e1z * ux - e1x * uz);
        t1z = k1 * (e1x * uy - e1y * ux);
        t2x = k2 * (e2y * uz - e2z * uy);
        t2y = k2 * (e2z * ux - e2x * uz);
        t2z = k2 * (e2x * uy - e2y * ux);
        slip2 = (ux * ux + uy * uy) + uz * uz;
        energyShear = 0.5 * ks * slip2;

        // bend: theta from e2 to e1
        theta = atan2Lanes<true, false>(sinTheta, cosTheta); // (sin theta >= 0)
        // theta / sin(theta), by its series below 1e-4 rad (remainder theta^4 * 7/360 < 2e-18)
        const T theta2 = theta * theta;
        const T thetaOverSin = pick(theta < 1e-4, 1.0 + theta2 * (1.0 / 6.0), theta * inverseSin);
        const T kb = c.value(F::kKb);
        const T kBend = kb * thetaOverSin;
        T coupleX = kBend * ax, coupleY = kBend * ay, coupleZ = kBend * az;
        energyBend = 0.5 * kb * theta2;

        // twist: psi' = (w1 - w2).(e1 + e2) / (1 + cos theta); at theta = pi it has no axis
        psi = 2.0 * atan2Lanes<false, true>(along, w); // (w >= 0)
        const T kt = c.value(F::kKt);
        const T kTwist = kt * psi * inverseOpposite;
        coupleX -= kTwist * sumX;
        coupleY -= kTwist * sumY;
        coupleZ -= kTwist * sumZ;
        energyTwist = 0.5 * kt * psi * psi;

        t2x -= coupleX;
        t2y -= coupleY;
        t2z -= coupleZ;
        t1x += coupleX;
        t1y += coupleY;
        t1z += coupleZ;
    }
};

/// One bond's constants, as the law reads them (BondSet::law holds the same doubles).
[[gnu::always_inline]] inline BondConstants<double> bondConstants(const BondRest& r, const BondStiffness& k)
{
    return {{r.length, r.rho[0], r.rho[1], r.axis[0].x(), r.axis[0].y(), r.axis[0].z(), r.axis[1].x(), r.axis[1].y(),
             r.axis[1].z(), r.relative.w(), r.relative.x(), r.relative.y(), r.relative.z(), k.kn, k.ks, k.kt, k.kb}};
}

/// bondLoads(), written into out.
[[gnu::always_inline]] inline void evaluateBondLaw(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q,
                                                   const BondRest& rest, const BondStiffness& k, BondLoads& out)
{
    const BondPoses<double> poses{x1.x(), x1.y(), x1.z(), p.w(), p.x(), p.y(), p.z(),
                                  x2.x(), x2.y(), x2.z(), q.w(), q.x(), q.y(), q.z()};
    const BondLaw<double> l(poses, bondConstants(rest, k));
    out.force[0] = Vec3(l.f1x, l.f1y, l.f1z);
    out.force[1] = -out.force[0];
    out.torque[0] = Vec3(l.t1x, l.t1y, l.t1z);
    out.torque[1] = Vec3(l.t2x, l.t2y, l.t2z);
    out.energy[kBondNormal] = l.energyNormal;
    out.energy[kBondShear] = l.energyShear;
    out.energy[kBondTwist] = l.energyTwist;
    out.energy[kBondBend] = l.energyBend;
    out.stretch = l.stretch;
    out.slip = sqrtLanes(l.slip2);
    out.theta = l.theta;
    out.psi = l.psi;
}

} // namespace tumble
