#pragma once
// BodySorter: keeps the bodies of large scenes sorted along a Morton curve through cells of one
// grain (BodyOrder), so bodies near in space are near in memory and a body chunk (kBodyChunk)
// is a compact lump: few contacts cross chunks, and a chunk's bodies stay in one core's cache.
// It sorts at construction and after every kSortEveryBuilds neighbour-list builds, in scenes of
// kSortMinBodies or more (smaller ones fit in cache), and only with SimParams::sortBodies.
// Sorted and unsorted runs differ in rounding only. Its buffers keep their capacity, so a re-sort
// does not allocate in steady state.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "contact/NeighbourList.h"
#include "model/World.h"
#include "parallel/Chunks.h"

namespace tumble {

class BodySorter {
public:
    static constexpr std::size_t kSortMinBodies = 2 * kBodyChunk;
    static constexpr long long kSortEveryBuilds = 20;

    /// Whether a scene of n bodies is kept sorted.
    static bool applies(bool sortBodies, std::size_t n) { return sortBodies && n >= kSortMinBodies; }
    /// Whether the list has been built kSortEveryBuilds times since the last sort.
    bool due(const NeighbourList& list) const { return list.buildCount() - m_sortedAtBuild >= kSortEveryBuilds; }

    /// Sorts the bodies of w (World::permuteBodies) and renumbers the list's members so every
    /// contact keeps its history. True when the order changed (the caller's per-member and
    /// per-chunk schedules then belong to the old numbering).
    bool sort(World& w, NeighbourList& list);

    /// Times the bodies were put in a new order.
    long long sorts() const { return m_sorts; }

    /// The counters that time the next sort, in and out of a saved state (sim/StateArchive.h);
    /// the rest is scratch.
    template <class A> void archive(A& a)
    {
        a.field("sortedAtBuild", m_sortedAtBuild);
        a.field("sorts", m_sorts);
    }

private:
    long long m_sortedAtBuild = 0;
    long long m_sorts = 0;
    std::vector<int> m_order;       // (n) old body at each new index
    std::vector<int> m_memberOrder; // (m) old member at each new index
    std::vector<int> m_newMember;   // (m) new index of each old member
    std::vector<std::pair<std::uint64_t, int>> m_keys;
    World::PermuteScratch m_scratch;
};

} // namespace tumble
