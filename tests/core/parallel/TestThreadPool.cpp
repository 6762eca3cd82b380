// ThreadPool: every chunk of a run is called exactly once, for any thread and chunk count (fewer
// chunks than threads too), run after run; and a thread stalled inside its own share does not
// hold the rest of that share back: the other threads take it, from its far end.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <new>
#include <thread>
#include <vector>

#include "parallel/ThreadPool.h"

using namespace tumble;

class TestThreadPool : public QObject {
    Q_OBJECT
private slots:
    void everyChunkRunsExactlyOnce()
    {
        for (int threads : {2, 3, 4}) {
            ThreadPool pool(threads);
            QCOMPARE(pool.threads(), threads);
            for (std::size_t chunks : {0, 1, 2, 3, 7, 20, 1000}) {
                for (int run = 0; run < 20; ++run) {
                    std::vector<std::atomic<int>> calls(chunks);
                    auto f = [&](std::size_t c) { calls[c].fetch_add(1, std::memory_order_relaxed); };
                    pool.run(chunks, f);
                    for (std::size_t c = 0; c < chunks; ++c)
                        QVERIFY2(calls[c].load() == 1,
                                 qPrintable(QStringLiteral("threads %1, chunks %2, chunk %3: %4 calls")
                                                .arg(threads)
                                                .arg(chunks)
                                                .arg(c)
                                                .arg(calls[c].load())));
                }
            }
        }
    }

    void aStalledThreadsShareIsTakenByTheOthers()
    {
        // two threads, 20 chunks: the caller's share is [0, 10), the worker's [10, 20). The
        // caller takes chunk 0 first and stalls in it; the worker finishes its own share and
        // must then take chunks 1 to 9 while the caller is still in chunk 0, from the far end
        // (9 first), so that the chunks that change hands are the same from run to run.
        ThreadPool pool(2);
        const std::size_t chunks = 20;
        std::vector<std::thread::id> ranOn(chunks);
        std::vector<std::size_t> workerOrder; // only the worker appends
        const std::thread::id caller = std::this_thread::get_id();
        auto f = [&](std::size_t c) {
            ranOn[c] = std::this_thread::get_id();
            if (c == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(300));
            else
                workerOrder.push_back(c);
        };
        pool.run(chunks, f);
        QVERIFY(ranOn[0] == caller);
        for (std::size_t c = 1; c < chunks; ++c)
            QVERIFY2(ranOn[c] != caller, qPrintable(QStringLiteral("chunk %1 waited for the stalled caller").arg(c)));
        std::vector<std::size_t> expected;
        for (std::size_t c = 10; c < chunks; ++c)
            expected.push_back(c); // its own share from the front
        for (std::size_t c = 9; c >= 1; --c)
            expected.push_back(c); // the caller's from the back
        QCOMPARE(workerOrder, expected);
    }

    void anExceptionInAChunkReachesTheCaller()
    {
        // a failed allocation on a worker must reach run()'s caller (tumble-cli reports it as out
        // of memory), not end the program; every other chunk still runs, and the pool stays usable
        ThreadPool pool(3);
        const std::size_t chunks = 30;
        std::vector<std::atomic<int>> calls(chunks);
        auto f = [&](std::size_t c) {
            calls[c].fetch_add(1, std::memory_order_relaxed);
            if (c == 17 || c == 2)
                throw std::bad_alloc();
        };
        QVERIFY_THROWS_EXCEPTION(std::bad_alloc, pool.run(chunks, f));
        for (std::size_t c = 0; c < chunks; ++c)
            QCOMPARE(calls[c].load(), 1);
        std::atomic<int> total{0};
        auto g = [&](std::size_t) { total.fetch_add(1); };
        pool.run(chunks, g);
        QCOMPARE(total.load(), int(chunks));
    }
};

QTEST_APPLESS_MAIN(TestThreadPool)
#include "TestThreadPool.moc"
