#include "bond/BondStrength.h"

#include <cmath>

namespace tumble {

bool BondStrength::breaks(const BondLoads& l, const BondStiffness& k) const
{
    const double n = k.kn * l.stretch;
    const double s = k.ks * l.slip;
    const double t = k.kt * std::abs(l.psi);
    const double b = k.kb * l.theta;
    if (criterion == BondCriterion::LinearSum)
        return n / tension + s / shear + t / twist + b / bend > 1.0;
    return n > tension || s > shear || t > twist || b > bend;
}

const char* bondCriterionName(BondCriterion c)
{
    return c == BondCriterion::LinearSum ? "linear_sum" : "independent";
}

} // namespace tumble
