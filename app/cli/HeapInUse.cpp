#include "HeapInUse.h"

#include <malloc.h>

namespace tumble::cli {

std::size_t heapInUse()
{
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

} // namespace tumble::cli
