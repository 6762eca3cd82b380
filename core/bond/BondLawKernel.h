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
// atan2Lanes (math/Atan2Lanes.h, within 1.47 ulp of the exact atan2). Energies and loads use the
// same angles, so the loads stay minus the exact gradient of the energies reported.
#include "bond/BondLoads.h"
#include "math/Atan2Lanes.h"

namespace tumble {

/// What the law reads of one bond: its rest state's length, contact-point distances, axes and
/// relative orientation, and its stiffnesses (BondRest, BondStiffness), per lane.
template <class T> struct BondConstants {
    T length, rho0, rho1;
    T a0x, a0y, a0z;  ///< axis[0]
    T a1x, a1y, a1z;  ///< axis[1]
    T cw, cx, cy, cz; ///< relative
    T kn, ks, kt, kb;
};

/// The poses of a bond's two bodies, per lane: positions x1, x2 (m), orientations p, q.
template <class T> struct BondPoses {
    T x1x, x1y, x1z;
    T pw, px, py, pz;
    T x2x, x2y, x2z;
    T qw, qx, qy, qz;
};

/// The law on lanes of type T (see BondLoads for the definitions): force on body 1 (body 2's is
/// minus it), torques on bodies 1 and 2, energies per mode, stretch, slip squared, theta and psi.
template <class T> struct BondLaw {
    T f1x, f1y, f1z;
    T t1x, t1y, t1z;
    T t2x, t2y, t2z;
    T energyNormal, energyShear, energyTwist, energyBend;
    T stretch, slip2, theta, psi; ///< (slip2: the slip squared, |u|^2; slip = sqrtLanes(slip2))

    [[gnu::always_inline]] BondLaw(const BondPoses<T>& b, const BondConstants<T>& c)
    {
        const T dx = b.x1x - b.x2x, dy = b.x1y - b.x2y, dz = b.x1z - b.x2z;
        const T l = sqrtLanes((dx * dx + dy * dy) + dz * dz);
        const T inv = 1.0 / l;
        const T nx = dx * inv, ny = dy * inv, nz = dz * inv;
        // e1 = p axis[0], e2 = q axis[1]: v + w t + q_v x t, t = 2 q_v x v
        const T u1x = 2.0 * (b.py * c.a0z - b.pz * c.a0y), u1y = 2.0 * (b.pz * c.a0x - b.px * c.a0z),
                u1z = 2.0 * (b.px * c.a0y - b.py * c.a0x);
        const T e1x = (c.a0x + b.pw * u1x) + (b.py * u1z - b.pz * u1y);
        const T e1y = (c.a0y + b.pw * u1y) + (b.pz * u1x - b.px * u1z);
        const T e1z = (c.a0z + b.pw * u1z) + (b.px * u1y - b.py * u1x);
        const T u2x = 2.0 * (b.qy * c.a1z - b.qz * c.a1y), u2y = 2.0 * (b.qz * c.a1x - b.qx * c.a1z),
                u2z = 2.0 * (b.qx * c.a1y - b.qy * c.a1x);
        const T e2x = (c.a1x + b.qw * u2x) + (b.qy * u2z - b.qz * u2y);
        const T e2y = (c.a1y + b.qw * u2y) + (b.qz * u2x - b.qx * u2z);
        const T e2z = (c.a1z + b.qw * u2z) + (b.qx * u2y - b.qy * u2x);

        // normal
        stretch = l - c.length;
        const T fn = -c.kn * stretch;
        energyNormal = 0.5 * c.kn * stretch * stretch;

        // shear: the slip of the contact point, held by body 1 at x1 - rho1 e1 and by body 2 at
        // x2 + rho2 e2, across the bond
        const T sx = c.rho0 * e1x + c.rho1 * e2x, sy = c.rho0 * e1y + c.rho1 * e2y, sz = c.rho0 * e1z + c.rho1 * e2z;
        const T ns = (nx * sx + ny * sy) + nz * sz;
        const T ux = ns * nx - sx, uy = ns * ny - sy, uz = ns * nz - sz;
        const T fs = c.ks * ns * inv;
        f1x = fn * nx - fs * ux;
        f1y = fn * ny - fs * uy;
        f1z = fn * nz - fs * uz;
        const T k1 = c.ks * c.rho0, k2 = c.ks * c.rho1;
        t1x = k1 * (e1y * uz - e1z * uy);
        t1y = k1 * (e1z * ux - e1x * uz);
        t1z = k1 * (e1x * uy - e1y * ux);
        t2x = k2 * (e2y * uz - e2z * uy);
        t2y = k2 * (e2z * ux - e2x * uz);
        t2z = k2 * (e2x * uy - e2y * ux);
        slip2 = (ux * ux + uy * uy) + uz * uz;
        energyShear = 0.5 * c.ks * slip2;

        // bend: theta from e2 to e1
        const T ax = e1y * e2z - e1z * e2y, ay = e1z * e2x - e1x * e2z, az = e1x * e2y - e1y * e2x;
        const T sinTheta = sqrtLanes((ax * ax + ay * ay) + az * az);
        const T cosTheta = (e1x * e2x + e1y * e2y) + e1z * e2z;
        theta = atan2Lanes<true, false>(sinTheta, cosTheta); // (sin theta >= 0)
        // theta / sin(theta), by its series below 1e-4 rad (remainder theta^4 * 7/360 < 2e-18)
        const T theta2 = theta * theta;
        const T thetaOverSin = pick(theta < 1e-4, 1.0 + theta2 * (1.0 / 6.0), theta / sinTheta);
        const T kBend = c.kb * thetaOverSin;
        T cx = kBend * ax, cy = kBend * ay, cz = kBend * az;
        energyBend = 0.5 * c.kb * theta2;

        // twist: Wang's psi of D = p c q* about e2 (its twist part's quaternion (w, (v.e2) e2)),
        // read from g = q* p c: g's scalar part is D's, g_v . axis[1] is D_v . e2
        const T hw = ((b.qw * b.pw + b.qx * b.px) + b.qy * b.py) + b.qz * b.pz;
        const T hx = ((b.qw * b.px - b.qx * b.pw) - b.qy * b.pz) + b.qz * b.py;
        const T hy = ((b.qw * b.py + b.qx * b.pz) - b.qy * b.pw) - b.qz * b.px;
        const T hz = ((b.qw * b.pz - b.qx * b.py) + b.qy * b.px) - b.qz * b.pw;
        const T gw = ((hw * c.cw - hx * c.cx) - hy * c.cy) - hz * c.cz;
        const T gx = ((hw * c.cx + hx * c.cw) + hy * c.cz) - hz * c.cy;
        const T gy = ((hw * c.cy - hx * c.cz) + hy * c.cw) + hz * c.cx;
        const T gz = ((hw * c.cz + hx * c.cy) - hy * c.cx) + hz * c.cw;
        const T along0 = (gx * c.a1x + gy * c.a1y) + gz * c.a1z;
        const auto flip = gw < 0.0;
        const T w = pick(flip, -gw, gw);
        const T along = pick(flip, -along0, along0);
        psi = 2.0 * atan2Lanes<false, true>(along, w); // (w >= 0)
        // psi' = (w1 - w2).(e1 + e2) / (1 + cos theta); at theta = pi the twist has no axis
        const T opposite = maxLanes(1.0 + cosTheta, T{} + 1e-12);
        const T kTwist = c.kt * psi / opposite;
        cx -= kTwist * (e1x + e2x);
        cy -= kTwist * (e1y + e2y);
        cz -= kTwist * (e1z + e2z);
        energyTwist = 0.5 * c.kt * psi * psi;

        t2x -= cx;
        t2y -= cy;
        t2z -= cz;
        t1x += cx;
        t1y += cy;
        t1z += cz;
    }
};

/// One bond's constants, as the law reads them (the bond stage reads the same doubles from
/// BondSet::law).
[[gnu::always_inline]] inline BondConstants<double> bondConstants(const BondRest& r, const BondStiffness& k)
{
    return {r.length,
            r.rho[0],
            r.rho[1],
            r.axis[0].x(),
            r.axis[0].y(),
            r.axis[0].z(),
            r.axis[1].x(),
            r.axis[1].y(),
            r.axis[1].z(),
            r.relative.w(),
            r.relative.x(),
            r.relative.y(),
            r.relative.z(),
            k.kn,
            k.ks,
            k.kt,
            k.kb};
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
