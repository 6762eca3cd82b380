#include "io/LammpsBonds.h"

#include <algorithm>
#include <cmath>

namespace tumble {

std::array<double, 12> bpmRotationalCoefficients(const BondStiffness& k, const BondStrength& s)
{
    auto limit = [](double strength) { return std::isinf(strength) ? kLammpsNoStrength : strength; };
    // a tension left out: past any stretch the bond can reach, yet F_rc / k_r stays 1 m (or a
    // normal mode that is off needs none)
    const double tension =
        std::isinf(s.tension) ? (k.kn > 0.0 ? k.kn * kLammpsNoTensionStretch : kLammpsNoStrength) : s.tension;
    return {k.kn, k.ks, k.kt, k.kb, tension, limit(s.shear), limit(s.twist), limit(s.bend), 0.0, 0.0, 0.0, 0.0};
}

LammpsBonds lammpsBonds(const World& w)
{
    LammpsBonds out;
    const BondSet& bonds = w.bonds;
    bool shear = false, twist = false, unequal = false, incremental = false, independent = false,
         tensionLeftOut = false;
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const BondStiffness& st = bonds.stiffness[k];
        const BondStrength& sg = bonds.strength[k];
        const std::array<double, 12> c = bpmRotationalCoefficients(st, sg);
        const auto found = std::find(out.coefficients.begin(), out.coefficients.end(), c);
        out.type.push_back(static_cast<int>(found - out.coefficients.begin()) + 1);
        if (found == out.coefficients.end())
            out.coefficients.push_back(c);
        shear = shear || st.ks > 0.0;
        twist = twist || st.kt > 0.0;
        const auto& b = bonds.bodies[k];
        unequal = unequal || w.radius[static_cast<std::size_t>(b[0])] != w.radius[static_cast<std::size_t>(b[1])];
        incremental = incremental || bonds.incremental[k];
        const int finite =
            !std::isinf(sg.tension) + !std::isinf(sg.shear) + !std::isinf(sg.twist) + !std::isinf(sg.bend);
        independent = independent || (sg.criterion == BondCriterion::Independent && finite > 1);
        tensionLeftOut = tensionLeftOut || (std::isinf(sg.tension) && st.kn > 0.0);
    }
    auto note = [&](const std::string& n) { out.notes.push_back("bonds: " + n); };
    note("they need LAMMPS with the BPM package (bond_style bpm/rotational, atom_style bpm/sphere, fix "
         "nve/bpm/sphere: 4May2022 or later, first stable release 23Jun2022); Debian 12's LAMMPS (29Sep2021) lacks "
         "it, so this export's bonds were not run against Tumble");
    if (shear)
        note("shear: LAMMPS's shear force is k_s r (gamma + theta/2), arcs at the current length r with the contact "
             "point at the bond's middle (Wang 2009); Tumble's is k_s times the chord of the contact point's slip, the "
             "point dividing L0 in proportion to the radii: the same to first order in the angles" +
             std::string(unequal ? ", and only for equal spheres (this scene bonds unequal ones)" : ""));
    if (twist)
        note("twist: LAMMPS's moment k_t psi acts about body 2's bond axis (Wang's eq. 16), Tumble's k_t psi (e1 + e2) "
             "/ (1 + cos theta) about the bisector of the two material lines (the derivative of 1/2 k_t psi^2): the "
             "same to first order in the bend theta");
    if (incremental)
        note("the incremental law (\"law\": \"incremental\") has no LAMMPS counterpart: those bonds are exported as "
             "Wang's total law");
    if (independent)
        note("breaking: LAMMPS has only the linear sum F_r/F_rc + |F_s|/F_sc + |T_b|/T_bc + |T_t|/T_tc >= 1; bonds "
             "with the \"independent\" criterion and more than one strength break earlier there");
    if (tensionLeftOut)
        note("breaking: a tension strength left out is written as k_r x 1 m (LAMMPS sizes its ghost cutoff by F_rc / "
             "k_r; a bond breaks there only at a stretch of 1 m); shear, twist and bend strengths left out as 1e300");
    note("energy: bpm/rotational reports no bond energy (LAMMPS's single() returns 0), so log.lammps has no "
         "elastic_bond terms");
    return out;
}

} // namespace tumble
