#pragma once
// LammpsBonds: Tumble's Wang bonds in the words of LAMMPS's `bond_style bpm/rotational` (BPM
// package: LAMMPS 4May2022 or later, first stable release 23Jun2022; Debian 12's 29Sep2021 lacks
// it), with what does not coincide (docs/LAMMPS.md "Bonds").
//
// Design note. bpm/rotational is Wang's bond too (Wang 2009, Wang and Mora 2009): its normal
// force k_r (r - r0), bending moment k_b theta and twisting moment k_t psi take Tumble's kn, kb,
// kt as they are, and its shear stiffness k_s Tumble's ks, all in the same units (N/m, N m/rad);
// its rest state is taken at the first run's set-up from the data file's positions with every
// orientation the identity, stress-free as Tumble's. Its criterion is the linear sum
// F_r/F_rc + |F_s|/F_sc + |T_b|/T_bc + |T_t|/T_tc >= 1, Tumble's "linear_sum"; its damping
// gammas are 0 (Tumble's bonds have none) and its smoothing off. The coefficients' order is the
// source's (BondBPMRotational::coeff): Kr Ks Kt Kb Fcr Fcs Tct Tcb gn gs gr gt, twist's strength
// before bend's (its doc page lists them the other way round).
#include <array>
#include <string>
#include <vector>

#include "bond/BondStiffness.h"
#include "bond/BondStrength.h"
#include "model/World.h"

namespace tumble {

/// A strength left out (infinite) as LAMMPS needs a number: shear, twist and bend 1e300 (N, N m;
/// their share of the sum is then below 1e-290 of any real load); tension k_r x 1 m, N: LAMMPS
/// sizes its ghost cutoff by max(1, F_rc / k_r) times the longest bond, so a larger one costs
/// communication (the bond would break in LAMMPS at a stretch of 1 m).
inline constexpr double kLammpsNoStrength = 1e300;
inline constexpr double kLammpsNoTensionStretch = 1.0; ///< m

/// bpm/rotational's 12 coefficients of a Tumble bond, in bond_coeff's order: k_r k_s (N/m), k_t
/// k_b (N m/rad), F_rc F_sc (N), T_tc T_bc (N m), gamma_n gamma_s (N s/m), gamma_r gamma_t (N m s).
std::array<double, 12> bpmRotationalCoefficients(const BondStiffness& k, const BondStrength& s);

struct LammpsBonds {
    std::vector<int> type;                            ///< (bonds) bond type, from 1, in w.bonds' order
    std::vector<std::array<double, 12>> coefficients; ///< (types) bond_coeff's numbers
    std::vector<std::string> notes;                   ///< what LAMMPS will not run as Tumble does, one sentence each
};

/// One bond type per distinct law; the notes for the bonds of w.
LammpsBonds lammpsBonds(const World& w);

} // namespace tumble
