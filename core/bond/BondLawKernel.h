#pragma once
// The bond law's arithmetic (bond/BondLoads.h) as an inline function, so the bond stage's loop
// (sim/BondStage.cpp) evaluates it in place: no BondLoads returned by value, Eigen's small
// functions inlined. bondLoads() runs the same code, so both give the same bits.
#include <algorithm>
#include <cmath>

#include "bond/BondLoads.h"

namespace tumble {

/// bondLoads(), written into out.
[[gnu::always_inline]] inline void evaluateBondLaw(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q,
                                                   const BondRest& rest, const BondStiffness& k, BondLoads& out)
{
    const Vec3 d = x1 - x2;
    const double l = d.norm();
    const Vec3 n = d / l;
    const Vec3 e1 = p * rest.axis[0];
    const Vec3 e2 = q * rest.axis[1];

    // normal
    out.stretch = l - rest.length;
    Vec3 f1 = (-k.kn * out.stretch) * n;
    out.energy[kBondNormal] = 0.5 * k.kn * out.stretch * out.stretch;

    // shear: the slip of the contact point, held by body 1 at x1 - rho1 e1 and by body 2 at
    // x2 + rho2 e2, across the bond
    const Vec3 s = rest.rho[0] * e1 + rest.rho[1] * e2;
    const double ns = n.dot(s);
    const Vec3 u = ns * n - s;
    f1 -= (k.ks * ns / l) * u;
    Vec3 t1 = (k.ks * rest.rho[0]) * e1.cross(u);
    Vec3 t2 = (k.ks * rest.rho[1]) * e2.cross(u);
    out.energy[kBondShear] = 0.5 * k.ks * u.squaredNorm();
    out.slip = u.norm();

    // bend: theta from e2 to e1
    const Vec3 axis = e1.cross(e2);
    const double sinTheta = axis.norm();
    const double cosTheta = e1.dot(e2);
    out.theta = std::atan2(sinTheta, cosTheta);
    // theta / sin(theta), by its series below 1e-4 rad (remainder theta^4 * 7/360 < 2e-18)
    const double t2th = out.theta * out.theta;
    const double thetaOverSin = out.theta < 1e-4 ? 1.0 + t2th / 6.0 : out.theta / sinTheta;
    Vec3 couple = (k.kb * thetaOverSin) * axis;
    out.energy[kBondBend] = 0.5 * k.kb * t2th;

    // twist: Wang's psi of D = p c q* about e2 (its twist part's quaternion (w, (v.e2) e2))
    const Quat dq = p * rest.relative * q.conjugate();
    double w = dq.w();
    double along = dq.vec().dot(e2);
    if (w < 0.0) {
        w = -w;
        along = -along;
    }
    out.psi = 2.0 * std::atan2(along, w);
    // psi' = (w1 - w2).(e1 + e2) / (1 + cos theta); at theta = pi the twist has no axis
    const double opposite = std::max(1.0 + cosTheta, 1e-12);
    couple -= (k.kt * out.psi / opposite) * (e1 + e2);
    out.energy[kBondTwist] = 0.5 * k.kt * out.psi * out.psi;

    out.force[0] = f1;
    out.force[1] = -f1;
    out.torque[0] = t1 + couple;
    out.torque[1] = t2 - couple;
}

} // namespace tumble
