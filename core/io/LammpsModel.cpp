#include "io/LammpsModel.h"

#include <cmath>
#include <limits>

#include "io/NumberFormat.h"

namespace tumble {

namespace {

// the restitution slot and damping words for a dashpot coefficient c = P(e_in)
struct Dashpot {
    std::string restitution;
    std::string words;
};

Dashpot dashpot(double c, double restitution, std::vector<std::string>& notes)
{
    if (c <= 0.0)
        return {"0", "damping velocity"}; // (a zero coefficient: no dashpot, e = 1 exactly)
    double e = tsujiInputFor(c);
    if (std::isnan(e)) {
        e = 0.0; // the strongest dashpot damping tsuji gives
        notes.push_back("restitution " + formatSignificant(restitution, 4) +
                        ": LAMMPS 29Sep2021's tsuji dashpot reaches " + formatSignificant(tsujiPolynomial(0.0), 4) +
                        " sqrt(m* k) at most, below Tumble's " + formatSignificant(c, 4) +
                        " sqrt(m* k); exported with the strongest, so LAMMPS rebounds more");
    }
    return {formatNumber(e), "damping tsuji"};
}

} // namespace

double tsujiPolynomial(double e)
{
    return 1.2728 + e * (-4.2783 + e * (11.087 + e * (-22.348 + e * (27.467 + e * (-18.022 + e * 4.8218)))));
}

double tsujiInputFor(double coefficient)
{
    // P falls monotonically on [0, 1]
    if (!(coefficient <= tsujiPolynomial(0.0) && coefficient >= tsujiPolynomial(1.0)))
        return std::numeric_limits<double>::quiet_NaN();
    double lo = 0.0;
    double hi = 1.0;
    for (int k = 0; k < 200 && hi - lo > 0.0; ++k) {
        const double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi)
            break;
        (tsujiPolynomial(mid) > coefficient ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

LammpsGranularModel lammpsGranularModel(const PairLaw& law, bool wall, double rollingRadius, double rollingOverlap)
{
    LammpsGranularModel m;
    const bool hertz = law.model == ContactModelKind::HertzMindlin;
    const Dashpot d = dashpot(hertz ? law.alpha : 2.0 * law.zeta, law.restitution, m.notes);
    double knTangent = 0.0; // the rolling spring's base, N/m
    if (hertz) {
        // any nu in (-1, 1/2) with the E that gives E*; a mixed pair has no single nu, and the
        // tangential stiffness is given explicitly, so nu enters nothing else
        const double nu = 0.3;
        const double e = wall ? 2.0 * (1.0 - nu) * law.youngStar : 2.0 * (1.0 - nu * nu) * law.youngStar;
        const double xgammat = 2.0 * std::sqrt(law.shearStar / law.youngStar);
        m.text = "hertz/material " + formatNumber(e) + " " + d.restitution + " " + formatNumber(nu) + " " + d.words +
                 " tangential mindlin " + formatNumber(8.0 * law.shearStar) + " " + formatNumber(xgammat) + " " +
                 formatNumber(law.friction);
        knTangent = 2.0 * law.youngStar * std::sqrt(rollingRadius * rollingOverlap);
    } else {
        const double kn = law.kn;
        m.text = "hooke " + formatNumber(kn) + " " + d.restitution + " " + d.words + " tangential linear_history " +
                 formatNumber(law.kt) + " 0 " + formatNumber(law.friction);
        knTangent = kn;
    }
    if (law.rollingFriction > 0.0) {
        const double mu = law.rollingFriction;
        m.text += " rolling sds " + formatNumber(2.25 * mu * mu * knTangent) + " 0 " + formatNumber(mu);
        if (hertz)
            m.notes.push_back(
                "Hertz rolling resistance: LAMMPS's rolling stiffness is one per type pair, taken at R* " +
                formatSignificant(rollingRadius, 4) + " m and overlap " + formatSignificant(rollingOverlap, 4) +
                " m; Tumble's follows each contact's radius and overlap");
    }
    if (law.friction > 0.0 && law.frictionLimit == FrictionLimit::Elastic)
        m.notes.push_back("Coulomb limit: LAMMPS caps friction" +
                          std::string(law.rollingFriction > 0.0 ? " and rolling resistance" : "") +
                          " at mu |F_elastic + F_dashpot|, this scene at mu F_elastic (friction_limit \"elastic\"); "
                          "set \"friction_limit\": \"total\" to run LAMMPS's model in Tumble");
    if (hertz && law.friction > 0.0)
        m.notes.push_back("Mindlin at the Coulomb limit: LAMMPS keeps spring plus dashpot at the limit, Tumble "
                          "drops the tangential dashpot there");
    return m;
}

} // namespace tumble
