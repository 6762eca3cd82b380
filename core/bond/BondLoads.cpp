#include "bond/BondLoads.h"

#include "bond/BondLawKernel.h"

namespace tumble {

BondLoads bondLoads(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                    const BondStiffness& k)
{
    BondLoads out;
    evaluateBondLaw(x1, p, x2, q, rest, k, out);
    return out;
}

} // namespace tumble
