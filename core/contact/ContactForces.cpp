#include "contact/ContactForces.h"

#include <cmath>

namespace tumble {

namespace {

// adds a load applied at lever arm r (m) to body b; centred members carry no moment
inline void applyLoad(World& w, int b, bool centred, const Vec3& r, const Vec3& f, const Vec3& fd)
{
    w.force[b] += f;
    w.dissipativeForce[b] += fd;
    if (!centred) {
        w.torque[b] += r.cross(f);
        w.dissipativeTorque[b] += r.cross(fd);
    }
}

// velocity of body b's material point at lever arm r, m/s
inline Vec3 pointVelocity(const World& w, int b, bool centred, const Vec3& r)
{
    return centred ? w.velocity[b] : Vec3(w.velocity[b] + w.angularVelocity[b].cross(r));
}

} // namespace

ContactSums addContactForces(World& w, const NeighbourList& list)
{
    ContactSums sums;
    for (const PairCandidate& p : list.pairs()) {
        const Vec3 d = w.memberPosition[p.i] - w.memberPosition[p.j];
        const double ri = w.memberRadius[p.i];
        const double reach = ri + w.memberRadius[p.j];
        const double dist2 = d.squaredNorm();
        if (dist2 >= reach * reach || dist2 == 0.0)
            continue;
        const double dist = std::sqrt(dist2);
        const Vec3 n = d / dist;
        const double delta = reach - dist;
        const int a = w.memberBody[p.i];
        const int b = w.memberBody[p.j];
        const bool centredA = w.memberOffset[p.i].isZero(0.0);
        const bool centredB = w.memberOffset[p.j].isZero(0.0);
        // contact point halfway through the overlap, and the lever arms from each centre of mass
        const Vec3 c = w.memberPosition[p.i] - n * (ri - 0.5 * delta);
        const Vec3 ra = c - w.position[a];
        const Vec3 rb = c - w.position[b];
        const double vn = (pointVelocity(w, a, centredA, ra) - pointVelocity(w, b, centredB, rb)).dot(n);
        const double fd = -p.cn * vn;
        const Vec3 f = (p.kn * delta + fd) * n;
        const Vec3 fdv = fd * n;
        applyLoad(w, a, centredA, ra, f, fdv);
        applyLoad(w, b, centredB, rb, -f, -fdv);
        sums.elastic += 0.5 * p.kn * delta * delta;
        ++sums.active;
    }
    for (const WallCandidate& c : list.wallPairs()) {
        const Wall& wall = w.walls[c.wall];
        const double r = w.memberRadius[c.member];
        const double s = (w.memberPosition[c.member] - wall.point).dot(wall.normal);
        const double delta = r - s;
        if (delta <= 0.0)
            continue;
        const int b = w.memberBody[c.member];
        const bool centred = w.memberOffset[c.member].isZero(0.0);
        const Vec3 arm = w.memberPosition[c.member] - wall.normal * (r - 0.5 * delta) - w.position[b];
        const double vn = pointVelocity(w, b, centred, arm).dot(wall.normal);
        const double fd = -c.cn * vn;
        applyLoad(w, b, centred, arm, (c.kn * delta + fd) * wall.normal, fd * wall.normal);
        sums.elastic += 0.5 * c.kn * delta * delta;
        ++sums.active;
    }
    return sums;
}

} // namespace tumble
