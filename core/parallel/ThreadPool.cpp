#include "parallel/ThreadPool.h"

#include <utility>

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
    : m_threads(threads > 1 ? threads : 1), m_shares(std::make_unique<Share[]>(static_cast<std::size_t>(m_threads)))
{
    m_workers.reserve(static_cast<std::size_t>(m_threads - 1));
    for (int t = 1; t < m_threads; ++t)
        m_workers.emplace_back([this, t] { workerLoop(t); });
}

ThreadPool::~ThreadPool()
{
    m_stop.store(true, std::memory_order_release);
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (std::thread& t : m_workers)
        t.join();
}

bool ThreadPool::claimFrom(int share, bool back)
{
    std::atomic<std::uint64_t>& claim = m_shares[static_cast<std::size_t>(share)].claim;
    std::uint64_t v = claim.load(std::memory_order_acquire);
    std::uint64_t chunk = 0;
    for (;;) {
        const std::uint64_t next = v & 0xffffffffu;
        const std::uint64_t end = v >> 32;
        if (next >= end)
            return false;
        chunk = back ? end - 1 : next;
        const std::uint64_t claimed = back ? ((end - 1) << 32) | next : v + 1;
        if (claim.compare_exchange_weak(v, claimed, std::memory_order_acq_rel, std::memory_order_acquire))
            break;
    }
    try {
        m_call(m_ctx, static_cast<std::size_t>(chunk));
    } catch (...) {
        // e.g. std::bad_alloc on a worker: kept (the first one) and rethrown by run() on the
        // calling thread once every chunk is done, instead of std::terminate
        std::lock_guard lock(m_errorMutex);
        if (!m_error)
            m_error = std::current_exception();
    }
    if (m_remaining.fetch_sub(1, std::memory_order_acq_rel) == 1)
        m_remaining.notify_all();
    return true;
}

void ThreadPool::claimChunks(int self)
{
    // its own share from the front, then what the others have left from the back
    while (claimFrom(self, false)) {
    }
    for (int k = 1; k < m_threads; ++k)
        while (claimFrom((self + k) % m_threads, true)) {
        }
}

void ThreadPool::workerLoop(int self)
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
        claimChunks(self);
    }
}

void ThreadPool::runJob(std::size_t chunks, Call call, void* ctx)
{
    if (chunks == 0)
        return;
    m_call = call;
    m_ctx = ctx;
    m_remaining.store(chunks, std::memory_order_relaxed);
    const std::uint64_t t = static_cast<std::uint64_t>(m_threads);
    for (std::uint64_t s = 0; s < t; ++s) {
        const std::uint64_t begin = chunks * s / t;
        const std::uint64_t end = chunks * (s + 1) / t;
        m_shares[s].claim.store((end << 32) | begin, std::memory_order_release);
    }
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    claimChunks(0);
    std::size_t left = m_remaining.load(std::memory_order_acquire);
    for (int s = 0; left != 0 && s < kSpins; ++s) {
        pause();
        left = m_remaining.load(std::memory_order_acquire);
    }
    while (left != 0) {
        m_remaining.wait(left, std::memory_order_acquire);
        left = m_remaining.load(std::memory_order_acquire);
    }
    std::exception_ptr error;
    {
        std::lock_guard lock(m_errorMutex);
        error = std::exchange(m_error, nullptr);
    }
    if (error)
        std::rethrow_exception(error);
}

} // namespace tumble
