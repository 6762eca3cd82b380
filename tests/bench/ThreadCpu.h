#pragma once
// What the benchmarks time by: the calling thread's CPU time (a busy machine that deschedules
// the test does not count), and the median of repeated timings.
#include <algorithm>
#include <vector>

#include <time.h>

namespace tumble::bench {

/// CPU time of the calling thread, s.
inline double threadSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

/// The middle value (the upper one of an even count).
inline double median(std::vector<double> x)
{
    std::sort(x.begin(), x.end());
    return x[x.size() / 2];
}

} // namespace tumble::bench
