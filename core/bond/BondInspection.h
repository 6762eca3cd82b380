#pragma once
// BondInspection: everything one looks at in a single bond, from the two bodies' poses: its
// loads and energies (BondLoads), Wang's three angles, the modes' generalised forces (what
// BondStrength compares with the strengths) and where its bond frame and bending plane lie in
// the world. The bond CSV (io/BondCsvWriter) and the GUI's bond inspector and 3D overlay read
// this one definition, so a row of the CSV and the panel show the same numbers.
//
// Geometry (docs/BONDS.md): e1 = p axis[0], e2 = q axis[1] are the bodies' material lines along
// the bond; the bond frame is q h (BondRest::frame), whose z axis is e2; g = h* q* p c h is the
// relative rotation in that frame, g = m(theta, phi) n(psi) (WangAngles). The swing m turns z
// about (-sin phi, cos phi, 0), i.e. toward (cos phi, sin phi, 0): body 1's line e1 leans from e2
// by theta toward the frame's direction at azimuth phi, e1 = cos theta e2 + sin theta b. The
// bending plane is the plane of e2 and b.
#include "bond/BondLoads.h"
#include "bond/BondRest.h"
#include "bond/BondStiffness.h"
#include "math/Types.h"

namespace tumble {

struct BondInspection {
    BondLoads loads;          ///< forces, moments, energy per mode, stretch, slip, theta, psi
    double phi = 0.0;         ///< azimuth of the bending plane from the bond frame's x axis, rad, [0, 2 pi); 0 unbent
    double tension = 0.0;     ///< kn (l - L0), N (> 0 pulling apart)
    double shearForce = 0.0;  ///< ks |u|, N
    double twistMoment = 0.0; ///< kt psi, N m (signed as psi)
    double bendMoment = 0.0;  ///< kb theta, N m
    Vec3 contactPoint = Vec3::Zero(); ///< body 1's material point at the bond's contact point, x1 - rho1 e1, m
    Vec3 frame[3] = {Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()}; ///< bond frame axes x, y, z (z = e2), world, unit
    Vec3 bendDirection = Vec3::UnitX(); ///< b = cos phi x + sin phi y of the bond frame, world, unit

    /// The elastic energy of every mode together, J.
    double energy() const;
};

/// The bond of Wang's law between body 1 at x1 (m) in orientation p and body 2 at x2, q
/// (World::bonds order).
BondInspection inspectBond(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                           const BondStiffness& k);
/// The same with the bond's loads given (BondSet::loads: an incremental bond's are its springs',
/// and its theta and psi the springs' angles; the frame and phi still come from the poses).
BondInspection inspectBond(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                           const BondStiffness& k, const BondLoads& loads);

} // namespace tumble
