#include "HeapInUse.h"

#include <malloc.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
// (the sanitizer runtime's own interface: GCC's installs no header for it)
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace tumble::cli {

std::size_t heapInUse()
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    // the sanitizers' allocator replaces glibc's, whose mallinfo2 then reports nothing
    return __sanitizer_get_current_allocated_bytes();
#else
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
#endif
}

} // namespace tumble::cli
