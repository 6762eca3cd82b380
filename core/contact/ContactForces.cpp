#include "contact/ContactForces.h"

#include <cmath>

namespace tumble {

ContactSums addContactForces(World& w, const NeighbourList& list)
{
    ContactSums sums;
    for (const PairCandidate& p : list.pairs()) {
        const Vec3 d = w.position[p.i] - w.position[p.j];
        const double reach = w.radius[p.i] + w.radius[p.j];
        const double dist2 = d.squaredNorm();
        if (dist2 >= reach * reach || dist2 == 0.0)
            continue;
        const double dist = std::sqrt(dist2);
        const Vec3 n = d / dist;
        const double delta = reach - dist;
        const double vn = (w.velocity[p.i] - w.velocity[p.j]).dot(n);
        const double fd = -p.cn * vn;
        const Vec3 f = (p.kn * delta + fd) * n;
        const Vec3 fdv = fd * n;
        w.force[p.i] += f;
        w.force[p.j] -= f;
        w.dissipativeForce[p.i] += fdv;
        w.dissipativeForce[p.j] -= fdv;
        sums.elastic += 0.5 * p.kn * delta * delta;
        ++sums.active;
    }
    for (const WallCandidate& c : list.wallPairs()) {
        const Wall& wall = w.walls[c.wall];
        const double s = (w.position[c.body] - wall.point).dot(wall.normal);
        const double delta = w.radius[c.body] - s;
        if (delta <= 0.0)
            continue;
        const double vn = w.velocity[c.body].dot(wall.normal);
        const double fd = -c.cn * vn;
        w.force[c.body] += (c.kn * delta + fd) * wall.normal;
        w.dissipativeForce[c.body] += fd * wall.normal;
        sums.elastic += 0.5 * c.kn * delta * delta;
        ++sums.active;
    }
    return sums;
}

} // namespace tumble
