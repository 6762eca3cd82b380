#pragma once
// LammpsModel: a Tumble contact law in the words of LAMMPS's `pair_style granular` and
// `fix wall/gran granular` (LAMMPS 29Sep2021, Debian 12's `lmp`), with what does not map exactly.
//
// Design note. Each mapping below was measured against Tumble (tests/core/io/TestLammpsExport and
// docs/LAMMPS.md): with the models that coincide both programs agree to round-off.
// - Dashpots: LAMMPS 29Sep2021's `damping tsuji` is P(e_in) sqrt(m* k) with Tsuji's polynomial P
//   of the restitution it is given (it does not return e_in: 0.616 for 0.5 at Hertz). That is
//   Tumble's form for every pair, so e_in is solved from P(e_in) = Tumble's coefficient: 2 zeta
//   (linear, F = kn d - 2 zeta sqrt(m* kn) v) or alpha (Hertz, alpha sqrt(m* kh) d^(1/4) v with
//   LAMMPS's sqrt(m* 4/3 E* a), a = sqrt(R* d), the same). e = 1 is `damping velocity` 0.
// - Hertz moduli: a pair_coeff's `hertz/material E e nu` is E* = E / (2 (1 - nu^2)) and a wall's
//   is E / (2 (1 - nu)) (its bug), so E is given as 2 (1 - nu^2) E* or 2 (1 - nu) E*. Mindlin's
//   tangential stiffness is given explicitly as 8 G* (a wall's default is 0.55 E, its other bug),
//   and Tumble's tangential dashpot 2/sqrt(6) alpha sqrt(m* kt) is xgammat = 2 sqrt(G*/E*) times
//   the normal one.
// - Rolling: `rolling sds k 0 mu_r` is a moment k R*^2 theta capped at mu_r R* |F_n|; Tumble's
//   spring is 2.25 kn' (mu_r R*)^2 with kn' the normal spring's tangent stiffness: exact for the
//   linear law (k = 2.25 kn mu_r^2), and for Hertz (kn' = 2 E* sqrt(R* d)) taken at a reference
//   pair and overlap (noted).
// - Coulomb's caps: LAMMPS's are on |F_elastic + F_dashpot|, Tumble's friction_limit "total";
//   under "elastic" (Tumble's default) the caps differ while a dashpot acts (noted).
#include <string>
#include <vector>

#include "contact/ContactLaw.h"

namespace tumble {

/// Tsuji's polynomial of LAMMPS 29Sep2021's `damping tsuji`: its dashpot is P(e) sqrt(m* k), -.
double tsujiPolynomial(double e);

/// The e_in in [0, 1] with tsujiPolynomial(e_in) == coefficient; NaN when none (coefficient
/// outside [P(1), P(0)] = [3e-4, 1.2728]: restitutions below about 0.05).
double tsujiInputFor(double coefficient);

/// A contact law as `pair_coeff I J <text>` or `fix ... wall/gran granular <text> ...` words.
struct LammpsGranularModel {
    std::string text;               ///< the sub-model words, numbers in full precision
    std::vector<std::string> notes; ///< what it does not reproduce exactly, one sentence each
};

/// The LAMMPS words of a Tumble pair law. wall: for a fix wall/gran (its Hertz modulus rule);
/// rollingRadius, rollingOverlap: the R* (m) and overlap (m) at which a Hertz rolling stiffness
/// is taken (LAMMPS's is one per type pair).
LammpsGranularModel lammpsGranularModel(const PairLaw& law, bool wall, double rollingRadius, double rollingOverlap);

} // namespace tumble
