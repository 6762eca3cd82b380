#pragma once
// BondRest: what a bond keeps from the moment it was made (Wang 2008, sect. 4), so that a bond
// between spheres of any radii, in any orientations, touching or across a gap, is free of
// stress when made:
//
//   - the rest length L0 = |x1 - x2| (m) and the rest bond direction n0 = (x1 - x2) / L0 held
//     in each body's principal frame (axis[0] in body 1's, axis[1] in body 2's): each body's
//     material line along the bond, e_k = q_k axis[k] in the world;
//   - the bond's contact point, dividing L0 in proportion to the radii: rho1 = L0 R1 / (R1 + R2)
//     from body 1, rho2 = L0 R2 / (R1 + R2) from body 2 (R1 and R2 when the spheres touch; the
//     paper's L0/2 for equal spheres, eqs. 15-16);
//   - the relative orientation c = p0* q0 (p, q: bodies 1 and 2), so that D = p c q* is the
//     rotation of body 1 relative to body 2 since the bond was made (1 at rest, whatever p0, q0);
//   - the bond frame h: a rotation of body 2's principal frame whose z axis is axis[1] (Wang's
//     X2'Y2'Z2', eq. 20). It only sets where the bending azimuth phi is measured from; it is built
//     so that it is regular for every bond direction (eq. 20 divides by zero when the bond is
//     antiparallel to body 2's z axis).
#include "math/Types.h"

namespace tumble {

struct BondRest {
    double length = 0.0;        ///< L0, m
    double rho[2] = {0.0, 0.0}; ///< distance from body 1's, body 2's centre to the contact point, m
    Vec3 axis[2];               ///< unit rest bond direction (from body 2 to body 1) in each body's principal frame
    Quat relative;              ///< c = p0* q0
    Quat frame;                 ///< h: bond frame -> body 2's principal frame (h z = axis[1])

    /// The rest state of a bond made now between body 1 at x1 (m) in orientation p, radius r1
    /// (m), and body 2 at x2, q, r2. Needs x1 != x2 and r1 + r2 > 0.
    static BondRest at(const Vec3& x1, const Quat& p, double r1, const Vec3& x2, const Quat& q, double r2);
};

/// A unit quaternion that turns the z axis onto the unit vector a, regular for every a.
Quat turnZOnto(const Vec3& a);

} // namespace tumble
