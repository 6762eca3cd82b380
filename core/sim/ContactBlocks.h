#pragma once
// ContactBlocks: the schedule of a step's contact evaluation, rebuilt with the neighbour list.
// There is one block per body chunk (kBodyChunk): the pair candidates whose member i belongs to
// the chunk's bodies, and the wall candidates of its members (the list sorts pairs by i and walls
// by member, and members are sorted by body, so a block is a range of each list). A block adds
// the loads on its own bodies at once; a pair whose member j lies in another chunk leaves that
// body's loads in a deferred slot (DeferredLoad, one per crossing pair, numbered in list order),
// which gather() adds to the body in the second pass, in list order. Bonds (World::bonds, sorted
// by their lower body) are scheduled the same way: a block holds the bonds whose lower body is
// its own, and a bond to a later chunk leaves the other body's loads in a slot of its own. So every body sums its loads
// in one fixed order, blocks with disjoint bodies run on different threads, and results are bit
// for bit the same for any thread count. A pair's member j never lies in an earlier chunk than
// its member i, so once block c is done no later block reads or loads chunk c's bodies.
// Without members sorted by body there is one block holding every body, and nothing is deferred.
// Buffers keep their capacity (with headroom), so a rebuild in steady state does not allocate.
#include <cstddef>
#include <vector>

#include "contact/ContactForces.h"
#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

class ContactBlocks {
public:
    /// Whether the blocks belong to the list's current build.
    bool current(const NeighbourList& list) const { return m_build == list.buildCount(); }
    /// The bodies were renumbered: the blocks belong to the old numbering.
    void invalidate() { m_build = -1; }

    /// The blocks of `chunks` body chunks for the list's candidates (one block in all without
    /// membersByBody).
    void build(const World& w, const NeighbourList& list, std::size_t chunks, bool membersByBody);

    /// One block of every candidate and every body, nothing deferred (a whole-world evaluation).
    static ContactBlock all(const World& w, const NeighbourList& list);

    /// Block c: its candidates, its bodies, and its deferred slots (null when none leave it).
    ContactBlock block(std::size_t c, std::size_t bodies);

    /// Adds the loads other blocks left for bodies [begin, end) (N, N m), each body's in list
    /// order, with the arithmetic of a direct add: where a load is added does not change its bits.
    void gather(World& w, std::size_t begin, std::size_t end) const;

private:
    struct DeferredRef {
        int slot; // into m_loads
        int body; // that receives it
    };
    bool m_membersByBody = false;
    long long m_build = -1;                   // neighbour-list build the blocks belong to
    std::vector<std::size_t> m_pairStart;     // (chunks + 1) first pair candidate of each block
    std::vector<std::size_t> m_wallStart;     // (chunks + 1) first wall candidate
    std::vector<std::size_t> m_slotStart;     // (chunks + 1) first deferred slot
    std::vector<std::size_t> m_bondStart;     // (chunks + 1) first bond (World::bonds) of each block
    std::vector<std::size_t> m_bondSlotStart; // (chunks + 1) first bond slot, counted after the pairs'
    std::size_t m_pairSlots = 0;              // slots of crossing pairs (bond slots follow)
    std::vector<DeferredLoad> m_loads;        // one slot per pair crossing from one chunk to another
    std::vector<int> m_refStart;              // (n + 1) offsets into m_refs
    std::vector<DeferredRef> m_refs;          // each body's slots, in list order, bodies in order
    std::vector<int> m_cursor;                // (n) fill cursor
};

} // namespace tumble
