#include "sim/BondStage.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>

#if defined(__AVX__)
#include <immintrin.h>
#endif

#include "bond/BondLawKernel.h"
#include "math/LaneRows.h"

namespace tumble {

namespace {

[[gnu::always_inline]] inline Lanes4 loadField(const double* group, int f)
{
    Lanes4 v;
    std::memcpy(&v, group + BondLawTable::kLanes * static_cast<std::size_t>(f), sizeof v);
    return v;
}

// Where a group's four bonds read their bodies' poses and add their loads (lane e: its bond's
// body 1 and body 2), worked out once for the group: the stores that add the loads may alias
// anything, so an address kept here is one load, where one worked out from a body index again
// after each store is several instructions.
struct GroupAddresses {
    alignas(32) const double* x1[4]; // positions' coefficients
    alignas(32) const double* x2[4];
    alignas(32) const double* q1[4]; // orientations' coefficients (Eigen's x y z w)
    alignas(32) const double* q2[4];
    alignas(32) Vec3* f1[4]; // force accumulators
    alignas(32) Vec3* f2[4];
    alignas(32) Vec3* t1[4]; // torque accumulators
    alignas(32) Vec3* t2[4];
};

// The bodies' arrays the addresses point into.
struct BodyArrays {
    const Vec3* position;
    const Quat* orientation;
    Vec3* force;
    Vec3* torque;
};

// From each lane's body indices.
[[gnu::always_inline]] inline void fillAddresses(GroupAddresses& a, const BodyArrays& b, const int* body1,
                                                 const int* body2)
{
    for (int e = 0; e < 4; ++e) {
        a.x1[e] = b.position[body1[e]].data();
        a.x2[e] = b.position[body2[e]].data();
        a.q1[e] = b.orientation[body1[e]].coeffs().data();
        a.q2[e] = b.orientation[body2[e]].coeffs().data();
        a.f1[e] = &b.force[body1[e]];
        a.f2[e] = &b.force[body2[e]];
        a.t1[e] = &b.torque[body1[e]];
        a.t2[e] = &b.torque[body2[e]];
    }
}

// From four bonds' bodies as BondSet::bodies holds them (body 1, body 2 of each, in turn): with
// AVX2 the 32 addresses as base + index * size in 64-bit lanes, eight at a time.
[[gnu::always_inline]] inline void fillAddresses(GroupAddresses& a, const BodyArrays& b,
                                                 const std::array<int, 2>* bodies)
{
#if defined(__AVX2__)
    static_assert(sizeof(Vec3) == 24 && sizeof(Quat) == 32, "the offsets below assume these sizes");
    __m256i v;
    std::memcpy(&v, bodies, sizeof v);
    const __m256i split = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256i i1 = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(split));
    const __m256i i2 = _mm256_cvtepi32_epi64(_mm256_extracti128_si256(split, 1));
    const auto times24 = [](__m256i i) { return _mm256_add_epi64(_mm256_slli_epi64(i, 4), _mm256_slli_epi64(i, 3)); };
    const __m256i o1 = times24(i1), o2 = times24(i2);
    const auto base = [](const void* p) { return _mm256_set1_epi64x(reinterpret_cast<long long>(p)); };
    const auto store = [](void* to, __m256i x) { _mm256_store_si256(static_cast<__m256i*>(to), x); };
    const __m256i x = base(b.position), q = base(b.orientation), f = base(b.force), t = base(b.torque);
    store(a.x1, _mm256_add_epi64(x, o1));
    store(a.x2, _mm256_add_epi64(x, o2));
    store(a.q1, _mm256_add_epi64(q, _mm256_slli_epi64(i1, 5)));
    store(a.q2, _mm256_add_epi64(q, _mm256_slli_epi64(i2, 5)));
    store(a.f1, _mm256_add_epi64(f, o1));
    store(a.f2, _mm256_add_epi64(f, o2));
    store(a.t1, _mm256_add_epi64(t, o1));
    store(a.t2, _mm256_add_epi64(t, o2));
#else
    const int body1[4] = {bodies[0][0], bodies[1][0], bodies[2][0], bodies[3][0]};
    const int body2[4] = {bodies[0][1], bodies[1][1], bodies[2][1], bodies[3][1]};
    fillAddresses(a, b, body1, body2);
#endif
}

// Where a group's four bonds meet their second bodies in a periodic cell: the image of each
// nearest its first body (PeriodicCell::nearestImage), as lanes of its shift H n, and per lane
// the image (ImageTable) and the branch from its centre to the first body's (the virial's l).
struct GroupImages {
    Lanes4 shift[3]; // x y z, m
    Vec3 branch[4];  // m
    unsigned char image[4];
};

// The poses of a group's four bonds, gathered where the law asks for them; kPeriodic: the second
// bodies' nearest images (images).
template <bool kPeriodic> struct GroupPoses {
    const GroupAddresses& a;
    const GroupImages* images;

    [[gnu::always_inline]] void position1(Lanes4& x, Lanes4& y, Lanes4& z) const { gatherPositions(a.x1, x, y, z); }
    [[gnu::always_inline]] void position2(Lanes4& x, Lanes4& y, Lanes4& z) const
    {
        gatherPositions(a.x2, x, y, z);
        if constexpr (kPeriodic) {
            x += images->shift[0];
            y += images->shift[1];
            z += images->shift[2];
        }
    }
    [[gnu::always_inline]] void orientation1(Lanes4& w, Lanes4& x, Lanes4& y, Lanes4& z) const
    {
        gatherOrientations(a.q1, w, x, y, z);
    }
    [[gnu::always_inline]] void orientation2(Lanes4& w, Lanes4& x, Lanes4& y, Lanes4& z) const
    {
        gatherOrientations(a.q2, w, x, y, z);
    }
};

// A group's constants (BondLawTable), loaded where the law asks for them.
struct GroupConstants {
    const double* group;
    [[gnu::always_inline]] Lanes4 value(int f) const { return loadField(group, f); }
};

// a bond's loads and what breaking reads (lane or scalar evaluation alike)
struct BondOut {
    Lanes4 force;     // on body 1 (x y z, unused); body 2's is minus it
    Lanes4 torque[2]; // on bodies 1, 2
    double stretch, slip, theta, psi;
};

// Bond k's loads, added to its bodies in the block or left in the next slot for a body of a
// later chunk: each body's loads are added in one fixed order (bond order; body 1, then 2). Its
// owner (the lower body) lies in the block, so a body is in the block when below its end.
inline void addLoads(World& w, const ContactBlock& b, std::size_t k, const BondOut& o, DeferredLoad*& slot)
{
    const std::size_t i = static_cast<std::size_t>(w.bonds.bodies[k][0]);
    const std::size_t j = static_cast<std::size_t>(w.bonds.bodies[k][1]);
    const bool iIn = static_cast<int>(i) < b.bodyEnd, jIn = static_cast<int>(j) < b.bodyEnd;
    if (iIn && jIn) [[likely]] {
        addTo(w.force[i], o.force);
        addTo(w.torque[i], o.torque[0]);
        subtractFrom(w.force[j], o.force); // + (-F1): the same bits
        addTo(w.torque[j], o.torque[1]);
        return;
    }
    const std::size_t body[2] = {i, j};
    const bool in[2] = {iIn, jIn};
    const Lanes4 force[2] = {o.force, -o.force};
    for (int e = 0; e < 2; ++e) {
        if (in[e]) {
            addTo(w.force[body[e]], force[e]);
            addTo(w.torque[body[e]], o.torque[e]);
        } else {
            // the higher body, in a later chunk: its end pass adds this (no dashpot part)
            DeferredLoad& d = *slot++;
            d.force = Vec3(force[e][0], force[e][1], force[e][2]);
            d.torque = Vec3(o.torque[e][0], o.torque[e][1], o.torque[e][2]);
            d.dashpot.setZero();
            d.flags = kDeferredLoad | kDeferredTorque;
        }
    }
}

// Bond k, which may be broken or break now: false when it puts no load (its slot left empty).
// A bond breaks in a committed evaluation (the end of a step), never in a trial stage: it puts
// no load on the state that broke it, and the energy it stored is released.
bool addLoadsUnlessBroken(World& w, const ContactBlock& b, std::size_t k, const BondOut& o, bool mayBreak,
                          DeferredLoad*& slot, ContactSums& sums)
{
    BondSet& bonds = w.bonds;
    bool gone = bonds.broken[k] != 0;
    if (!gone && mayBreak && bonds.law.breakable[k]) {
        BondLoads l;
        l.stretch = o.stretch;
        l.slip = o.slip;
        l.theta = o.theta;
        l.psi = o.psi;
        if (bonds.strength[k].breaks(l, bonds.stiffness[k])) {
            bonds.broken[k] = 1;
            ++sums.bondsBroken; // (the step books what it released: Simulation::removeBrokenBonds)
            gone = true;
        }
    }
    if (gone) {
        if (std::max(bonds.bodies[k][0], bonds.bodies[k][1]) >= b.bodyEnd)
            (slot++)->flags = 0; // its slot stays, empty
        return false;
    }
    addLoads(w, b, k, o, slot);
    return true;
}

} // namespace

namespace {

// What a block's groups share.
struct GroupPass {
    World& w;
    const ContactBlock& b;
    const BondSet& bonds;
    const Vec3* position;
    const Quat* orientation;
    Vec3* force;
    Vec3* torque;
    bool mayBreak;
    DeferredLoad* slot;
    bool commit;
    const Vec3* displacement; // (bodies) m, since the step's start: an incremental bond's increments
    const Vec3* rotation;     // (bodies) rad, rotation vectors, likewise
    const PeriodicCell* cell; // the periodic cell, or null
    const ImageTable* images; // its images at the evaluated state (with cell)
    ContactSums sums;
};

// A periodic cell: the images of the second bodies (body2) nearest the first (body1), four lanes.
inline void findImages(const GroupPass& s, const int* body1, const int* body2, GroupImages& g)
{
    for (int e = 0; e < 4; ++e) {
        const Vec3& x1 = s.position[body1[e]];
        const Vec3& x2 = s.position[body2[e]];
        ImageShift n = s.cell->nearestImage(x2 - x1);
        for (int& c : n)
            c = std::clamp(c, -2, 2); // (bodies are wrapped: beyond only after a blow-up)
        g.image[e] = encodeImage(n[0], n[1], n[2]);
        const Vec3& shift = s.images->shift[g.image[e]];
        for (int c = 0; c < 3; ++c)
            g.shift[c][e] = shift[c];
        g.branch[e] = x1 - x2 - shift;
    }
}

// A held bond's share of the cell's virial, f (x) l (f: its force on body 1, N; l: the branch
// from body 2's image to body 1, m), and the longest bond.
inline void addVirial(ContactSums& sums, const Vec3& f, const Vec3& l)
{
    sums.virial.noalias() += f * l.transpose();
    sums.longestBond = std::max(sums.longestBond, l.norm());
}

// Whether the eight bodies of four bonds (body 1, body 2 of each, interleaved) are all below end.
[[gnu::always_inline]] inline bool allBelow(const std::array<int, 2>* bodies, int end)
{
#if defined(__AVX2__)
    __m256i v;
    std::memcpy(&v, bodies, sizeof v);
    return _mm256_movemask_epi8(_mm256_cmpgt_epi32(_mm256_set1_epi32(end), v)) == -1;
#else
    bool below = true;
    for (int e = 0; e < 4; ++e)
        below = below && bodies[e][0] < end && bodies[e][1] < end;
    return below;
#endif
}

// Bond k, of the incremental law: its springs stepped by the motion since they were committed
// (IncrementalBondState), the loads added or deferred like any bond's; a committed evaluation
// keeps the stepped springs. Its energy per mode goes to held, unless it broke (false).
// In a periodic cell (image: body 2's nearest image, ImageTable), body 2's image sits at
// x2 + H n and has moved by its own displacement plus (H - H_start) n.
[[gnu::noinline]] bool incrementalBond(GroupPass& s, std::size_t k, unsigned char image, double* held)
{
    BondSet& bonds = s.w.bonds;
    const std::size_t i = static_cast<std::size_t>(bonds.bodies[k][0]);
    const std::size_t j = static_cast<std::size_t>(bonds.bodies[k][1]);
    IncrementalBondState next;
    Vec3 x2 = s.position[j], dx2 = s.displacement[j];
    if (s.images) {
        x2 += s.images->shift[image];
        dx2 += s.images->slide[image];
    }
    const BondLoads l = bonds.springs[k].loads(s.position[i], s.displacement[i], s.rotation[i], x2, dx2, s.rotation[j],
                                               bonds.rest[k], bonds.stiffness[k], &next);
    const auto row = [](const Vec3& v) { return Lanes4{v.x(), v.y(), v.z(), 0.0}; };
    const BondOut o{row(l.force[0]), {row(l.torque[0]), row(l.torque[1])}, l.stretch, l.slip, l.theta, l.psi};
    if (!addLoadsUnlessBroken(s.w, s.b, k, o, s.mayBreak, s.slot, s.sums))
        return false;
    if (s.images)
        addVirial(s.sums, l.force[0], s.position[i] - x2);
    for (int m = 0; m < kBondModes; ++m)
        held[m] = l.energy[m];
    if (s.commit)
        bonds.springs[k] = next;
    return true;
}

// A group's four forces, then its torques: each accumulator still gets its loads in bond order.
[[gnu::always_inline]] inline void addGroupLoads(const BondLaw<Lanes4>& l, const GroupAddresses& a)
{
    RowParts r[4];
    splitLanes(l.f1x, l.f1y, l.f1z, r);
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e) {
        addTo(*a.f1[e], r[e]);
        subtractFrom(*a.f2[e], r[e]); // + (-F1): the same bits
    }
    splitLanes(l.t1x, l.t1y, l.t1z, r);
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e)
        addTo(*a.t1[e], r[e]);
    splitLanes(l.t2x, l.t2y, l.t2z, r);
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e)
        addTo(*a.t2[e], r[e]);
}

// The table's group of four bonds g0 .. g0 + 3, one bond per lane. kWhole: the group lies in the
// block; else only lanes [laneBegin, laneEnd) do (the first and last group of a block), and the
// others are evaluated and left out.
// kPeriodic: in a periodic cell, each bond's second body seen through its image nearest the
// first (GroupImages), whose loads also go to the cell's virial.
template <bool kWhole, bool kPeriodic>
[[gnu::always_inline]] inline void evaluateGroup(GroupPass& s, Lanes4* energy, std::size_t g0, int laneBegin,
                                                 int laneEnd)
{
    const BondSet& bonds = s.bonds;
    const BondLawTable& law = bonds.law;
    const BodyArrays arrays{s.position, s.orientation, s.force, s.torque};
    GroupAddresses a;
    int body1[4], body2[4];
    if constexpr (kWhole && !kPeriodic) {
        fillAddresses(a, arrays, bonds.bodies.data() + g0);
    } else {
        for (int e = 0; e < 4; ++e) {
            // (past the last bond, the table repeats it)
            const std::size_t k = std::min(g0 + static_cast<std::size_t>(e), bonds.size() - 1);
            body1[e] = bonds.bodies[k][0];
            body2[e] = bonds.bodies[k][1];
        }
        fillAddresses(a, arrays, body1, body2);
    }
    GroupImages images;
    if constexpr (kPeriodic)
        findImages(s, body1, body2, images);
    const GroupPoses<kPeriodic> poses{a, &images};
    const GroupConstants c{law.group(g0 / 4)};
    const BondLaw<Lanes4> l(poses, c);
    const auto virial = [&](int e) {
        if constexpr (kPeriodic)
            addVirial(s.sums, Vec3(l.f1x[e], l.f1y[e], l.f1z[e]), images.branch[e]);
    };

    std::uint32_t brokenOrBreakable = 1;
    if (kWhole) {
        std::uint32_t breakable = 0;
        std::memcpy(&brokenOrBreakable, bonds.broken.data() + g0, sizeof brokenOrBreakable);
        if (s.mayBreak)
            std::memcpy(&breakable, law.breakable.data() + g0, sizeof breakable);
        brokenOrBreakable |= breakable;
        if (law.anyIncremental) {
            std::uint32_t incremental = 0;
            std::memcpy(&incremental, bonds.incremental.data() + g0, sizeof incremental);
            brokenOrBreakable |= incremental;
        }
    }
    if (brokenOrBreakable == 0) [[likely]] {
        // the common case: a whole group, nothing broken or breaking
        energy[0] += l.energyNormal;
        energy[1] += l.energyShear;
        energy[2] += l.energyTwist;
        energy[3] += l.energyBend;
        const std::array<int, 2>* bodies = bonds.bodies.data() + g0;
        if (!allBelow(bodies, s.b.bodyEnd)) {
            // a body of a later chunk gets its loads in a slot of its own, taken in bond order and
            // zeroed (0 + F is F), which its end pass adds (ContactBlocks::gather)
            for (int e = 0; e < 4; ++e) {
                const bool in1 = bodies[e][0] < s.b.bodyEnd, in2 = bodies[e][1] < s.b.bodyEnd;
                if (in1 && in2)
                    continue;
                DeferredLoad* d = s.slot++;
                d->force.setZero();
                d->torque.setZero();
                d->dashpot.setZero();
                d->flags = kDeferredLoad | kDeferredTorque;
                if (!in1) {
                    a.f1[e] = &d->force;
                    a.t1[e] = &d->torque;
                } else {
                    a.f2[e] = &d->force;
                    a.t2[e] = &d->torque;
                }
            }
        }
        addGroupLoads(l, a);
        for (int e = 0; e < 4; ++e)
            virial(e);
        return;
    }
    // bond by bond: one broken or breaking now puts no load, one of the incremental law puts its
    // springs' (one whose other body lies in a later chunk leaves its load in a slot: addLoads)
    RowParts f[4], t1[4], t2[4];
    splitLanes(l.f1x, l.f1y, l.f1z, f);
    splitLanes(l.t1x, l.t1y, l.t1z, t1);
    splitLanes(l.t2x, l.t2y, l.t2z, t2);
    Lanes4Mask held = {-1, -1, -1, -1};
    const Lanes4 slip = sqrtLanes(l.slip2);
    for (int e = 0; e < 4; ++e) {
        const std::size_t k = g0 + static_cast<std::size_t>(e);
        if (e < laneBegin || e >= laneEnd) {
            held[e] = 0;
        } else if (bonds.incremental[k]) {
            // the lane's total-law loads are not this bond's: its springs' are
            held[e] = 0;
            double modes[kBondModes];
            if (incrementalBond(s, k, kPeriodic ? images.image[e] : kNoImage, modes))
                for (int m = 0; m < kBondModes; ++m)
                    energy[m][e] += modes[m];
        } else {
            const BondOut o{joined(f[e]), {joined(t1[e]), joined(t2[e])}, l.stretch[e], slip[e], l.theta[e], l.psi[e]};
            if (addLoadsUnlessBroken(s.w, s.b, k, o, s.mayBreak, s.slot, s.sums))
                virial(e);
            else
                held[e] = 0;
        }
    }
    const Lanes4 zero{};
    energy[0] += select(held, l.energyNormal, zero);
    energy[1] += select(held, l.energyShear, zero);
    energy[2] += select(held, l.energyTwist, zero);
    energy[3] += select(held, l.energyBend, zero);
}

} // namespace

namespace {

template <bool kPeriodic> void evaluateBlock(GroupPass& s, Lanes4* energy, const ContactBlock& b)
{
    // the table's groups of four that overlap the block: a partial one at either end, whole ones
    // between
    std::size_t g0 = b.bondBegin & ~std::size_t{3};
    if (g0 < b.bondBegin && b.bondBegin < b.bondEnd) {
        evaluateGroup<false, kPeriodic>(s, energy, g0, static_cast<int>(b.bondBegin - g0),
                                        static_cast<int>(std::min<std::size_t>(b.bondEnd - g0, 4)));
        g0 += 4;
    }
    for (; g0 + 4 <= b.bondEnd; g0 += 4)
        evaluateGroup<true, kPeriodic>(s, energy, g0, 0, 4);
    if (g0 < b.bondEnd)
        evaluateGroup<false, kPeriodic>(s, energy, g0, 0, static_cast<int>(b.bondEnd - g0));
}

} // namespace

ContactSums BondStage::block(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& b)
{
    const BondSet& bonds = w.bonds;
    assert(bonds.law.bonds == bonds.size() && "BondSet::sort() lays out the law");
    GroupPass s{w,
                b,
                bonds,
                w.position.data(),
                w.orientation.data(),
                w.force.data(),
                w.torque.data(),
                commit && bonds.law.anyBreakable,
                b.bondDeferred,
                commit,
                motion.displacement.data(),
                motion.rotation.data(),
                w.cell ? &*w.cell : nullptr,
                w.cell ? list.images() : nullptr,
                {}};
    // normal, shear, twist, bend: lane sums over the block's groups (a local of its own, so that
    // it stays in registers across the stores that add the loads)
    Lanes4 energy[4] = {};
    if (s.images)
        evaluateBlock<true>(s, energy, b);
    else
        evaluateBlock<false>(s, energy, b);
    ContactSums& sums = s.sums;
    double* total[4] = {&sums.bondNormal, &sums.bondShear, &sums.bondTwist, &sums.bondBend};
    for (int m = 0; m < 4; ++m)
        *total[m] = (energy[m][0] + energy[m][1]) + (energy[m][2] + energy[m][3]);
    return sums;
}

} // namespace tumble
