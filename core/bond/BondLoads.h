#pragma once
// BondLoads: the loads of one bond on its two bodies, and its elastic energy per mode.
//
// Tumble's bond is Wang's (2008) six-mode bond written as a potential, so that its loads do work
// equal to the change of the energy it reports (the ledger closes for every scheme). With
// e1 = p axis[0], e2 = q axis[1] (each body's material line along the bond, unit), d = x1 - x2,
// l = |d|, n = d / l, theta the angle from e2 to e1, psi Wang's twist of D = p c q* about e2
// (WangAngles, eq. 24) and s = rho1 e1 + rho2 e2:
//
//   normal   E_n = 1/2 kn (l - L0)^2             F1 = -kn (l - L0) n
//   shear    E_s = 1/2 ks |u|^2, u = -(I - n n) s (the slip of the contact point's two material
//            points, normal part removed)        F1 = -ks (n.s / l) u,  T1 = ks rho1 e1 x u,
//                                                T2 = ks rho2 e2 x u
//   bend     E_b = 1/2 kb theta^2                 T1 = kb (theta / sin theta) e1 x e2
//   twist    E_t = 1/2 kt psi^2                   T1 = -kt psi (e1 + e2) / (1 + cos theta)
//
// and F2 = -F1, T2 = -T1 for the bend and twist. Each load is minus the exact derivative of its
// energy (docs/BONDS.md derives them), so forces and moments balance for every configuration and
// swapping the bodies' labels gives the same loads. To first order in the angles these are the
// paper's eqs. 12-16: the shear force kn |r0| gamma and its moment 1/2 |r_c| |f| (eq. 14-15),
// the rotational shear -1/2 ks |r0| theta and its moment 1/4 ks |r0|^2 theta (eq. 16), the bending
// moment kb theta about e2 x e1 (eq. 16, exact). The twist departs at finite bend: the moment that
// derives from 1/2 kt psi^2 acts about the bisector of e1 and e2 with magnitude kt psi /
// cos(theta/2); Wang's kt psi about body 2's axis does work kt psi^2 (1 - cos theta)/2 short of
// the energy around a bend-twist-unbend-untwist loop and depends on which body is called 2.
#include "bond/BondRest.h"
#include "bond/BondStiffness.h"
#include "math/Types.h"

namespace tumble {

/// The energy modes of a bond (order of BondLoads::energy).
enum BondMode : int { kBondNormal = 0, kBondShear = 1, kBondTwist = 2, kBondBend = 3, kBondModes = 4 };

struct BondLoads {
    Vec3 force[2];             ///< on body 1, body 2, N
    Vec3 torque[2];            ///< on body 1, body 2, about its centre, N m
    double energy[kBondModes]; ///< elastic energy per mode (BondMode), J
    double stretch = 0.0;      ///< l - L0, m (> 0: tension)
    double slip = 0.0;         ///< |u|, the contact point's slip, m
    double theta = 0.0;        ///< bend, rad
    double psi = 0.0;          ///< twist, rad
};

/// The loads and energies of a bond between body 1 at x1 (m), orientation p, and body 2 at x2, q.
BondLoads bondLoads(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                    const BondStiffness& k);

} // namespace tumble
