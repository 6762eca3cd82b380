#pragma once
// IncrementalBondState: the incremental bond law (YADE's cohesive moment law, ESyS's and PFC's
// parallel bond in their incremental form), the one Wang (2008, sect. 5, figs. 6-7) compares
// his total formulation with. Shear force, twisting moment and bending moment are not functions
// of the poses: each is a spring's accumulated load, stepped by the relative motion since the
// last committed evaluation,
//
//   shear    Fs -= ks (du - (du . n) n)   du: the contact point's relative displacement
//   twist    Mt -= kt (dphi . n)          dphi = dphi1 - dphi2, the relative rotation vector
//   bend     Mb -= kb (dphi - (dphi . n) n)
//
// after the stored loads are carried along with the bond: turned by the rotation that takes the
// last normal onto the current one, and about the normal by the pair's mean spin. The normal
// force is the total form kn (l - L0), as in Wang's law. The energy a spring holds is
// 1/2 |load|^2 / stiffness. Exact only in the limit of small increments: the rotation vectors
// of successive steps do not add up to the relative rotation (finite rotations do not commute),
// so the loads depend on the path and on dt. Bend a bond by theta, then twist one body about
// its own (now tilted) axis by psi: Wang's law holds kt psi in twist and kb theta in bend, the
// incremental law kt psi cos(theta) in twist and a bend that has turned towards the twist axis
// (TestIncrementalBondState).
//
// Like the contact springs, the state is that of the last committed evaluation; a trial
// evaluation (a stage of RK4, or a step not yet committed) steps it by the motion since then
// without storing the result.
#include "bond/BondLoads.h"
#include "bond/BondRest.h"
#include "bond/BondStiffness.h"
#include "math/Types.h"

namespace tumble {

struct IncrementalBondState {
    Vec3 normal = Vec3::Zero(); ///< unit bond direction (from body 2 to body 1) when committed
    Vec3 shear = Vec3::Zero();  ///< shear force on body 1, N (perpendicular to normal)
    double twist = 0.0;         ///< twisting moment on body 1 about normal, N m
    Vec3 bend = Vec3::Zero();   ///< bending moment on body 1, N m (perpendicular to normal)

    /// The state of a bond made now, free of stress, between bodies at x1 and x2 (m).
    static IncrementalBondState at(const Vec3& x1, const Vec3& x2);

    /// The loads at the current positions x1, x2 (m) after the bodies moved by dx1, dx2 (m) and
    /// turned by the rotation vectors dphi1, dphi2 (rad) since this state was committed; the
    /// stepped state goes to *next (commit it to accept the step). rest gives L0 and the contact
    /// point's distances; theta and psi of the result hold |Mb| / kb and -Mt / kt (rad, the
    /// springs' accumulated angles; 0 for a zero stiffness).
    BondLoads loads(const Vec3& x1, const Vec3& dx1, const Vec3& dphi1, const Vec3& x2, const Vec3& dx2,
                    const Vec3& dphi2, const BondRest& rest, const BondStiffness& k, IncrementalBondState* next) const;
};

} // namespace tumble
