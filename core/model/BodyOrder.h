#pragma once
// BodyOrder: an order of the bodies along a space-filling curve, so bodies near in space are near
// in memory (the cache lines a contact loads for body j were mostly loaded for nearby i), and a
// body chunk of the step passes is a compact region (few contacts cross chunks).
//
// Design note. A Morton (Z-order) curve through a grid of cubic cells: the key interleaves the
// bits of the cell's integer coordinates, 21 bits each. Cheaper to compute than a Hilbert curve
// and as good for this purpose (LAMMPS and most DEM codes sort by bin, which is coarser). Ties
// (bodies of one cell) keep their current order, so the result is a function of the positions
// and the current order alone: the same on any thread count.
#include <cstdint>
#include <utility>
#include <vector>

#include "model/World.h"

namespace tumble {

/// The bodies of w along a Morton curve through cells of edge `cell` (m, > 0; grown if the
/// grid would need more than 2^21 cells along an axis): order[s] is the body to place at index s.
/// Bodies with a non-finite position go last, in their current order.
/// keyed is scratch (kept so a re-sort does not allocate).
void mortonOrder(const World& w, double cell, std::vector<int>& order,
                 std::vector<std::pair<std::uint64_t, int>>& keyed);

/// The Morton key of integer cell coordinates (each < 2^21): their bits interleaved, x lowest.
std::uint64_t mortonKey(std::uint32_t x, std::uint32_t y, std::uint32_t z);

} // namespace tumble
