#pragma once
// MemoryEstimate: the memory a run of a scene will need, worked out from its size before anything
// is allocated, so a scene too big for the machine is refused with figures instead of dying in
// the middle of a step.
//
// Per body: the World's arrays, the neighbour grid's cells (at most ~4 per body, NeighbourList),
// the candidate pairs with their contact history and constants at a dense packing's coordination
// (~6 candidates per sphere, counted once per pair), the chunk and block buffers: 0.82 to 1.2 KB
// in use at 100k spheres (tests/bench/TestMemoryAt100k, docs/PERFORMANCE.md). We plan on
// kBytesPerBody, which adds room for a neighbour-list rebuild (new list beside the old while the
// history is merged) and allocator slack. A clump's further collision spheres add their own
// candidates and member arrays (kBytesPerExtraMember).
#include <cstddef>
#include <string>

namespace tumble {

struct MemoryEstimate {
    static constexpr double kBytesPerBody = 2048.0;        ///< B per body with one collision sphere
    static constexpr double kBytesPerExtraMember = 1024.0; ///< B per further clump member
    static constexpr double kBaseBytes = 32.0 * 1048576.0; ///< B: the program's own working set

    /// B a run of this many bodies and collision spheres (members >= bodies) needs.
    static double runBytes(double bodies, double members);

    /// Throws ResourceError when runBytes(bodies, members) exceeds the memory this process can
    /// still allocate (availableMemory()); the message starts with where (e.g. "file: /generators/0/count: ")
    /// and gives both figures in GB and what limits the machine.
    static void requireFits(double bodies, double members, const std::string& where);
};

} // namespace tumble
