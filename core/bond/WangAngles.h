#pragma once
// WangAngles: Wang's (2008, appendix) sequence-independent decomposition of a relative rotation
// g, expressed in a bond frame whose z axis is the bond, into a bend theta of the z axis in the
// plane at azimuth phi from the x axis, and a twist psi about the bond:
//
//   g = m(theta, phi) n(psi) = n(psi) m(theta, phi - psi)
//   m = cos(theta/2) + sin(theta/2) (-sin phi, cos phi, 0),   n = cos(psi/2) + sin(psi/2) (0, 0, 1)
//
// (eqs. 22-26; eq. 23's m0 reads sqrt(g0^2 + g3^2), the paper's text has a typo there). The
// angles are taken with atan2, which stays accurate at small and large angles where the paper's
// arccos forms lose digits.
#include "math/Types.h"

namespace tumble {

struct WangAngles {
    double theta = 0.0; ///< bend, rad, in [0, pi]
    double phi = 0.0;   ///< azimuth of the bending plane from the bond frame's x axis, rad, in [0, 2 pi)
    double psi = 0.0;   ///< twist about the bond, rad, in [-pi, pi]
};

/// The angles of a unit quaternion g given in the bond frame. phi is 0 where theta is 0 (the
/// plane is undefined there, eq. 26's singular case).
WangAngles wangAngles(const Quat& g);

/// The rotation m(theta, phi) n(psi), in the bond frame (the inverse of wangAngles).
Quat wangRotation(const WangAngles& a);

} // namespace tumble
