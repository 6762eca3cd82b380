// The runner's timeline and state files (issue 22): the ring of recent states keeps within its
// memory budget, oldest out first; scrubbing back shows a recorded state exactly, and stepping on
// from it reaches, bit for bit, the state the run had recorded there; resuming from an earlier
// state cuts the history it no longer leads to; File > Save state and Load state go through the
// runner, a state of another scene is refused with the file named and the run left as it was.
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <cstring>
#include <functional>
#include <thread>

#include "RunnerWait.h"
#include "io/StateFile.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "session/Timeline.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitFor;

namespace {

bool samePositions(const FrameSnapshot& a, const FrameSnapshot& b)
{
    return a.positions.size() == b.positions.size() &&
           std::memcmp(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(float)) == 0;
}

std::vector<unsigned char> bytes(std::size_t n)
{
    return std::vector<unsigned char>(n, 1);
}

// a runner on the mixed pile (spheres and clumps), paused after n single steps, each of which
// the timeline keeps
SnapshotPtr steppedRun(SimulationRunner& w, int n)
{
    w.loadScene(loadBuiltinScene("mixed-pile"));
    if (!waitFor(w, [](const FrameSnapshot& s) { return s.scene && s.step == 0; }))
        return nullptr;
    for (int k = 1; k <= n; ++k) {
        w.step();
        if (!waitFor(w, [k](const FrameSnapshot& s) { return s.step == k && s.timeline.count == k + 1; }))
            return nullptr;
    }
    return w.latestSnapshot();
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void ringKeepsWithinItsBudget();
    void scrubBackAndStepOnIsBitForBit();
    void resumingCutsTheHistory();
    void saveAndLoadThroughTheRunner();
    void scrubBackAfterABlowUp();
};

void TestTimeline::ringKeepsWithinItsBudget()
{
    Timeline t;
    t.setBudget(1000);
    for (int k = 0; k < 10; ++k)
        t.record(k, 0.1 * k, bytes(300));
    QCOMPARE(t.size(), std::size_t(3)); // 900 of 1000 bytes: the newest three
    QCOMPARE(t.at(0).step, 7LL);
    QCOMPARE(t.bytes(), std::size_t(900));
    t.record(9, 0.9, bytes(100)); // the same step again replaces it
    QCOMPARE(t.size(), std::size_t(3));
    QCOMPARE(t.back().state.size(), std::size_t(100));
    QCOMPARE(t.bytes(), std::size_t(700));
    t.truncateAfter(0);
    QCOMPARE(t.size(), std::size_t(1));
    QCOMPARE(t.back().step, 7LL);
    t.setBudget(200);
    QVERIFY(t.empty()); // a state larger than the budget is not kept
    QCOMPARE(t.bytes(), std::size_t(0));

    // the next state's buffer: fresh room while there is budget, else the oldest state's memory
    t.setBudget(1000);
    for (int k = 0; k < 3; ++k)
        t.record(k, 0.1 * k, bytes(300));
    std::vector<unsigned char> fresh = t.spare(3, 100);
    QVERIFY(fresh.empty() && fresh.capacity() >= 100);
    QCOMPARE(t.size(), std::size_t(3));
    std::vector<unsigned char> oldest = t.spare(3, 300); // 900 + 300 > 1000: state 0 goes
    QVERIFY(oldest.empty() && oldest.capacity() >= 300);
    QCOMPARE(t.size(), std::size_t(2));
    QCOMPARE(t.at(0).step, 1LL);
    QCOMPARE(t.bytes(), std::size_t(600));
    std::vector<unsigned char> newest = t.spare(2, 300); // the same step again: the newest's
    QCOMPARE(t.size(), std::size_t(1));
    QCOMPARE(t.back().step, 1LL);
    QVERIFY(newest.capacity() >= 300);
}

void TestTimeline::scrubBackAndStepOnIsBitForBit()
{
    SimulationRunner w;
    const SnapshotPtr end = steppedRun(w, 30);
    QVERIFY(end);
    QCOMPARE(end->timeline.count, 31);
    QVERIFY(!end->timeline.scrubbed());

    // back 12 states: step 18, shown as a scrubbed moment
    w.seekBy(-12);
    const SnapshotPtr back = waitFor(w, [](const FrameSnapshot& s) { return s.timeline.shown == 18; });
    QVERIFY(back);
    QCOMPARE(back->step, 18LL);
    QVERIFY(!back->playing);
    // forward to the newest: exactly the state the run was paused in
    w.seek(30);
    const SnapshotPtr newest = waitFor(w, [](const FrameSnapshot& s) { return s.timeline.shown == 30; });
    QVERIFY(newest);
    QVERIFY(samePositions(*newest, *end));
    // back again, and on by single steps: the run resumes from step 18 and reaches step 30 in
    // the very state it had recorded there
    w.seek(18);
    QVERIFY(waitFor(w, [](const FrameSnapshot& s) { return s.timeline.shown == 18; }));
    for (int k = 19; k <= 30; ++k) {
        w.step();
        QVERIFY(waitFor(w, [k](const FrameSnapshot& s) { return s.step == k && !s.timeline.scrubbed(); }));
    }
    const SnapshotPtr again = w.latestSnapshot();
    QVERIFY(samePositions(*again, *end));
    QCOMPARE(again->timeline.count, 31);
    w.stop();
}

void TestTimeline::resumingCutsTheHistory()
{
    SimulationRunner w;
    const SnapshotPtr end = steppedRun(w, 20);
    QVERIFY(end);
    const long long cutsBefore = end->timeline.cutSerial;
    w.seek(5);
    const SnapshotPtr shown = waitFor(w, [](const FrameSnapshot& s) { return s.timeline.shown == 5; });
    QVERIFY(shown);
    // nothing is cut while only looking
    QCOMPARE(shown->timeline.cutSerial, cutsBefore);
    QCOMPARE(shown->timeline.count, 21);
    w.step();
    const SnapshotPtr resumed = waitFor(w, [](const FrameSnapshot& s) { return s.step == 6; });
    QVERIFY(resumed);
    QCOMPARE(resumed->timeline.cutSerial, cutsBefore + 1);
    QCOMPARE(resumed->timeline.cutTime, shown->time);
    QCOMPARE(resumed->timeline.count, 7); // states 0 to 5, and the new step 6
    QVERIFY(!resumed->timeline.scrubbed());
    w.stop();
}

void TestTimeline::saveAndLoadThroughTheRunner()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("pile.tumble-state");
    SimulationRunner w;
    const SnapshotPtr at = steppedRun(w, 10);
    QVERIFY(at);
    // the runner emits from its thread, maybe before a spy's wait() would begin: the reports
    // are queued to this thread and polled
    QObject receiver;
    QStringList saved, loaded, errors;
    QObject::connect(&w, &SimulationRunner::stateSaved, &receiver, [&](const QString& p) { saved << p; });
    QObject::connect(&w, &SimulationRunner::stateLoaded, &receiver, [&](const QString& p) { loaded << p; });
    QObject::connect(&w, &SimulationRunner::errorOccurred, &receiver, [&](const QString& m) { errors << m; });
    w.saveState(path);
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), qsizetype(1), 10000);
    QCOMPARE(saved.at(0), path);

    // on 5 more steps, then back to the file: step 10 exactly as it was, a new run with a marker
    for (int k = 11; k <= 15; ++k) {
        w.step();
        QVERIFY(waitFor(w, [k](const FrameSnapshot& s) { return s.step == k; }));
    }
    const long long revision = w.latestSnapshot()->scene->revision;
    w.loadState(path);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), qsizetype(1), 10000);
    const SnapshotPtr back = waitFor(w, [&](const FrameSnapshot& s) { return s.scene->revision > revision; });
    QVERIFY(back);
    QCOMPARE(back->step, 10LL);
    QVERIFY(samePositions(*back, *at));
    QVERIFY(back->markers && !back->markers->empty());
    QCOMPARE(QString::fromStdString(back->markers->back().label), QString("state pile.tumble-state"));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));

    // a state of another scene is refused, naming the file; the run stays where it is
    SimulationRunner other;
    other.loadScene(loadBuiltinScene("agglomerate-impact"));
    QVERIFY(waitFor(other, [](const FrameSnapshot& s) { return s.scene != nullptr; }));
    QStringList refused;
    QObject::connect(&other, &SimulationRunner::errorOccurred, &receiver, [&](const QString& m) { refused << m; });
    other.loadState(path);
    QTRY_COMPARE_WITH_TIMEOUT(refused.size(), qsizetype(1), 10000);
    const QString why = refused.at(0);
    QVERIFY2(why.contains("state file " + path) && why.contains("another scene"), qPrintable(why));
    QCOMPARE(other.latestSnapshot()->step, 0LL);
    w.stop();
    other.stop();
}

// a run that blew up can be scrubbed back to a stable state and stepped on from it at a sound dt
void TestTimeline::scrubBackAfterABlowUp()
{
    SimulationRunner w;
    const SnapshotPtr start = steppedRun(w, 5);
    QVERIFY(start);
    LiveParams huge;
    huge.dtFactor = 50.0;
    w.apply(huge);
    w.play();
    const SnapshotPtr blown = waitFor(w, [](const FrameSnapshot& s) { return !s.instabilityMessage.empty(); });
    QVERIFY(blown);
    QVERIFY(w.unstable());
    w.seek(5); // the state after the five single steps, before the change
    const SnapshotPtr back = waitFor(w, [](const FrameSnapshot& s) { return s.timeline.shown == 5; });
    QVERIFY(back);
    QVERIFY(back->instabilityMessage.empty());
    QCOMPARE(back->step, 5LL);
    QVERIFY(samePositions(*back, *start));
    QVERIFY(!w.unstable());
    w.step();
    QVERIFY(waitFor(w, [](const FrameSnapshot& s) { return s.step == 6 && !s.timeline.scrubbed(); }));
    QVERIFY(!w.unstable());
    w.stop();
}

QTEST_GUILESS_MAIN(TestTimeline)
#include "TestTimeline.moc"
