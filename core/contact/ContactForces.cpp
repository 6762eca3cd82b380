#include "contact/ContactForces.h"

#include "contact/ImageTable.h"
#include "math/Atan2Lanes.h"
#include "math/LaneRows.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

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
    Vec3 n;         // unit normal, from b to a
    double overlap; // m, > 0
    Vec3 velocity;  // m/s, v_rel at the contact point
    Vec3 slide;     // m, relative displacement of the contact point since the step began
    Vec3 turn;      // rad, relative rotation since the step began
};

// turns a vector stored in an earlier tangent plane into the plane normal to n, keeping its length
[[gnu::always_inline]] inline Vec3 intoPlane(const Vec3& v, const Vec3& n)
{
    const double along = v.dot(n);
    if (along == 0.0)
        return v; // already in the plane (or zero)
    const Vec3 t = v - along * n;
    const double t2 = t.squaredNorm();
    const double e = along * along / t2; // len^2 / t^2 = 1 + e
    if (e < 1e-4)                        // the normal turns little in a step: sqrt(1 + e) to e^2, remainder < 1e-13
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
[[gnu::always_inline]] inline void bookSpring(bool hertz, double k0, double k1, const Vec3& u0, const Vec3& u1,
                                              const Vec3& du, bool slipped, double& slip, double& stiffness)
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

[[gnu::always_inline]] inline CappedSpring cappedSpring(const Vec3& old, const Vec3& increment, const Vec3& n, double k,
                                                        double cap)
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

[[gnu::always_inline]] inline NormalForce normalForce(const ContactParams& p, bool hertz, double d, double root,
                                                      double quarter, double vn, bool elasticSums, ContactSums& sums)
{
    const double elastic = p.kn * d * root;
    if (elasticSums)
        sums.elasticNormal += (hertz ? 0.4 : 0.5) * elastic * d;
    ++sums.active;
    return {elastic, -p.cn * quarter * vn};
}

// the contact law: loads on body a, history update (when committing) and energy sums
// a contact's history entry: pointers into the ContactHistory arrays (shear, roll null when absent)
struct HistoryEntry {
    Vec3* shear;
    Vec3* roll;
    double* overlap;
};

// the ContactHistory arrays as raw pointers (shear, roll null when absent), taken once per loop
struct HistoryView {
    Vec3* shear;
    Vec3* roll;
    double* overlap;
    explicit HistoryView(ContactHistory& h)
        : shear(h.hasShear() ? h.shear.data() : nullptr), roll(h.hasRoll() ? h.roll.data() : nullptr),
          overlap(h.overlap.data())
    {
    }
    HistoryEntry operator[](std::size_t k) const
    {
        return {shear ? shear + k : nullptr, roll ? roll + k : nullptr, overlap + k};
    }
};

// the World arrays the contact loop reads and writes, as raw pointers taken once per loop (a
// store through one cannot make the compiler reload the others' vector bookkeeping)
struct BodyView {
    const Vec3* position;        // m
    const Vec3* velocity;        // m/s
    const Vec3* angularVelocity; // rad/s
    const Vec3* displacement;    // m, since the step began
    const Vec3* rotation;        // rad, likewise
    Vec3* force;                 // N
    Vec3* torque;                // N m
    Vec3* dashForce;             // N, dashpot channel
    Vec3* dashTorque;            // N m
    BodyView(World& w, const StepMotion& m)
        : position(w.position.data()), velocity(w.velocity.data()), angularVelocity(w.angularVelocity.data()),
          displacement(m.displacement.data()), rotation(m.rotation.data()), force(w.force.data()),
          torque(w.torque.data()), dashForce(w.dissipativeForce[kDashpot].data()),
          dashTorque(w.dissipativeTorque[kDashpot].data())
    {
    }
};

// Which parts of the law a contact has (ContactParams::law): read at run time (RuntimeLaw), or
// fixed at compile time (FixedLaw) so the commonest laws get their own loop body without the
// others' branches and live values. Both give the same arithmetic for the same contact.
struct RuntimeLaw {
    static bool hertz(const ContactParams& p) { return (p.law & kLawHertz) != 0; }
    static bool shear(const ContactParams& p) { return (p.law & kLawShear) != 0; }
    static bool rolling(const ContactParams& p) { return (p.law & kLawRolling) != 0; }
    static bool shearDashpot(const ContactParams& p) { return (p.law & kLawShearDashpot) != 0; }
    static bool totalCap(const ContactParams& p) { return (p.law & kLawTotalCap) != 0; }
    static bool springs(const ContactParams& p) { return p.springs; }
};
template <unsigned char Bits> struct FixedLaw {
    static constexpr bool hertz(const ContactParams&) { return (Bits & kLawHertz) != 0; }
    static constexpr bool shear(const ContactParams&) { return (Bits & kLawShear) != 0; }
    static constexpr bool rolling(const ContactParams&) { return (Bits & kLawRolling) != 0; }
    static constexpr bool shearDashpot(const ContactParams&) { return (Bits & kLawShearDashpot) != 0; }
    static constexpr bool totalCap(const ContactParams&) { return (Bits & kLawTotalCap) != 0; }
    static constexpr bool springs(const ContactParams&) { return (Bits & (kLawShear | kLawRolling)) != 0; }
};

template <class Law>
[[gnu::always_inline]] inline ContactLoad resolve(const ContactParams& p, const ContactGeometry& g,
                                                  const HistoryEntry& h, bool commit, bool elasticSums,
                                                  ContactSums& sums)
{
    const Vec3& n = g.n;
    const double d = g.overlap;
    const double vn = g.velocity.dot(n);
    // overlap scalings: linear 1; Hertz d^(1/2) for stiffnesses, d^(1/4) for dashpots
    const double root = Law::hertz(p) ? std::sqrt(d) : 1.0;
    const double quarter = Law::hertz(p) ? std::sqrt(root) : 1.0;
    const double oldRoot = Law::hertz(p) ? std::sqrt(*h.overlap) : 1.0;

    const NormalForce fn = normalForce(p, Law::hertz(p), d, root, quarter, vn, elasticSums, sums);
    const double fnElastic = fn.elastic;
    // the normal force Coulomb's caps scale with: elastic (PFC's), or total with the dashpot (LAMMPS's)
    const double fnCap = Law::totalCap(p) ? std::abs(fn.elastic + fn.damping) : fnElastic;
    ContactLoad load{(fn.elastic + fn.damping) * n, fn.damping * n, Vec3::Zero()};
    // tangent stiffness of the normal spring, N/m (rolling stiffness follows it)
    const double knTangent = Law::hertz(p) ? 1.5 * p.kn * root : p.kn;

    if (Law::shear(p)) {
        const double kt = p.kt * root;
        const double limit = p.friction * fnCap;
        // gross slip (capped): the spring sits at the limit and the friction force is mu F_n exactly
        const CappedSpring s = cappedSpring(*h.shear, g.slide, n, kt, limit);
        Vec3 damp = Vec3::Zero();
        if (Law::shearDashpot(p) && !s.capped) {
            damp = -p.ct * quarter * (g.velocity - vn * n);
            const Vec3 total = s.load + damp;
            const double total2 = total.squaredNorm();
            if (total2 > limit * limit)
                damp = total * (limit / std::sqrt(total2)) - s.load; // the dashpot takes what is left
        }
        load.force += s.load + damp;
        load.dashpot += damp;
        if (elasticSums)
            sums.elasticTangential += 0.5 * kt * s.u.squaredNorm();
        if (commit) {
            bookSpring(Law::hertz(p), p.kt * oldRoot, kt, s.stored, s.u, s.step, s.capped, sums.friction,
                       sums.stiffness);
            *h.shear = s.u;
        }
    }

    if (Law::rolling(p)) {
        const double kr = p.rollingStiffness * knTangent;
        const double oldKr = p.rollingStiffness * (Law::hertz(p) ? 1.5 * p.kn * oldRoot : p.kn);
        const CappedSpring s = cappedSpring(*h.roll, g.turn, n, kr, p.rollingCap * fnCap);
        load.couple = s.load;
        if (elasticSums)
            sums.elasticRolling += 0.5 * kr * s.u.squaredNorm();
        if (commit) {
            bookSpring(Law::hertz(p), oldKr, kr, s.stored, s.u, s.step, s.capped, sums.rolling, sums.stiffness);
            *h.roll = s.u;
        }
    }
    if (commit)
        *h.overlap = d;
    return load;
}

// What one contact puts on one of its bodies: the force, its moment about the body's centre,
// and their dashpot parts. torque (dashTorque) is only read when hasTorque (hasDashTorque).
struct SideLoad {
    Vec3 force = Vec3::Zero();      // N
    Vec3 torque = Vec3::Zero();     // N m
    Vec3 dashpot = Vec3::Zero();    // N
    Vec3 dashTorque = Vec3::Zero(); // N m
};

// adds one side's loads to body b. The deferred form below does the same arithmetic, so where a
// load is added does not change its bits.
[[gnu::always_inline]] inline void applySide(const BodyView& w, int b, const SideLoad& l, bool hasTorque,
                                             bool hasDashTorque)
{
    w.force[b] += l.force;
    if (hasTorque)
        w.torque[b] += l.torque;
    w.dashForce[b] += l.dashpot;
    if (hasDashTorque)
        w.dashTorque[b] += l.dashTorque;
}

[[gnu::always_inline]] inline void deferSide(DeferredLoad& d, const SideLoad& l, bool hasTorque, bool hasDashTorque)
{
    d.force = l.force;
    d.flags = kDeferredLoad;
    if (hasTorque) {
        d.torque = l.torque;
        d.flags |= kDeferredTorque;
    }
    d.dashpot = l.dashpot;
    if (hasDashTorque) {
        d.dashTorque = l.dashTorque;
        d.flags |= kDeferredDashTorque;
    }
}

// a contact with normal forces only (no friction, no rolling resistance): as resolve() without
// the springs, and a member at its body's centre (every sphere body) needs no lever arm: its
// spin moves the contact point only along the tangent plane and a normal force has no moment
[[gnu::always_inline]] inline Vec3 normalOnly(const BodyView& w, const ContactParams& p, const Vec3& n, double d, int a,
                                              bool centredA, const Vec3& ra, int b, bool centredB, const Vec3& rb,
                                              bool elasticSums, ContactSums& sums, Vec3& dashpot,
                                              const Vec3& imageVelocity = Vec3::Zero())
{
    Vec3 vrel = w.velocity[a] - imageVelocity;
    if (!centredA)
        vrel += w.angularVelocity[a].cross(ra);
    if (b >= 0) {
        vrel -= w.velocity[b];
        if (!centredB)
            vrel -= w.angularVelocity[b].cross(rb);
    }
    const double root = p.hertz ? std::sqrt(d) : 1.0;
    const NormalForce fn =
        normalForce(p, p.hertz, d, root, p.hertz ? std::sqrt(root) : 1.0, vrel.dot(n), elasticSums, sums);
    dashpot = fn.damping * n;
    return (fn.elastic + fn.damping) * n;
}

// a contact that stopped touching at a committed evaluation (its stored overlap is not zero):
// its springs empty, their energy is lost
[[gnu::always_inline]] inline void release(const ContactParams& p, const HistoryView& h, std::size_t k,
                                           ContactSums& sums)
{
    const double root = p.hertz ? std::sqrt(h.overlap[k]) : 1.0;
    h.overlap[k] = 0.0;
    if (h.shear) {
        sums.friction += 0.5 * p.kt * root * h.shear[k].squaredNorm();
        h.shear[k].setZero();
    }
    if (h.roll) {
        sums.rolling += 0.5 * p.rollingStiffness * (p.hertz ? 1.5 * p.kn * root : p.kn) * h.roll[k].squaredNorm();
        h.roll[k].setZero();
    }
}

// What a pair kernel reads and writes: the candidates' arrays as raw pointers, taken once per block.
struct PairContext {
    BodyView body;
    const ContactParams* table;
    const PairScale* scales; // per candidate, null with a class table (NeighbourList::pairScales)
    HistoryView history;
    const Vec3* memberPosition; // m
    const double* memberRadius; // m
    const int* memberBody;
    bool commit;
    bool elastic; // sum the springs' elastic energy (ElasticSums)
    ContactSums* sums;
    const ImageTable* images = nullptr; // in a periodic cell: where member j's image is (NeighbourList::images)
};

// the branch from body b's image's centre to body a's (m): a pair across a periodic face
// names b's image at its position plus the image's shift
[[gnu::always_inline]] inline Vec3 branch(const PairContext& c, const PairCandidate& p, int a, int b)
{
    return c.body.position[a] - c.body.position[b] - c.images->shift[p.image];
}

// a contact's share of the virial: its load f on body a (N) and the dashpot part of it, over
// the branch l (m)
[[gnu::always_inline]] inline void addVirial(ContactSums& sums, const Vec3& f, const Vec3& dashpot, const Vec3& l)
{
    sums.virial.noalias() += f * l.transpose();
    sums.dashpotVirial.noalias() += dashpot * l.transpose();
}

// One touching pair past the distance test (d = p_i - p_j, m; dist2 = |d|^2, m^2): the normal, lever
// arms, kinematics, the law, and the loads on both bodies (member j's body's left in slot when it
// is not null). Centred: both members sit at their bodies' centres, known at compile time.
template <class Law, bool Centred, bool Blocked, bool Periodic = false>
[[gnu::always_inline]] inline void pairKernelBody(const PairContext& c, const PairCandidate& p, std::size_t k,
                                                  const Vec3& d, double dist2, DeferredLoad* slot)
{
    const BodyView& body = c.body;
    ContactParams scaledParams;
    const ContactParams* table = &c.table[p.params];
    if (c.scales) {
        scaledParams = scaled(*table, c.scales[k]);
        table = &scaledParams;
    }
    const ContactParams& params = *table;
    ContactSums& sums = *c.sums;
    const double dist = std::sqrt(dist2);
    const Vec3 n = d * (1.0 / dist); // (one division, not three)
    const double ri = c.memberRadius[p.i];
    const double rj = c.memberRadius[p.j];
    const double overlap = (ri + rj) - dist;
    const int a = c.memberBody[p.i];
    const int b = c.memberBody[p.j];
    const bool centredI = Centred || p.centredI;
    const bool centredJ = Centred || p.centredJ;
    // lever arms from the bodies' centres to the contact point, halfway through the overlap.
    // Two members at their bodies' centres (two spheres) have arms along the normal,
    // ra = -reachI n and rb = reachJ n, so w_a x ra - w_b x rb = -(reachI w_a + reachJ w_b) x n
    // and the moments of a load F are -reachI n x F and -reachJ n x F (of -F on b): one cross
    // product for each instead of two.
    const double reachI = ri - 0.5 * overlap;
    const double reachJ = rj - 0.5 * overlap;
    const bool spheres = centredI && centredJ;
    Vec3 ra = Vec3::Zero();
    Vec3 rb = Vec3::Zero(); // read only off centre
    if (!spheres) {
        const Vec3 cp = c.memberPosition[p.i] - n * reachI;
        ra = cp - body.position[a];
        rb = cp - body.position[b];
        if constexpr (Periodic)
            rb -= c.images->shift[p.image]; // from the centre of body b's image
    }
    // the moments about the two centres of a load f on a (-f on b)
    auto moments = [&](const Vec3& f, Vec3& ma, Vec3& mb) {
        if (spheres) {
            const Vec3 nf = n.cross(f);
            ma = -reachI * nf;
            mb = -reachJ * nf;
        } else {
            ma = ra.cross(f);
            mb = rb.cross(-f);
        }
    };
    SideLoad la, lb;
    if (!Law::springs(params)) {
        // a normal force has no moment about a centred member's body
        if constexpr (Periodic)
            la.force = normalOnly(body, params, n, overlap, a, centredI, ra, b, centredJ, rb, c.elastic, sums,
                                  la.dashpot, c.images->velocity[p.image]);
        else
            la.force =
                normalOnly(body, params, n, overlap, a, centredI, ra, b, centredJ, rb, c.elastic, sums, la.dashpot);
        lb.force = -la.force;
        lb.dashpot = -la.dashpot;
        if (!spheres) {
            moments(la.force, la.torque, lb.torque);
            moments(la.dashpot, la.dashTorque, lb.dashTorque);
        }
        applySide(body, a, la, !centredI, !centredI);
        if (Blocked && slot)
            deferSide(*slot, lb, !centredJ, !centredJ);
        else
            applySide(body, b, lb, !centredJ, !centredJ);
        if constexpr (Periodic)
            addVirial(sums, la.force, la.dashpot, spheres ? d : branch(c, p, a, b));
        return;
    }
    ContactGeometry g;
    g.n = n;
    g.overlap = overlap;
    if (spheres) {
        g.velocity = (body.velocity[a] - body.velocity[b]) -
                     (reachI * body.angularVelocity[a] + reachJ * body.angularVelocity[b]).cross(n);
        g.slide = (body.displacement[a] - body.displacement[b]) -
                  (reachI * body.rotation[a] + reachJ * body.rotation[b]).cross(n);
    } else {
        g.velocity = (body.velocity[a] + body.angularVelocity[a].cross(ra)) -
                     (body.velocity[b] + body.angularVelocity[b].cross(rb));
        g.slide =
            (body.displacement[a] + body.rotation[a].cross(ra)) - (body.displacement[b] + body.rotation[b].cross(rb));
    }
    if constexpr (Periodic) {
        // the image moves with the medium at its shift, relative to body b
        g.velocity -= c.images->velocity[p.image];
        g.slide -= c.images->slide[p.image];
    }
    g.turn = body.rotation[a] - body.rotation[b];
    const ContactLoad load = resolve<Law>(params, g, c.history[k], c.commit, c.elastic, sums);
    la.force = load.force;
    lb.force = -load.force;
    la.dashpot = load.dashpot;
    lb.dashpot = -load.dashpot;
    moments(load.force, la.torque, lb.torque);
    if (Law::rolling(params)) {
        la.torque += load.couple;
        lb.torque -= load.couple;
    }
    const bool tangentialDashpot = Law::shearDashpot(params);
    const bool dashMomentA = tangentialDashpot || !centredI;
    const bool dashMomentB = tangentialDashpot || !centredJ;
    if (dashMomentA || dashMomentB)
        moments(load.dashpot, la.dashTorque, lb.dashTorque);
    applySide(body, a, la, true, dashMomentA);
    if (Blocked && slot)
        deferSide(*slot, lb, true, dashMomentB);
    else
        applySide(body, b, lb, true, dashMomentB);
    if constexpr (Periodic)
        addVirial(sums, la.force, la.dashpot, spheres ? d : branch(c, p, a, b));
}

// pairKernelBody as a function of its own for each instance, called through a table, so the
// candidate loop stays small and each law's body gets its own registers
template <class Law, bool Centred, bool Blocked, bool Periodic = false>
[[gnu::noinline, gnu::flatten]] void pairKernel(const PairContext& c, const PairCandidate& p, std::size_t k,
                                                const Vec3& d, double dist2, DeferredLoad* slot)
{
    pairKernelBody<Law, Centred, Blocked, Periodic>(c, p, k, d, dist2, slot);
}

using PairKernel = void (*)(const PairContext&, const PairCandidate&, std::size_t, const Vec3&, double, DeferredLoad*);

// A kernel table, entry (both members centred ? kLawCentred : 0) | ContactParams::law, from
// make.operator()<Law, Centred>() (one kernel instance): the commonest laws between centred
// members (every pair of spheres, a sphere on a wall) get a kernel of their own, everything else
// reads its law at run time.
template <class Kernel, class Make> constexpr std::array<Kernel, 2 * kLawCentred> kernelTable(Make make)
{
    std::array<Kernel, 2 * kLawCentred> t{};
    for (std::size_t i = 0; i < kLawCentred; ++i) {
        t[i] = make.template operator()<RuntimeLaw, false>();
        t[kLawCentred + i] = make.template operator()<RuntimeLaw, true>();
    }
    auto fixed = [&]<unsigned char Bits>() {
        t[kLawCentred + Bits] = make.template operator()<FixedLaw<Bits>, true>();
    };
    fixed.template operator()<kLawShear>();
    fixed.template operator()<kLawShear | kLawRolling>();
    fixed.template operator()<kLawHertz | kLawShear | kLawShearDashpot>();
    fixed.template operator()<kLawHertz | kLawShear | kLawRolling | kLawShearDashpot>();
    return t;
}

// Touching pairs held back for linearLanes, as the candidate loop found them: index k, branch
// d = p_i - p_j (m) and |d|^2 (m^2), deferred slot (null: member j's body is in the block).
struct HeldPairs {
    alignas(32) double dx[4], dy[4], dz[4], dist2[4];
    std::size_t k[4];
    DeferredLoad* slot[4];
    int count = 0;
};

// the bodies, radii (m) and constants (scaled() gives them: N/m, N s/m, N/m, -, m, m^2) of the
// four held pairs, one per lane
template <bool Rolling> struct PairLanes {
    alignas(32) double ri[4], rj[4], kn[4], cn[4], kt[4], mu[4], rollingCap[4], rollingStiffness[4];
    int a[4], b[4];

    [[gnu::always_inline]] PairLanes(const PairContext& c, const PairCandidate* pairs, const HeldPairs& h)
    {
        for (int e = 0; e < 4; ++e) {
            const std::size_t index = h.k[e];
            const PairCandidate& pair = pairs[index];
            a[e] = c.memberBody[pair.i];
            b[e] = c.memberBody[pair.j];
            ri[e] = c.memberRadius[pair.i];
            rj[e] = c.memberRadius[pair.j];
            const ContactParams& unit = c.table[pair.params];
            const ContactParams p = c.scales ? scaled(unit, c.scales[index]) : unit;
            kn[e] = p.kn;
            cn[e] = p.cn;
            kt[e] = p.kt;
            mu[e] = p.friction;
            if constexpr (Rolling) {
                rollingCap[e] = p.rollingCap;
                rollingStiffness[e] = p.rollingStiffness;
            }
        }
    }
};

[[gnu::always_inline]] inline Lanes4 heldLanes(const double* v)
{
    Lanes4 l;
    std::memcpy(&l, v, sizeof l);
    return l;
}

// the Vec3s v[i[0..3]] as lanes
template <class Index> [[gnu::always_inline]] inline Vec3Lanes gatherVec3(const Vec3* v, const Index* i)
{
    const double* p[4] = {v[i[0]].data(), v[i[1]].data(), v[i[2]].data(), v[i[3]].data()};
    Vec3Lanes l;
    gatherPositions(p, l.x, l.y, l.z);
    return l;
}

// cappedSpring on lanes, intoPlane's branches as selects: the spring stored in an earlier tangent
// plane turned into the plane normal to n, plus the increment's in-plane part, capped so that
// |k u| <= cap; and what bookSpring books when a linear spring slipped (zero where it did not)
struct SpringLanes {
    Vec3Lanes stored, step, u, load;
    Lanes4Mask capped;
    Lanes4 lost;

    [[gnu::always_inline]] SpringLanes(const Vec3Lanes& old, const Vec3Lanes& increment, const Vec3Lanes& n, Lanes4 k,
                                       Lanes4 cap)
    {
        auto dotN = [&](const Vec3Lanes& v) { return (v.x * n.x + v.y * n.y) + v.z * n.z; };
        const Lanes4 along = dotN(old);
        const Lanes4 tx = old.x - along * n.x, ty = old.y - along * n.y, tz = old.z - along * n.z;
        const Lanes4 t2 = (tx * tx + ty * ty) + tz * tz;
        const Lanes4 e = along * along / t2;
        const auto series = e < 1e-4;
        Lanes4 grow = 1.0 + e * (0.5 - 0.125 * e);
        if (!allLanes(std::bit_cast<Lanes4Mask>(series)))
            grow = pick(series, grow, sqrtLanes(1.0 + e));
        const auto keep = along == 0.0;           // already in the plane (or zero)
        const auto empty = ~series & ~(t2 > 0.0); // (t2 > 0 false: no tangential part)
        const Lanes4 zero{};
        stored = {pick(keep, old.x, pick(empty, zero, tx * grow)), pick(keep, old.y, pick(empty, zero, ty * grow)),
                  pick(keep, old.z, pick(empty, zero, tz * grow))};
        const Lanes4 along2 = dotN(increment);
        step = {increment.x - along2 * n.x, increment.y - along2 * n.y, increment.z - along2 * n.z};
        u = {stored.x + step.x, stored.y + step.y, stored.z + step.z};
        const Lanes4 minusK = -k;
        load = {minusK * u.x, minusK * u.y, minusK * u.z};
        const Lanes4 load2 = (load.x * load.x + load.y * load.y) + load.z * load.z;
        const auto over = load2 > cap * cap;
        capped = std::bit_cast<Lanes4Mask>(over);
        lost = Lanes4{};
        if (noLanes(capped))
            return;
        const Lanes4 f = cap / sqrtLanes(load2);
        load = {pick(over, load.x * f, load.x), pick(over, load.y * f, load.y), pick(over, load.z * f, load.z)};
        u = {pick(over, -load.x / k, u.x), pick(over, -load.y / k, u.y), pick(over, -load.z / k, u.z)};
        const Lanes4 cx = k * stored.x + k * u.x, cy = k * stored.y + k * u.y, cz = k * stored.z + k * u.z;
        lost = 0.5 * ((cx * step.x + cy * step.y) + cz * step.z) - 0.5 * (k * squaredNorm(u) - k * squaredNorm(stored));
    }

    [[gnu::always_inline]] static Lanes4 squaredNorm(const Vec3Lanes& v) { return (v.x * v.x + v.y * v.y) + v.z * v.z; }

    // pair by pair: the spring's elastic energy 1/2 k |u|^2 into energy (J) when summed, its loss
    // where it slipped into loss (J; the stiffness term gets resolve's zero), and its new value
    // into history[index[l]]
    [[gnu::always_inline]] void book(Lanes4 k, bool elastic, double& energy, double& loss, double& stiffness,
                                     Vec3* history, const std::size_t* index) const
    {
        alignas(32) double e[4];
        if (elastic) {
            const Lanes4 stored = 0.5 * k * squaredNorm(u);
            std::memcpy(e, &stored, sizeof e);
            for (int l = 0; l < 4; ++l)
                energy += e[l];
        }
        std::memcpy(e, &lost, sizeof e);
        for (int l = 0; l < 4; ++l) {
            if (capped[l]) {
                stiffness += 0.0;
                loss += e[l] - 0.0;
            }
        }
        RowParts r[4];
        splitLanes(u.x, u.y, u.z, r);
        for (int l = 0; l < 4; ++l)
            storeTo(history[index[l]], r[l]);
    }
};

// Four touching pairs of spheres under the linear law with friction (kLawShear), and rolling
// resistance (kLawRolling) with Rolling, one per lane: pairKernelBody<FixedLaw<law>, true,
// Blocked>'s arithmetic operation for operation, in the same order and without fused
// multiply-adds, so every pair's loads, springs and sums have the bits that kernel gives it.
// Branches become per-lane selects (a square root or division that only some lanes need is taken
// when some lane needs it). Each body array's loads are added pair by pair in list order (a
// body's force sees the same sequence of sums as one pair at a time gives it), and so are the
// energy sums. A pair's arithmetic is some 150 operations (250 with rolling), so four at a time
// take a fraction of the instructions, and one square root and one division serve four pairs.
template <bool Blocked, bool Rolling>
[[gnu::always_inline]] inline void linearLanes(const PairContext& c, const PairCandidate* pairs, const HeldPairs& held)
{
    const PairLanes<Rolling> h(c, pairs, held);
    const BodyView& body = c.body;
    ContactSums& sums = *c.sums;
    const Lanes4 Ri = heldLanes(h.ri), Rj = heldLanes(h.rj);
    const Lanes4 dist = sqrtLanes(heldLanes(held.dist2));
    const Lanes4 inv = 1.0 / dist;
    const Vec3Lanes n{heldLanes(held.dx) * inv, heldLanes(held.dy) * inv, heldLanes(held.dz) * inv};
    const Lanes4 overlap = (Ri + Rj) - dist;
    const Lanes4 reachI = Ri - 0.5 * overlap;
    const Lanes4 reachJ = Rj - 0.5 * overlap;
    // v_rel and the slide at the contact point: (v_a - v_b) - (reachI w_a + reachJ w_b) x n
    auto relative = [&](const Vec3* translation, const Vec3Lanes& sa, const Vec3Lanes& sb) {
        const Lanes4 sx = reachI * sa.x + reachJ * sb.x;
        const Lanes4 sy = reachI * sa.y + reachJ * sb.y;
        const Lanes4 sz = reachI * sa.z + reachJ * sb.z;
        const Vec3Lanes ta = gatherVec3(translation, h.a), tb = gatherVec3(translation, h.b);
        return Vec3Lanes{(ta.x - tb.x) - (sy * n.z - sz * n.y), (ta.y - tb.y) - (sz * n.x - sx * n.z),
                         (ta.z - tb.z) - (sx * n.y - sy * n.x)};
    };
    // the normal spring and dashpot (normalForce)
    const Vec3Lanes vel =
        relative(body.velocity, gatherVec3(body.angularVelocity, h.a), gatherVec3(body.angularVelocity, h.b));
    const Lanes4 vn = (vel.x * n.x + vel.y * n.y) + vel.z * n.z;
    const Lanes4 Kn = heldLanes(h.kn);
    const Lanes4 elastic = Kn * overlap;
    const Lanes4 damping = -heldLanes(h.cn) * vn;
    // the tangential spring, capped at Coulomb's limit
    const Lanes4 Kt = heldLanes(h.kt);
    // (the rotations gathered once: the slide's, and the rolling spring's turn)
    const Vec3Lanes rotA = gatherVec3(body.rotation, h.a), rotB = gatherVec3(body.rotation, h.b);
    Vec3Lanes turn{};
    if constexpr (Rolling)
        turn = {rotA.x - rotB.x, rotA.y - rotB.y, rotA.z - rotB.z};
    const SpringLanes shear(gatherVec3(c.history.shear, held.k), relative(body.displacement, rotA, rotB), n, Kt,
                            heldLanes(h.mu) * elastic);
    // the sums, pair by pair; the springs as they are now
    alignas(32) double e[4];
    if (c.elastic) {
        const Lanes4 normalEnergy = 0.5 * elastic * overlap;
        std::memcpy(e, &normalEnergy, sizeof e);
        for (int l = 0; l < 4; ++l)
            sums.elasticNormal += e[l];
    }
    sums.active += 4;
    std::memcpy(e, &overlap, sizeof e);
    for (int l = 0; l < 4; ++l)
        c.history.overlap[held.k[l]] = e[l];
    shear.book(Kt, c.elastic, sums.elasticTangential, sums.friction, sums.stiffness, c.history.shear, held.k);
    RowParts r[4];
    // the total force, with resolve's zero tangential dashpot added (no dashpot in this law)
    const Lanes4 dampZero{};
    const Lanes4 fx = (elastic + damping) * n.x + (shear.load.x + dampZero);
    const Lanes4 fy = (elastic + damping) * n.y + (shear.load.y + dampZero);
    const Lanes4 fz = (elastic + damping) * n.z + (shear.load.z + dampZero);
    // each array's loads: on a, then on b (or b's slot), pair by pair
    splitLanes(fx, fy, fz, r);
    for (int l = 0; l < 4; ++l) {
        addTo(body.force[h.a[l]], r[l]);
        if (Blocked && held.slot[l])
            storeNegated(held.slot[l]->force, r[l]);
        else
            subtractFrom(body.force[h.b[l]], r[l]);
    }
    // the moments -reach n x F about each centre, and the rolling couple
    const Lanes4 mx = n.y * fz - n.z * fy, my = n.z * fx - n.x * fz, mz = n.x * fy - n.y * fx;
    const Lanes4 minusI = -reachI, minusJ = -reachJ;
    Vec3Lanes ta{minusI * mx, minusI * my, minusI * mz};
    Vec3Lanes tb{minusJ * mx, minusJ * my, minusJ * mz};
    if constexpr (Rolling) {
        // (the rolling stiffness follows the normal spring's tangent stiffness, kn when linear)
        const Lanes4 Kr = heldLanes(h.rollingStiffness) * Kn;
        const SpringLanes roll(gatherVec3(c.history.roll, held.k), turn, n, Kr, heldLanes(h.rollingCap) * elastic);
        roll.book(Kr, c.elastic, sums.elasticRolling, sums.rolling, sums.stiffness, c.history.roll, held.k);
        ta = {ta.x + roll.load.x, ta.y + roll.load.y, ta.z + roll.load.z};
        tb = {tb.x - roll.load.x, tb.y - roll.load.y, tb.z - roll.load.z};
    }
    splitLanes(ta.x, ta.y, ta.z, r);
    RowParts rb[4];
    splitLanes(tb.x, tb.y, tb.z, rb);
    for (int l = 0; l < 4; ++l) {
        addTo(body.torque[h.a[l]], r[l]);
        if (Blocked && held.slot[l])
            storeTo(held.slot[l]->torque, rb[l]);
        else
            addTo(body.torque[h.b[l]], rb[l]);
    }
    splitLanes(damping * n.x + dampZero, damping * n.y + dampZero, damping * n.z + dampZero, r);
    for (int l = 0; l < 4; ++l) {
        addTo(body.dashForce[h.a[l]], r[l]);
        if (Blocked && held.slot[l]) {
            storeNegated(held.slot[l]->dashpot, r[l]);
            held.slot[l]->flags = kDeferredLoad | kDeferredTorque;
        } else {
            subtractFrom(body.dashForce[h.b[l]], r[l]);
        }
    }
}

// The candidates of one block whose every pair is of spheres under the linear law with friction
// (and rolling resistance with Rolling): as pairContacts, with the touching pairs taken four at a
// time (linearLanes) and the rest one by one in list order (where a contact opened, before it
// empties its springs, so every sum is added in list order).
template <bool Blocked, bool Rolling>
[[gnu::flatten]] void laneContacts(const PairContext& context, const PairCandidate* pairs, const ContactBlock& block)
{
    constexpr unsigned char kLaw = Rolling ? kLawShear | kLawRolling : kLawShear;
    ContactSums& sums = *context.sums;
    const Vec3* memberPosition = context.memberPosition;
    const double* memberRadius = context.memberRadius;
    const double* overlap = context.history.overlap;
    DeferredLoad* deferred = block.deferred;
    HeldPairs held;
    auto flush = [&] { // one by one: the bits four at a time give them
        for (int e = 0; e < held.count; ++e)
            pairKernelBody<FixedLaw<kLaw>, true, Blocked>(context, pairs[held.k[e]], held.k[e],
                                                          Vec3(held.dx[e], held.dy[e], held.dz[e]), held.dist2[e],
                                                          held.slot[e]);
        held.count = 0;
    };
    const std::size_t end = block.pairEnd;
    for (std::size_t k = block.pairBegin; k < end; ++k) {
        const PairCandidate& p = pairs[k];
        const Vec3 d = memberPosition[p.i] - memberPosition[p.j];
        const double reach = memberRadius[p.i] + memberRadius[p.j];
        const double dist2 = d.squaredNorm();
        // (the blocks are body chunks: a pair leaves its block when its bodies' chunks differ)
        const bool defer = Blocked && p.crossesChunk;
        if (!((dist2 < reach * reach) & (dist2 != 0.0))) {
            // a contact that stopped touching at a committed evaluation empties its springs
            if (overlap[k] != 0.0) {
                flush();
                release(context.scales ? scaled(context.table[p.params], context.scales[k]) : context.table[p.params],
                        context.history, k, sums);
            }
            if (defer)
                (deferred++)->flags = 0;
            continue;
        }
        const int e = held.count++;
        held.k[e] = k;
        held.dx[e] = d.x();
        held.dy[e] = d.y();
        held.dz[e] = d.z();
        held.dist2[e] = dist2;
        held.slot[e] = defer ? deferred++ : nullptr;
        if (held.count == 4) {
            linearLanes<Blocked, Rolling>(context, pairs, held);
            held.count = 0;
        }
    }
    flush();
}

// The pairs of one block; Blocked: some member j may belong to a body outside it; Commit: the
// evaluation ends a step (contacts that opened empty their springs). The loop holds the distance
// test alone; what a touching pair needs is in its kernel, called through a table. Uniform >= 0:
// every candidate is a pair of centred members with that specialised law (NeighbourList::
// uniformLaw: every sphere of a scene of one material), and its kernel is inlined in the loop
// instead, so a touching pair pays no call and the loop and kernel share their registers (the
// same arithmetic).
template <bool Blocked, bool Commit, int Uniform = -1, bool Periodic = false>
[[gnu::flatten]] ContactSums pairContacts(World& w, NeighbourList& list, const StepMotion& motion,
                                          const ContactBlock& block, unsigned centredBit, ElasticSums elastic)
{
    ContactSums sums;
    const PairCandidate* pairs = list.pairs().data();
    const PairContext context{BodyView(w, motion),
                              list.contactParams().data(),
                              list.pairScales().empty() ? nullptr : list.pairScales().data(),
                              HistoryView(list.pairHistory()),
                              w.memberPosition.data(),
                              w.memberRadius.data(),
                              w.memberBody.data(),
                              Commit,
                              elastic == ElasticSums::Summed,
                              &sums,
                              list.images()};
    const ContactParams* table = context.table;
    const Vec3* memberPosition = context.memberPosition;
    const double* memberRadius = context.memberRadius;
    const double* overlap = context.history.overlap;
    DeferredLoad* deferred = block.deferred;
    const std::size_t end = block.pairEnd;
    if constexpr ((Uniform == kLawShear || Uniform == (kLawShear | kLawRolling)) && Commit && !Periodic) {
        laneContacts<Blocked, Uniform == (kLawShear | kLawRolling)>(context, pairs, block);
        return sums;
    }
    for (std::size_t k = block.pairBegin; k < end; ++k) {
        const PairCandidate& p = pairs[k];
        Vec3 d = memberPosition[p.i] - memberPosition[p.j];
        if constexpr (Periodic)
            d -= context.images->shift[p.image];
        const double reach = memberRadius[p.i] + memberRadius[p.j];
        const double dist2 = d.squaredNorm();
        // (the blocks are body chunks: a pair leaves its block when its bodies' chunks differ)
        const bool defer = Blocked && p.crossesChunk;
        if (!((dist2 < reach * reach) & (dist2 != 0.0))) {
            // every touching contact stores its overlap when it commits: zero means nothing to empty
            if (Commit && overlap[k] != 0.0)
                release(context.scales ? scaled(table[p.params], context.scales[k]) : table[p.params], context.history,
                        k, sums);
            if (defer)
                (deferred++)->flags = 0;
            continue;
        }
        if constexpr (Periodic) {
            // a periodic cell's pairs read their law at run time: two kernels (centred or not)
            if (p.centredI && p.centredJ)
                pairKernel<RuntimeLaw, true, Blocked, true>(context, p, k, d, dist2, defer ? deferred++ : nullptr);
            else
                pairKernel<RuntimeLaw, false, Blocked, true>(context, p, k, d, dist2, defer ? deferred++ : nullptr);
        } else if constexpr (Uniform >= 0) {
            pairKernelBody<FixedLaw<static_cast<unsigned char>(Uniform)>, true, Blocked>(context, p, k, d, dist2,
                                                                                         defer ? deferred++ : nullptr);
        } else {
            static constexpr std::array<PairKernel, 2 * kLawCentred> kernels = kernelTable<PairKernel>(
                []<class Law, bool Centred>() -> PairKernel { return &pairKernel<Law, Centred, Blocked>; });
            const unsigned kernel = table[p.params].law | (p.centredI && p.centredJ ? centredBit : 0u);
            kernels[kernel](context, p, k, d, dist2, defer ? deferred++ : nullptr);
        }
    }
    return sums;
}

// a block of a uniform list (Uniform: its law bits), committed evaluations only: every
// single-stage step's (RK4's trial stages take the table)
template <int Uniform>
ContactSums uniformBlock(World& w, NeighbourList& list, const StepMotion& motion, const ContactBlock& block,
                         ElasticSums elastic)
{
    return block.deferred ? pairContacts<true, true, Uniform>(w, list, motion, block, 0, elastic)
                          : pairContacts<false, true, Uniform>(w, list, motion, block, 0, elastic);
}

// One member touching a wall (s: the member centre's height above the plane, m, < its radius):
// as pairKernel, with the wall at rest.
template <class Law, bool Centred>
[[gnu::noinline, gnu::flatten]] void wallKernel(const PairContext& c, const WallCandidate& cand, const Wall& wall,
                                                std::size_t k, double s)
{
    const BodyView& body = c.body;
    const ContactParams& params = c.table[cand.params];
    ContactSums& sums = *c.sums;
    const double r = c.memberRadius[cand.member];
    const int b = c.memberBody[cand.member];
    const bool centred = Centred || cand.centred;
    ContactGeometry g;
    g.n = wall.normal;
    g.overlap = r - s;
    const Vec3 arm = centred
                         ? Vec3(-(r - 0.5 * g.overlap) * wall.normal)
                         : Vec3(c.memberPosition[cand.member] - wall.normal * (r - 0.5 * g.overlap) - body.position[b]);
    if (!Law::springs(params)) {
        Vec3 dashpot;
        const Vec3 force =
            normalOnly(body, params, g.n, g.overlap, b, centred, arm, -1, true, arm, c.elastic, sums, dashpot);
        const SideLoad l{force, centred ? Vec3::Zero() : Vec3(arm.cross(force)), dashpot,
                         centred ? Vec3::Zero() : Vec3(arm.cross(dashpot))};
        applySide(body, b, l, !centred, !centred);
        return;
    }
    g.velocity = body.velocity[b] + body.angularVelocity[b].cross(arm);
    g.slide = body.displacement[b] + body.rotation[b].cross(arm);
    g.turn = body.rotation[b];
    const ContactLoad load = resolve<Law>(params, g, c.history[k], c.commit, c.elastic, sums);
    SideLoad l{load.force, arm.cross(load.force), load.dashpot, Vec3::Zero()};
    if (Law::rolling(params))
        l.torque += load.couple;
    const bool dashMoment = !centred || Law::shearDashpot(params);
    if (dashMoment)
        l.dashTorque = arm.cross(load.dashpot);
    applySide(body, b, l, true, dashMoment);
}

using WallKernel = void (*)(const PairContext&, const WallCandidate&, const Wall&, std::size_t, double);

// the wall candidates [begin, end): the distance test here, a touching member's law in its kernel
ContactSums wallContacts(World& w, NeighbourList& list, const StepMotion& motion, bool commit, std::size_t begin,
                         std::size_t end, unsigned centredBit, ElasticSums elastic)
{
    static constexpr std::array<WallKernel, 2 * kLawCentred> kernels =
        kernelTable<WallKernel>([]<class Law, bool Centred>() -> WallKernel { return &wallKernel<Law, Centred>; });
    ContactSums sums;
    const WallCandidate* walls = list.wallPairs().data();
    const PairContext context{BodyView(w, motion),
                              list.contactParams().data(),
                              nullptr, // (a wall candidate's constants are its own)
                              HistoryView(list.wallHistory()),
                              w.memberPosition.data(),
                              w.memberRadius.data(),
                              w.memberBody.data(),
                              commit,
                              elastic == ElasticSums::Summed,
                              &sums};
    const Wall* wallData = w.walls.data();
    for (std::size_t k = begin; k < end; ++k) {
        const WallCandidate& cand = walls[k];
        const Wall& wall = wallData[cand.wall];
        const double s = (context.memberPosition[cand.member] - wall.point).dot(wall.normal);
        if (s >= context.memberRadius[cand.member]) {
            if (commit && context.history.overlap[k] != 0.0)
                release(context.table[cand.params], context.history, k, sums);
            continue;
        }
        kernels[context.table[cand.params].law | (cand.centred ? centredBit : 0u)](context, cand, wall, k, s);
    }
    return sums;
}

} // namespace

namespace {

// the kernel tables' upper half holds the specialised kernels of centred members
unsigned centredBitOf(ContactKernels kernels)
{
    return kernels == ContactKernels::Specialised ? kLawCentred : 0u;
}

} // namespace

ContactSums addBlockPairContacts(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                                 const ContactBlock& block, ContactKernels kernels, ElasticSums elastic)
{
    const unsigned centredBit = centredBitOf(kernels);
    ContactSums sums;
    // a list of one law between spheres (NeighbourList::uniformLaw) runs that law's loop
    switch (centredBit != 0 && commit && !list.images() ? list.uniformLaw() : -1) {
    case kLawShear:
        sums = uniformBlock<kLawShear>(w, list, motion, block, elastic);
        break;
    case kLawShear | kLawRolling:
        sums = uniformBlock<kLawShear | kLawRolling>(w, list, motion, block, elastic);
        break;
    case kLawHertz | kLawShear | kLawShearDashpot:
        sums = uniformBlock<kLawHertz | kLawShear | kLawShearDashpot>(w, list, motion, block, elastic);
        break;
    case kLawHertz | kLawShear | kLawRolling | kLawShearDashpot:
        sums = uniformBlock<kLawHertz | kLawShear | kLawRolling | kLawShearDashpot>(w, list, motion, block, elastic);
        break;
    default:
        if (list.images()) {
            sums = block.deferred
                       ? (commit ? pairContacts<true, true, -1, true>(w, list, motion, block, centredBit, elastic)
                                 : pairContacts<true, false, -1, true>(w, list, motion, block, centredBit, elastic))
                       : (commit ? pairContacts<false, true, -1, true>(w, list, motion, block, centredBit, elastic)
                                 : pairContacts<false, false, -1, true>(w, list, motion, block, centredBit, elastic));
            break;
        }
        sums = block.deferred ? (commit ? pairContacts<true, true>(w, list, motion, block, centredBit, elastic)
                                        : pairContacts<true, false>(w, list, motion, block, centredBit, elastic))
                              : (commit ? pairContacts<false, true>(w, list, motion, block, centredBit, elastic)
                                        : pairContacts<false, false>(w, list, motion, block, centredBit, elastic));
        break;
    }
    return sums;
}

ContactSums addBlockWallContacts(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                                 const ContactBlock& block, ContactKernels kernels, ElasticSums elastic)
{
    return wallContacts(w, list, motion, commit, block.wallBegin, block.wallEnd, centredBitOf(kernels), elastic);
}

ContactSums addBlockContacts(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& block, ContactKernels kernels, ElasticSums elastic)
{
    ContactSums sums = addBlockPairContacts(w, list, motion, commit, block, kernels, elastic);
    sums.add(addBlockWallContacts(w, list, motion, commit, block, kernels, elastic));
    return sums;
}

ContactSums addContactForces(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             ContactKernels kernels)
{
    ContactBlock all;
    all.pairEnd = list.pairs().size();
    all.wallEnd = list.wallPairs().size();
    all.bodyEnd = static_cast<int>(w.size());
    return addBlockContacts(w, list, motion, commit, all, kernels);
}

} // namespace tumble
