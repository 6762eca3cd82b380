#pragma once
// BondSet: the bonds of a world, as arrays (one entry per bond), kept sorted by their first body
// in the world's order (min of the two body indices; a step evaluates a bond in the block of that
// body's chunk, like a contact pair). For every body, its bonded partners (partnerStart,
// partners), so the neighbour list leaves bonded pairs out: a bonded pair does not also feel the
// contact law while the bond holds. sort() also lays out what the bond law reads (law: its
// constants, field by field, and which bonds can break), for the bond stage's four-at-a-time loop.
// A bond follows Wang's total law (loads from the poses alone) or the incremental law
// (IncrementalBondState: springs carried from step to step, whose committed state the set keeps).
#include <array>
#include <cstddef>
#include <vector>

#include "bond/BondLoads.h"
#include "bond/BondRest.h"
#include "bond/BondStiffness.h"
#include "bond/BondStrength.h"
#include "bond/IncrementalBondState.h"

namespace tumble {

/// The bond law's constants (bond/BondLawKernel.h, BondConstants) in groups of four bonds (bond
/// 4g + e is group g's lane e), field by field within a group, so that a group's values of a field
/// are one load and the groups one stream; the last group is padded with copies of the last bond.
/// And which bonds can break (some strength finite), so that the stage reads strengths only for
/// those.
struct BondLawTable {
    enum Field : int {
        kLength,
        kRho0,
        kRho1,
        kAxis0X,
        kAxis0Y,
        kAxis0Z,
        kAxis1X,
        kAxis1Y,
        kAxis1Z,
        kRelativeW,
        kRelativeX,
        kRelativeY,
        kRelativeZ,
        kKn,
        kKs,
        kKt,
        kKb,
        kFields
    };
    static constexpr std::size_t kLanes = 4;
    std::size_t bonds = 0;                ///< bonds laid out
    std::vector<double> values;           ///< (kFields * kLanes per group) field f of bond k at
                                          ///< (k / 4) * 4 * kFields + 4 f + k % 4
    std::vector<unsigned char> breakable; ///< (bonds) 1 when the bond has a finite strength
    bool anyBreakable = false;            ///< some bond can break
    bool anyIncremental = false;          ///< some bond follows the incremental law

    /// Group g's values: field f of its lane e at [kLanes * f + e].
    const double* group(std::size_t g) const { return values.data() + g * kLanes * kFields; }
};

/// Which law a bond follows: Wang's total formulation (bond/BondLoads.h) or the incremental one
/// (bond/IncrementalBondState.h), the scene's "law": "total" | "incremental".
enum class BondFormulation : unsigned char { Total = 0, Incremental = 1 };

struct BondSet {
    std::vector<std::array<int, 2>> bodies; ///< (bonds) body indices in the world: body 1, body 2
    std::vector<BondStiffness> stiffness;   ///< (bonds)
    std::vector<BondRest> rest;             ///< (bonds)
    std::vector<BondStrength> strength;     ///< (bonds)
    /// (bonds) 1 once the bond broke in a committed evaluation (BondStage), until
    /// removeBroken() takes it out after the step; each bond's byte is written by its block only
    std::vector<unsigned char> broken;
    /// (bonds) 1 for a bond of the incremental law, 0 for Wang's total law (BondFormulation)
    std::vector<unsigned char> incremental;
    /// (bonds, or none while no bond is incremental) an incremental bond's springs as its last
    /// committed evaluation left them (the bond stage writes them at the end of a step); unused
    /// for a bond of the total law
    std::vector<IncrementalBondState> springs;
    std::vector<int> partnerStart; ///< (n + 1) offsets into partners; empty without bonds
    std::vector<int> partners;     ///< each body's bonded bodies, ascending
    /// (derived by sort(): call it again after changing rest or stiffness) what the law reads
    BondLawTable law;

    std::size_t size() const { return bodies.size(); }
    bool empty() const { return bodies.empty(); }

    /// The body whose chunk evaluates bond k: the lower index.
    int owner(std::size_t k) const { return std::min(bodies[k][0], bodies[k][1]); }

    /// Appends a bond (call sort() once all are in); an incremental one starts from the springs
    /// `start` (IncrementalBondState::at its bodies' positions, free of stress).
    void add(int body1, int body2, const BondStiffness& k, const BondRest& r, const BondStrength& s = {},
             BondFormulation f = BondFormulation::Total, const IncrementalBondState& start = {});

    BondFormulation formulation(std::size_t k) const
    {
        return incremental[k] ? BondFormulation::Incremental : BondFormulation::Total;
    }

    /// Bond k's loads with body 1 at x1 (m) in orientation p and body 2 at x2, q. Wang's law reads
    /// the poses alone; an incremental bond steps its committed springs by the motion since they
    /// were committed, dx1, dphi1, dx2, dphi2 (m, rad: zero when the poses are those of its last
    /// committed evaluation, as between steps). The bond CSV, the GUI and a break's released
    /// energy read this; the bond stage evaluates the same laws.
    BondLoads loads(std::size_t k, const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q,
                    const Vec3& dx1 = Vec3::Zero(), const Vec3& dphi1 = Vec3::Zero(), const Vec3& dx2 = Vec3::Zero(),
                    const Vec3& dphi2 = Vec3::Zero()) const;

    /// Removes the bonds marked broken, keeping the others' order, and rebuilds the partner
    /// lists for n bodies; calls f(k) for each broken bond k before it goes. Returns how many.
    template <class F> std::size_t removeBroken(std::size_t n, F&& f)
    {
        std::size_t kept = 0;
        for (std::size_t k = 0; k < size(); ++k) {
            if (broken[k]) {
                f(k);
                continue;
            }
            copyBond(kept, k);
            broken[kept] = 0;
            ++kept;
        }
        const std::size_t gone = size() - kept;
        bodies.resize(kept);
        stiffness.resize(kept);
        rest.resize(kept);
        strength.resize(kept);
        broken.resize(kept);
        incremental.resize(kept);
        if (!springs.empty())
            springs.resize(kept);
        sort(n);
        return gone;
    }

    /// Whether bodies a and b are bonded (needs sort()).
    bool bonded(int a, int b) const;
    /// The index of the bond between bodies a and b, or -1 when there is none (needs sort()).
    long long find(int a, int b) const;

    /// Sorts the bonds by owner (then by the other body, then as given), in place, and rebuilds
    /// the partner lists for n bodies and law. Allocates only while its buffers grow.
    void sort(std::size_t n);

    /// The bodies were renumbered: body i is now newSlot[i]. Sorts again.
    void renumber(const std::vector<int>& newSlot);

    /// Gives back spare capacity.
    void shrinkToFit();

private:
    std::vector<std::array<int, 3>> m_keys; // (owner, other, bond) while sorting
    std::vector<int> m_fill;                // (n) partner fill cursors

    void layOutLaw();
    /// Bond `from`'s entries (all but broken and the derived law) over bond `to`'s.
    void copyBond(std::size_t to, std::size_t from);
};

} // namespace tumble
