#pragma once
// HeapInUse: the bytes the process holds on glibc's heap right now (the arenas' allocated chunks
// plus the blocks glibc maps on their own, where every large array lives), so a run can report
// what its simulation holds: the difference from before the scene was loaded.
#include <cstddef>

namespace tumble::cli {

/// Bytes in use on the heap (glibc's mallinfo2: uordblks + hblkhd; under Address- or
/// ThreadSanitizer, their allocator's count), B.
std::size_t heapInUse();

} // namespace tumble::cli
