#include "parallel/ThreadPool.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tumble {

namespace {

// a few tens of microseconds of polling before a worker sleeps (or the caller waits)
constexpr int kSpins = 20000;

inline void pause()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

} // namespace

ThreadPool::ThreadPool(int threads)
{
    m_workers.reserve(static_cast<std::size_t>(threads > 1 ? threads - 1 : 0));
    for (int t = 1; t < threads; ++t)
        m_workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool()
{
    m_stop.store(true, std::memory_order_release);
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (std::thread& t : m_workers)
        t.join();
}

void ThreadPool::claimChunks()
{
    std::uint64_t v = m_claim.load(std::memory_order_acquire);
    for (;;) {
        const std::uint64_t next = v & 0xffffffffu;
        if (next >= (v >> 32))
            return;
        if (!m_claim.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel, std::memory_order_acquire))
            continue;
        m_call(m_ctx, static_cast<std::size_t>(next));
        if (m_remaining.fetch_sub(1, std::memory_order_acq_rel) == 1)
            m_remaining.notify_all();
        v = m_claim.load(std::memory_order_acquire);
    }
}

void ThreadPool::workerLoop()
{
    unsigned seen = 0; // the generation at construction: a job posted before this thread ran is still seen
    for (;;) {
        if (m_stop.load(std::memory_order_acquire))
            return;
        unsigned g = m_generation.load(std::memory_order_acquire);
        for (int s = 0; g == seen && s < kSpins; ++s) {
            pause();
            g = m_generation.load(std::memory_order_acquire);
        }
        while (g == seen) {
            m_generation.wait(seen, std::memory_order_acquire);
            g = m_generation.load(std::memory_order_acquire);
        }
        seen = g;
        if (m_stop.load(std::memory_order_acquire))
            return;
        claimChunks();
    }
}

void ThreadPool::runJob(std::size_t chunks, Call call, void* ctx)
{
    if (chunks == 0)
        return;
    m_call = call;
    m_ctx = ctx;
    m_remaining.store(chunks, std::memory_order_relaxed);
    m_claim.store(static_cast<std::uint64_t>(chunks) << 32, std::memory_order_release);
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    claimChunks();
    std::size_t left = m_remaining.load(std::memory_order_acquire);
    for (int s = 0; left != 0 && s < kSpins; ++s) {
        pause();
        left = m_remaining.load(std::memory_order_acquire);
    }
    while (left != 0) {
        m_remaining.wait(left, std::memory_order_acquire);
        left = m_remaining.load(std::memory_order_acquire);
    }
}

} // namespace tumble
