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

/// CPU seconds per call of f: the median over `repetitions` timings of `calls` calls each.
template <class F> double timedCalls(int calls, int repetitions, F&& f)
{
    std::vector<double> per;
    for (int r = 0; r < repetitions; ++r) {
        const double t0 = threadSeconds();
        for (int c = 0; c < calls; ++c)
            f();
        per.push_back((threadSeconds() - t0) / calls);
    }
    return median(per);
}

} // namespace tumble::bench
