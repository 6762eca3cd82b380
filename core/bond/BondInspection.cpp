#include "bond/BondInspection.h"

#include <cmath>

#include "bond/WangAngles.h"

namespace tumble {

double BondInspection::energy() const
{
    double e = 0.0;
    for (double modeEnergy : loads.energy)
        e += modeEnergy;
    return e;
}

BondInspection inspectBond(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                           const BondStiffness& k)
{
    return inspectBond(x1, p, x2, q, rest, k, bondLoads(x1, p, x2, q, rest, k));
}

BondInspection inspectBond(const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const BondRest& rest,
                           const BondStiffness& k, const BondLoads& loads)
{
    BondInspection out;
    out.loads = loads;
    const BondLoads& l = out.loads;
    // the generalised forces, as BondStrength measures them
    out.tension = k.kn * l.stretch;
    out.shearForce = k.ks * l.slip;
    out.twistMoment = k.kt * l.psi;
    out.bendMoment = k.kb * l.theta;
    // phi needs the bond frame: g = h* q* D q h with D = p c q* (docs/BONDS.md)
    const Quat g = rest.frame.conjugate() * q.conjugate() * p * rest.relative * rest.frame;
    out.phi = wangAngles(g.normalized()).phi;
    const Quat frame = (q * rest.frame).normalized();
    out.frame[0] = frame * Vec3::UnitX();
    out.frame[1] = frame * Vec3::UnitY();
    out.frame[2] = frame * Vec3::UnitZ();
    out.bendDirection = std::cos(out.phi) * out.frame[0] + std::sin(out.phi) * out.frame[1];
    // where a break is marked (Simulation::bondBreaks): body 1's material point
    out.contactPoint = x1 - rest.rho[0] * (p * rest.axis[0]);
    return out;
}

} // namespace tumble
