#pragma once
// BondStrength: when a bond breaks. The load measures are the modes' generalised forces
// (bond/BondLoads.h): the tension N = kn (l - L0) (> 0 pulling apart), the shear force at the
// contact point S = ks |u|, the twisting moment T = kt |psi| and the bending moment B = kb theta.
// A strength left out (infinity) never breaks its mode. Two criteria, the scene's choice
// (docs/BONDS.md):
//
//   independent  each mode on its own: N > tension, or S > shear, or T > twist, or B > bend
//   linear_sum   LAMMPS's bpm/rotational: N / tension + S / shear + T / twist + B / bend > 1,
//                compression (N < 0) counting against breaking as there
//
// A broken bond is gone: the energy it stored is booked as dissipated by breaking, and the two
// spheres meet through the contact law from then on.
#include <limits>
#include <string>

#include "bond/BondLoads.h"

namespace tumble {

enum class BondCriterion : unsigned char { Independent, LinearSum };

struct BondStrength {
    static constexpr double kNever = std::numeric_limits<double>::infinity();
    BondCriterion criterion = BondCriterion::Independent;
    double tension = kNever; ///< N
    double shear = kNever;   ///< N
    double twist = kNever;   ///< N m
    double bend = kNever;    ///< N m

    /// Whether every strength is infinite (the bond never breaks).
    bool unbreakable() const { return tension == kNever && shear == kNever && twist == kNever && bend == kNever; }
    /// Whether a bond of stiffness k under loads l breaks.
    bool breaks(const BondLoads& l, const BondStiffness& k) const;
};

/// The criterion's name in the scene format ("independent", "linear_sum").
const char* bondCriterionName(BondCriterion c);

} // namespace tumble
