#pragma once
// ThreadPool: a small persistent team of std::threads that runs fixed chunks of a loop.
//
// Design note. run(chunks, f) calls f(c) once for every chunk c in [0, chunks), on the calling
// thread and the workers, and returns when all are done. Which thread takes which chunk varies
// from run to run, so callers make every chunk write its own data (its bodies, its pairs, its
// partial sums) and combine partial sums in chunk order afterwards: results then never depend on
// the thread count. Workers that have no job spin for a few tens of microseconds (the phases of
// one step follow each other that fast) and then sleep on a futex (std::atomic::wait), so an idle
// or paused simulation costs no CPU. A Simulation with one thread has no pool at all.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace tumble {

class ThreadPool {
public:
    /// threads >= 2: the caller plus threads - 1 workers.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threads() const { return static_cast<int>(m_workers.size()) + 1; }

    /// Calls f(c) for c in [0, chunks) on all threads; returns when every call has returned.
    /// f must not throw.
    template <class F> void run(std::size_t chunks, F& f)
    {
        runJob(chunks, [](void* ctx, std::size_t c) { (*static_cast<F*>(ctx))(c); }, &f);
    }

private:
    using Call = void (*)(void*, std::size_t);
    void runJob(std::size_t chunks, Call call, void* ctx);
    void workerLoop();
    void claimChunks();

    std::vector<std::thread> m_workers;
    // the job: written by the caller before m_claim is published, read after a successful claim
    Call m_call = nullptr;
    void* m_ctx = nullptr;
    // (chunk count << 32) | next chunk: a claim is a compare-exchange that succeeds only on an
    // unclaimed chunk of the job posted last
    alignas(64) std::atomic<std::uint64_t> m_claim{0};
    alignas(64) std::atomic<std::size_t> m_remaining{0}; // chunks of the job not finished yet
    alignas(64) std::atomic<unsigned> m_generation{0};   // bumped per job (and to stop): wakes workers
    std::atomic<bool> m_stop{false};
};

} // namespace tumble
