#include "bond/BondRest.h"

namespace tumble {

Quat turnZOnto(const Vec3& a)
{
    // the shortest arc from z is regular while a.z >= 0; below, the shortest arc from -z after a
    // half turn about x (which takes z to -z) is
    if (a.z() >= 0.0)
        return Quat(1.0 + a.z(), -a.y(), a.x(), 0.0).normalized();
    const Quat fromMinusZ = Quat(1.0 - a.z(), a.y(), -a.x(), 0.0).normalized();
    return fromMinusZ * Quat(0.0, 1.0, 0.0, 0.0);
}

BondRest BondRest::at(const Vec3& x1, const Quat& p, double r1, const Vec3& x2, const Quat& q, double r2)
{
    BondRest b;
    const Vec3 d = x1 - x2;
    b.length = d.norm();
    const Vec3 n0 = d / b.length;
    const Quat pu = p.normalized(), qu = q.normalized();
    b.axis[0] = (pu.conjugate() * n0).normalized();
    b.axis[1] = (qu.conjugate() * n0).normalized();
    b.rho[0] = b.length * r1 / (r1 + r2);
    b.rho[1] = b.length * r2 / (r1 + r2);
    b.relative = (pu.conjugate() * qu).normalized();
    b.frame = turnZOnto(b.axis[1]);
    return b;
}

} // namespace tumble
