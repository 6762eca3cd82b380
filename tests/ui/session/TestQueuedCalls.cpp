// QueuedCalls: calls posted from several threads at once all run, on the owner's thread, each
// poster's in the order posted, with what they captured intact; calls still pending when the
// owner goes are dropped. (ThreadSanitizer, scripts/sanitizers.sh, checks the hand-off itself.)
#include <QtTest>

#include <QThread>

#include <array>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "WaitShown.h"
#include "session/QueuedCalls.h"

using namespace tumble::ui;
using tumble::test::waitUntil;

class TestQueuedCalls : public QObject {
    Q_OBJECT
private slots:
    void callsFromManyThreadsRunInOrderOnTheOwnersThread();
    void pendingCallsGoWithTheOwner();
};

void TestQueuedCalls::callsFromManyThreadsRunInOrderOnTheOwnersThread()
{
    constexpr int kThreads = 4;
    constexpr int kCalls = 2000;
    QObject owner;
    auto* calls = new QueuedCalls(&owner);
    std::array<std::vector<int>, kThreads> seen; // owner's thread only
    int offThread = 0;
    int badPayload = 0;
    std::vector<std::thread> posters;
    for (int t = 0; t < kThreads; ++t)
        posters.emplace_back([&, t]() {
            for (int i = 0; i < kCalls; ++i) {
                // a payload on the heap, written here and read there
                auto text = std::make_unique<std::string>(std::to_string(t * kCalls + i));
                calls->post([&, t, i, text = std::shared_ptr<std::string>(std::move(text))]() {
                    if (QThread::currentThread() != owner.thread())
                        ++offThread;
                    if (*text != std::to_string(t * kCalls + i))
                        ++badPayload;
                    seen[std::size_t(t)].push_back(i);
                });
            }
        });
    for (std::thread& p : posters)
        p.join();
    QVERIFY(waitUntil(
        [&]() {
            std::size_t n = 0;
            for (const auto& s : seen)
                n += s.size();
            return n == std::size_t(kThreads * kCalls);
        },
        10000));
    QCOMPARE(offThread, 0);
    QCOMPARE(badPayload, 0);
    for (const auto& s : seen)
        for (int i = 0; i < kCalls; ++i)
            QCOMPARE(s[std::size_t(i)], i);
}

void TestQueuedCalls::pendingCallsGoWithTheOwner()
{
    int ran = 0;
    {
        QObject owner;
        auto* calls = new QueuedCalls(&owner);
        calls->post([&ran]() { ++ran; });
        calls->post([&ran]() { ++ran; });
    } // gone before the event loop turned
    QCoreApplication::processEvents();
    QTest::qWait(20);
    QCOMPARE(ran, 0);
}

QTEST_MAIN(TestQueuedCalls)
#include "TestQueuedCalls.moc"
