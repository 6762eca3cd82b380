#pragma once
// Fixed chunk sizes of the parallel loops. Partial sums are taken per chunk and added in chunk
// order, so every total (energies, dissipated work) is the same for any thread count; these
// sizes therefore never depend on the number of threads.
#include <cstddef>

namespace tumble {

constexpr std::size_t kBodyChunk = 512;  ///< bodies (or members) per chunk
constexpr std::size_t kPairChunk = 1024; ///< contact candidates per chunk

/// Number of chunks of the given size covering count items.
constexpr std::size_t chunkCount(std::size_t count, std::size_t size)
{
    return (count + size - 1) / size;
}

} // namespace tumble
