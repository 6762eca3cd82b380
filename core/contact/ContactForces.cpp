#include "contact/ContactForces.h"

#include <cmath>

namespace tumble {

namespace {

// what one contact puts on body a (body b gets the opposite), at the contact point
struct ContactLoad {
    Vec3 force;   // N, total
    Vec3 dashpot; // N, its dissipative part
    Vec3 couple;  // N m, rolling resistance (a pure couple)
};

// the kinematics of one contact, see ContactForces.h
struct ContactGeometry {
    Vec3 n;          // unit normal, from b to a
    double overlap;  // m, > 0
    Vec3 velocity;   // m/s, v_rel at the contact point
    Vec3 slide;      // m, relative displacement of the contact point since the step began
    Vec3 turn;       // rad, relative rotation since the step began
};

// turns a vector stored in an earlier tangent plane into the plane normal to n, keeping its length
inline Vec3 intoPlane(const Vec3& v, const Vec3& n)
{
    const double along = v.dot(n);
    if (along == 0.0)
        return v; // already in the plane (or zero)
    const Vec3 t = v - along * n;
    const double t2 = t.squaredNorm();
    const double e = along * along / t2; // len^2 / t^2 = 1 + e
    if (e < 1e-4) // the normal turns little in a step: sqrt(1 + e) to e^2, remainder < 1e-13
        return t * (1.0 + e * (0.5 - 0.125 * e));
    return t2 > 0.0 ? Vec3(t * std::sqrt(1.0 + e)) : Vec3::Zero();
}

// Books the energy a tangential or rolling spring lost over a committed step. The bodies did the
// work W = 1/2 (k0 u0 + k1 u1) . du on it (the trapezoidal rule, the integrators' own time
// centring) and it holds dE = 1/2 k1 |u1|^2 - 1/2 k0 |u0|^2 more; W - dE left the spring. Without
// slip and with a constant k that is exactly zero. Reset to the limit it is the slip energy,
// mu F_n |du| in steady sliding (not 1/2 k (|u_trial|^2 - |u1|^2), which counts 1/2 k |du|^2
// too much whenever a step slides further than the spring stretches). Hertz-Mindlin's k follows
// the overlap: 1/2 (k0 - k1)(|u0|^2 + u0 . du) of it is the stiffness change, the rest slip.
// k in N/m (N m/rad), u in m (rad).
inline void bookSpring(bool hertz, double k0, double k1, const Vec3& u0, const Vec3& u1, const Vec3& du, bool slipped,
                       double& slip, double& stiffness)
{
    if (!hertz && !slipped)
        return;
    const double lost = 0.5 * (k0 * u0 + k1 * u1).dot(du) - 0.5 * (k1 * u1.squaredNorm() - k0 * u0.squaredNorm());
    const double stiffnessPart = hertz ? 0.5 * (k0 - k1) * (u0.squaredNorm() + u0.dot(du)) : 0.0;
    stiffness += slipped ? stiffnessPart : lost;
    if (slipped)
        slip += lost - stiffnessPart;
}

// a tangential or rolling spring after one increment: the stored value turned into the plane
// normal to n, plus the increment's in-plane part; capped so |k u| <= cap
struct CappedSpring {
    Vec3 stored; // the old value in the new plane
    Vec3 step;   // the in-plane increment
    Vec3 u;      // the new value (at the cap when capped)
    Vec3 load;   // -k u
    bool capped;
};

inline CappedSpring cappedSpring(const Vec3& old, const Vec3& increment, const Vec3& n, double k, double cap)
{
    CappedSpring s;
    s.stored = intoPlane(old, n);
    s.step = increment - increment.dot(n) * n;
    s.u = s.stored + s.step;
    s.load = -k * s.u;
    const double load2 = s.load.squaredNorm();
    s.capped = load2 > cap * cap;
    if (s.capped) {
        s.load *= cap / std::sqrt(load2);
        s.u = -s.load / k;
    }
    return s;
}

// the normal spring and dashpot: magnitudes along n, N
struct NormalForce {
    double elastic;
    double damping;
};

inline NormalForce normalForce(const ContactParams& p, double d, double root, double quarter, double vn, ContactSums& sums)
{
    const double elastic = p.kn * d * root;
    sums.elasticNormal += (p.hertz ? 0.4 : 0.5) * elastic * d;
    ++sums.active;
    return {elastic, -p.cn * quarter * vn};
}

// the contact law: loads on body a, history update (when committing) and energy sums
inline ContactLoad resolve(const ContactParams& p, const ContactGeometry& g, ContactHistory& h, bool commit,
                           ContactSums& sums)
{
    const Vec3& n = g.n;
    const double d = g.overlap;
    const double vn = g.velocity.dot(n);
    // overlap scalings: linear 1; Hertz d^(1/2) for stiffnesses, d^(1/4) for dashpots
    const double root = p.hertz ? std::sqrt(d) : 1.0;
    const double quarter = p.hertz ? std::sqrt(root) : 1.0;
    const double oldRoot = p.hertz ? std::sqrt(h.overlap) : 1.0;

    const NormalForce fn = normalForce(p, d, root, quarter, vn, sums);
    const double fnElastic = fn.elastic;
    ContactLoad load{(fn.elastic + fn.damping) * n, fn.damping * n, Vec3::Zero()};
    // tangent stiffness of the normal spring, N/m (rolling stiffness follows it)
    const double knTangent = p.hertz ? 1.5 * p.kn * root : p.kn;

    if (p.friction > 0.0 && p.kt > 0.0) {
        const double kt = p.kt * root;
        const double limit = p.friction * fnElastic;
        // gross slip (capped): the spring sits at the limit and the friction force is mu F_n exactly
        const CappedSpring s = cappedSpring(h.shear, g.slide, n, kt, limit);
        Vec3 damp = Vec3::Zero();
        if (p.ct > 0.0 && !s.capped) {
            damp = -p.ct * quarter * (g.velocity - vn * n);
            const Vec3 total = s.load + damp;
            const double total2 = total.squaredNorm();
            if (total2 > limit * limit)
                damp = total * (limit / std::sqrt(total2)) - s.load; // the dashpot takes what is left
        }
        load.force += s.load + damp;
        load.dashpot += damp;
        sums.elasticTangential += 0.5 * kt * s.u.squaredNorm();
        if (commit) {
            bookSpring(p.hertz, p.kt * oldRoot, kt, s.stored, s.u, s.step, s.capped, sums.friction, sums.stiffness);
            h.shear = s.u;
        }
    }

    if (p.rollingCap > 0.0) {
        const double kr = p.rollingStiffness * knTangent;
        const double oldKr = p.rollingStiffness * (p.hertz ? 1.5 * p.kn * oldRoot : p.kn);
        const CappedSpring s = cappedSpring(h.roll, g.turn, n, kr, p.rollingCap * fnElastic);
        load.couple = s.load;
        sums.elasticRolling += 0.5 * kr * s.u.squaredNorm();
        if (commit) {
            bookSpring(p.hertz, oldKr, kr, s.stored, s.u, s.step, s.capped, sums.rolling, sums.stiffness);
            h.roll = s.u;
        }
    }
    if (commit)
        h.overlap = d;
    return load;
}

// a contact with normal forces only (no friction, no rolling resistance): as resolve() without
// the springs, and a member at its body's centre (every sphere body) needs no lever arm: its
// spin moves the contact point only along the tangent plane and a normal force has no moment
inline void normalOnly(World& w, const ContactParams& p, const Vec3& n, double d, int a, bool centredA, const Vec3& ra,
                       int b, bool centredB, const Vec3& rb, ContactSums& sums)
{
    Vec3 vrel = w.velocity[a];
    if (!centredA)
        vrel += w.angularVelocity[a].cross(ra);
    if (b >= 0) {
        vrel -= w.velocity[b];
        if (!centredB)
            vrel -= w.angularVelocity[b].cross(rb);
    }
    const double root = p.hertz ? std::sqrt(d) : 1.0;
    const NormalForce fn = normalForce(p, d, root, p.hertz ? std::sqrt(root) : 1.0, vrel.dot(n), sums);
    const Vec3 f = (fn.elastic + fn.damping) * n;
    const Vec3 fd = fn.damping * n;
    w.force[a] += f;
    w.dissipativeForce[kDashpot][a] += fd;
    if (!centredA) {
        w.torque[a] += ra.cross(f);
        w.dissipativeTorque[kDashpot][a] += ra.cross(fd);
    }
    if (b >= 0) {
        w.force[b] -= f;
        w.dissipativeForce[kDashpot][b] -= fd;
        if (!centredB) {
            w.torque[b] -= rb.cross(f);
            w.dissipativeTorque[kDashpot][b] -= rb.cross(fd);
        }
    }
}

// a contact that does not touch (any more): its springs empty, their energy is lost
inline void release(const ContactParams& p, ContactHistory& h, bool commit, ContactSums& sums)
{
    if (!commit || h.overlap == 0.0) // every touching contact stores its overlap when it commits
        return;
    const double root = p.hertz ? std::sqrt(h.overlap) : 1.0;
    sums.friction += 0.5 * p.kt * root * h.shear.squaredNorm();
    sums.rolling += 0.5 * p.rollingStiffness * (p.hertz ? 1.5 * p.kn * root : p.kn) * h.roll.squaredNorm();
    h = ContactHistory{};
}

// dashpotMoment: false when the dashpot force is along n and the member is centred (its moment
// is zero then)
inline void applyLoad(World& w, int b, const Vec3& arm, const Vec3& force, const Vec3& dashpot, const Vec3& couple,
                      bool dashpotMoment)
{
    w.force[b] += force;
    w.torque[b] += arm.cross(force) + couple;
    w.dissipativeForce[kDashpot][b] += dashpot;
    if (dashpotMoment)
        w.dissipativeTorque[kDashpot][b] += arm.cross(dashpot);
}

} // namespace

ContactSums addContactForces(World& w, NeighbourList& list, const StepMotion& motion, bool commit)
{
    ContactSums sums;
    const std::vector<PairCandidate>& pairs = list.pairs();
    std::vector<ContactHistory>& pairHistory = list.pairHistory();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const PairCandidate& p = pairs[k];
        const Vec3 d = w.memberPosition[p.i] - w.memberPosition[p.j];
        const double ri = w.memberRadius[p.i];
        const double reach = ri + w.memberRadius[p.j];
        const double dist2 = d.squaredNorm();
        if (dist2 >= reach * reach || dist2 == 0.0) {
            release(p.params, pairHistory[k], commit, sums);
            continue;
        }
        const double dist = std::sqrt(dist2);
        const int a = w.memberBody[p.i];
        const int b = w.memberBody[p.j];
        ContactGeometry g;
        g.n = d / dist;
        g.overlap = reach - dist;
        const Vec3 c = w.memberPosition[p.i] - g.n * (ri - 0.5 * g.overlap);
        const Vec3 ra = c - w.position[a];
        const Vec3 rb = c - w.position[b];
        if (!p.params.springs) {
            normalOnly(w, p.params, g.n, g.overlap, a, p.centredI, ra, b, p.centredJ, rb, sums);
            continue;
        }
        g.velocity = (w.velocity[a] + w.angularVelocity[a].cross(ra)) - (w.velocity[b] + w.angularVelocity[b].cross(rb));
        g.slide = (motion.displacement[a] + motion.rotation[a].cross(ra))
                  - (motion.displacement[b] + motion.rotation[b].cross(rb));
        g.turn = motion.rotation[a] - motion.rotation[b];
        const ContactLoad load = resolve(p.params, g, pairHistory[k], commit, sums);
        const bool tangentialDashpot = p.params.ct > 0.0;
        applyLoad(w, a, ra, load.force, load.dashpot, load.couple, tangentialDashpot || !p.centredI);
        applyLoad(w, b, rb, -load.force, -load.dashpot, -load.couple, tangentialDashpot || !p.centredJ);
    }
    const std::vector<WallCandidate>& walls = list.wallPairs();
    std::vector<ContactHistory>& wallHistory = list.wallHistory();
    for (std::size_t k = 0; k < walls.size(); ++k) {
        const WallCandidate& cand = walls[k];
        const Wall& wall = w.walls[cand.wall];
        const double r = w.memberRadius[cand.member];
        const double s = (w.memberPosition[cand.member] - wall.point).dot(wall.normal);
        if (s >= r) {
            release(cand.params, wallHistory[k], commit, sums);
            continue;
        }
        const int b = w.memberBody[cand.member];
        ContactGeometry g;
        g.n = wall.normal;
        g.overlap = r - s;
        const Vec3 arm = w.memberPosition[cand.member] - wall.normal * (r - 0.5 * g.overlap) - w.position[b];
        if (!cand.params.springs) {
            normalOnly(w, cand.params, g.n, g.overlap, b, cand.centred, arm, -1, true, arm, sums);
            continue;
        }
        g.velocity = w.velocity[b] + w.angularVelocity[b].cross(arm);
        g.slide = motion.displacement[b] + motion.rotation[b].cross(arm);
        g.turn = motion.rotation[b];
        const ContactLoad load = resolve(cand.params, g, wallHistory[k], commit, sums);
        applyLoad(w, b, arm, load.force, load.dashpot, load.couple, cand.params.ct > 0.0 || !cand.centred);
    }
    return sums;
}

} // namespace tumble
