#pragma once
// ThreadPool: a small persistent team of std::threads that runs fixed chunks of a loop.
//
// Design note. run(chunks, f) calls f(c) once for every chunk c in [0, chunks), on the calling
// thread and the workers, and returns when all are done. Thread t first takes the chunks of its
// own contiguous share, [chunks t / T, chunks (t + 1) / T), the same share in every run: the
// phases of a step touch a chunk's bodies one after another, and a chunk that stays on one core
// keeps its cache lines there (handed out first come first served, the lines moved between cores
// every phase and a two-thread step spent 44% of its time in the stores of the first pass). A
// thread done with its share takes what is left of the others', so a stalled thread cannot hold
// the run back. It takes from their far end: then the chunks that change hands are the same few
// in every phase (a chunk taken in one phase is often taken again in the next), not whichever
// the owner was about to start; 7% of chunk runs moved between cores where 11% did, and a moved
// chunk's lines cross with it. Which thread takes which chunk can still vary, so callers make
// every chunk write its own data (its bodies, its pairs, its partial sums) and combine partial
// sums in chunk order afterwards: results then never depend on the thread count. Workers that
// have no job spin for a few tens of microseconds (the phases of one step follow each other that
// fast) and then sleep on a futex (std::atomic::wait), so an idle or paused simulation costs no
// CPU. A Simulation with one thread has no pool at all.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
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

    int threads() const { return m_threads; }

    /// Calls f(c) for c in [0, chunks) on all threads; returns when every call has returned.
    /// An exception f throws (e.g. std::bad_alloc) is rethrown here after every call has
    /// returned (the first one; the job's other chunks still run).
    template <class F> void run(std::size_t chunks, F& f)
    {
        runJob(
            chunks, [](void* ctx, std::size_t c) { (*static_cast<F*>(ctx))(c); }, &f);
    }

private:
    using Call = void (*)(void*, std::size_t);
    void runJob(std::size_t chunks, Call call, void* ctx);
    void workerLoop(int self);
    void claimChunks(int self);
    bool claimFrom(int share, bool back);

    // one thread's share of the job's chunks: (end << 32) | next chunk; its owner claims next,
    // the others end - 1; a claim is a compare-exchange that succeeds only on an unclaimed chunk
    // of the job posted last
    struct alignas(64) Share {
        std::atomic<std::uint64_t> claim{0};
    };

    int m_threads = 1;
    std::vector<std::thread> m_workers;
    // the job: written by the caller before the shares are published, read after a successful claim
    Call m_call = nullptr;
    void* m_ctx = nullptr;
    std::mutex m_errorMutex;
    std::exception_ptr m_error;                          // the first exception a chunk threw in the current job
    std::unique_ptr<Share[]> m_shares;                   // (threads)
    alignas(64) std::atomic<std::size_t> m_remaining{0}; // chunks of the job not finished yet
    alignas(64) std::atomic<unsigned> m_generation{0};   // bumped per job (and to stop): wakes workers
    std::atomic<bool> m_stop{false};
};

} // namespace tumble
