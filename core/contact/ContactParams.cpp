#include "contact/ContactParams.h"

#include <cmath>

namespace tumble {

ContactParams makeContactParams(const PairLaw& law, double rStar, double mStar)
{
    ContactParams p;
    p.friction = law.friction;
    p.rollingCap = law.rollingFriction * rStar;
    p.rollingStiffness = 2.25 * p.rollingCap * p.rollingCap;
    if (law.model == ContactModelKind::HertzMindlin) {
        p.hertz = true;
        p.kn = 4.0 / 3.0 * law.youngStar * std::sqrt(rStar);
        p.kt = 8.0 * law.shearStar * std::sqrt(rStar);
        p.cn = law.alpha * std::sqrt(mStar * p.kn);
        // Tsuji's tangential dashpot 2 sqrt(5/6) beta sqrt(m* S_t) with S_t = kt d^(1/2) and the
        // beta = alpha / sqrt(5) that gives the normal dashpot above
        p.ct = 2.0 / std::sqrt(6.0) * law.alpha * std::sqrt(mStar * p.kt);
    } else {
        p.kn = law.kn;
        p.kt = law.kt;
        p.cn = 2.0 * law.zeta * std::sqrt(mStar * law.kn);
    }
    p.law = static_cast<unsigned char>((p.hertz ? kLawHertz : 0) | (p.friction > 0.0 && p.kt > 0.0 ? kLawShear : 0) |
                                       (p.rollingCap > 0.0 ? kLawRolling : 0) | (p.ct > 0.0 ? kLawShearDashpot : 0) |
                                       (law.frictionLimit == FrictionLimit::Total ? kLawTotalCap : 0));
    p.springs = (p.law & (kLawShear | kLawRolling)) != 0;
    return p;
}

PairScale makePairScale(const PairLaw& law, double rStar, double mStar)
{
    // the same expressions as makeContactParams, so scaled() gives its bits
    PairScale s;
    s.rollingCap = law.rollingFriction * rStar;
    if (law.model == ContactModelKind::HertzMindlin) {
        s.root = std::sqrt(rStar);
        const double kn = 4.0 / 3.0 * law.youngStar * s.root;
        const double kt = 8.0 * law.shearStar * s.root;
        s.cn = law.alpha * std::sqrt(mStar * kn);
        s.ct = 2.0 / std::sqrt(6.0) * law.alpha * std::sqrt(mStar * kt);
    } else {
        s.cn = 2.0 * law.zeta * std::sqrt(mStar * law.kn);
    }
    return s;
}

} // namespace tumble
