#pragma once
// Permutation: reorders an array in place, v[s] = old v[order[s]], by following the
// permutation's cycles, so a re-sort of bodies or contact candidates needs no second copy of the
// array (World::permuteBodies, NeighbourList::renumberMembers).
#include <cstddef>
#include <vector>

namespace tumble {

/// v[s] becomes the old v[order[s]] for every s (order: a permutation of 0..n-1, n = v.size()).
/// done is scratch (n flags; allocates only while it grows). An empty v stays empty.
template <class T>
void permuteInPlace(std::vector<T>& v, const std::vector<int>& order, std::vector<unsigned char>& done)
{
    if (v.empty())
        return;
    done.assign(order.size(), 0);
    for (std::size_t s = 0; s < order.size(); ++s) {
        if (done[s])
            continue;
        T first = v[s];
        std::size_t cur = s;
        for (;;) {
            done[cur] = 1;
            const std::size_t next = static_cast<std::size_t>(order[cur]);
            if (next == s) {
                v[cur] = first;
                break;
            }
            v[cur] = v[next];
            cur = next;
        }
    }
}

} // namespace tumble
