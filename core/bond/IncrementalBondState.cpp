#include "bond/IncrementalBondState.h"

#include <cmath>

namespace tumble {

namespace {

// v without its component along the unit vector n
Vec3 across(const Vec3& v, const Vec3& n)
{
    return v - v.dot(n) * n;
}

} // namespace

IncrementalBondState IncrementalBondState::at(const Vec3& x1, const Vec3& x2)
{
    IncrementalBondState s;
    s.normal = (x1 - x2).normalized();
    return s;
}

BondLoads IncrementalBondState::loads(const Vec3& x1, const Vec3& dx1, const Vec3& dphi1, const Vec3& x2,
                                      const Vec3& dx2, const Vec3& dphi2, const BondRest& rest, const BondStiffness& k,
                                      IncrementalBondState* next) const
{
    const Vec3 d = x1 - x2;
    const double l = d.norm();
    const Vec3 n = d / l;

    // carry the stored loads with the bond: the turn of the normal, then the pair's mean spin
    // about it (YADE's ScGeom::rotate)
    const Quat tilt = Quat::FromTwoVectors(normal, n);
    const double spin = 0.5 * (dphi1 + dphi2).dot(n);
    const Quat carry = Eigen::AngleAxisd(spin, n) * tilt;
    Vec3 shearForce = across(carry * shear, n);
    Vec3 bendMoment = across(carry * bend, n);

    // the contact point divides the bond in the rest proportion of rho1 : rho2, so that the
    // moments of the shear force pair balance at any length
    const double scale = l / rest.length;
    const Vec3 arm1 = (-rest.rho[0] * scale) * n; // body 1's centre -> contact point
    const Vec3 arm2 = (rest.rho[1] * scale) * n;  // body 2's centre -> contact point
    const Vec3 slip = (dx1 + dphi1.cross(arm1)) - (dx2 + dphi2.cross(arm2));
    shearForce -= k.ks * across(slip, n);
    const Vec3 turn = dphi1 - dphi2;
    const double twistMoment = twist - k.kt * turn.dot(n);
    bendMoment -= k.kb * across(turn, n);

    BondLoads out;
    out.stretch = l - rest.length;
    const Vec3 f1 = (-k.kn * out.stretch) * n + shearForce;
    const Vec3 couple = twistMoment * n + bendMoment;
    out.force[0] = f1;
    out.force[1] = -f1;
    out.torque[0] = arm1.cross(shearForce) + couple;
    out.torque[1] = -arm2.cross(shearForce) - couple;
    const auto stored = [](double load2, double stiffness) { return stiffness > 0.0 ? 0.5 * load2 / stiffness : 0.0; };
    out.energy[kBondNormal] = 0.5 * k.kn * out.stretch * out.stretch;
    out.energy[kBondShear] = stored(shearForce.squaredNorm(), k.ks);
    out.energy[kBondTwist] = stored(twistMoment * twistMoment, k.kt);
    out.energy[kBondBend] = stored(bendMoment.squaredNorm(), k.kb);
    out.slip = k.ks > 0.0 ? shearForce.norm() / k.ks : 0.0;
    out.theta = k.kb > 0.0 ? bendMoment.norm() / k.kb : 0.0;
    out.psi = k.kt > 0.0 ? -twistMoment / k.kt : 0.0; // the twist moment on body 1 is -kt psi
    if (next) {
        next->normal = n;
        next->shear = shearForce;
        next->twist = twistMoment;
        next->bend = bendMoment;
    }
    return out;
}

} // namespace tumble
