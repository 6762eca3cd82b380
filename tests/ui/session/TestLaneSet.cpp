// LaneSet: lanes of one scene start from the same state and advance in lockstep (a lane at
// dt / 2 takes exactly twice the steps), survive removal, retuning and a neighbour's blow-up;
// a lane's dt factor lands at exactly that multiple of the critical timestep; restart() and
// restartLane() keep every lane's id and place and run in lockstep again from t = 0.
#include <QtTest>

#include <cstring>
#include <functional>
#include <map>

#include "WaitShown.h"
#include "scene/BuiltinScenes.h"
#include "session/LaneSet.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitUntil;

namespace {

long long stepsOf(const LockstepRecord& r, int id)
{
    for (const auto& [lane, steps] : r.steps)
        if (lane == id)
            return steps;
    return -1;
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestLaneSet : public QObject {
    Q_OBJECT
private slots:
    void lanesStartFromBitIdenticalStates_data();
    void lanesStartFromBitIdenticalStates();
    void halfDtTakesExactlyTwiceTheSteps();
    void retunedDtCountsFromWhereItLands();
    void removingALaneLeavesTheOthersRunning();
    void unstableLaneStopsAloneAndTheOthersGoOn();
    void targetIsPacedToRealTime();
    void pausedLaneWaitsThenCatchesUp();
    void dampingRetunedWhileRunningDissipates();
    void dtFactorIsTakenOfTheCriticalDt();
    void refusedRetuneKeepsTheLaneRunning();
    void restartKeepsIdsOrderAndLockstep();
};

void TestLaneSet::lanesStartFromBitIdenticalStates_data()
{
    QTest::addColumn<QString>("scene");
    QTest::newRow("harmonic-oscillator") << "harmonic-oscillator";
    QTest::newRow("dzhanibekov") << "dzhanibekov";
}

void TestLaneSet::lanesStartFromBitIdenticalStates()
{
    QFETCH(QString, scene);
    Scene s = loadBuiltinScene(scene.toStdString());
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    std::vector<int> ids;
    for (const std::string& p : defaultLanePresets())
        ids.push_back(set.addLane(LaneSettings::fromPreset(p, dt)));
    QCOMPARE(set.laneCount(), 6);
    QVERIFY(set.addLane(LaneSettings::fromPreset("pfc", dt)) == -1); // six at most

    // not playing: every lane holds the scene's initial state and its sample 0
    const SnapshotPtr first = set.lane(ids[0])->latestSnapshot();
    QVERIFY(first && first->step == 0);
    std::vector<LaneSample> firstSamples = set.lane(ids[0])->takeSamples();
    QCOMPARE(firstSamples.size(), std::size_t(1));
    const EnergySample& e0 = firstSamples[0].energy;
    QVERIFY(e0.total() != 0.0);
    for (int id : ids) {
        const SnapshotPtr snap = set.lane(id)->latestSnapshot();
        QCOMPARE(snap->step, 0LL);
        QCOMPARE(snap->time, 0.0);
        QCOMPARE(snap->positions.size(), first->positions.size());
        QVERIFY(std::memcmp(snap->positions.data(), first->positions.data(), snap->positions.size() * sizeof(float)) ==
                0);
        QCOMPARE(snap->clumps.size(), first->clumps.size());
        for (std::size_t c = 0; c < snap->clumps.size(); ++c) {
            const BodyState& a = snap->clumps[c];
            const BodyState& b = first->clumps[c];
            for (int k = 0; k < 3; ++k) {
                QVERIFY(sameBits(a.position[k], b.position[k]));
                QVERIFY(sameBits(a.angularMomentum[k], b.angularMomentum[k]));
            }
            QVERIFY(sameBits(a.orientation.w(), b.orientation.w()));
            QVERIFY(sameBits(a.orientation.x(), b.orientation.x()));
        }
        if (id == ids[0])
            continue;
        const std::vector<LaneSample> samples = set.lane(id)->takeSamples();
        QCOMPARE(samples.size(), std::size_t(1));
        QCOMPARE(samples[0].index, 0LL);
        const EnergySample& e = samples[0].energy;
        QVERIFY(sameBits(e.kineticTranslational, e0.kineticTranslational));
        QVERIFY(sameBits(e.kineticRotational, e0.kineticRotational));
        QVERIFY(sameBits(e.elastic, e0.elastic));
        QVERIFY(sameBits(e.potentialGravity, e0.potentialGravity));
    }
}

void TestLaneSet::halfDtTakesExactlyTwiceTheSteps()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int full = set.addLane(LaneSettings::fromPreset("pfc", dt));
    const int half = set.addLane(LaneSettings::fromPreset("pfc", dt / 2));
    const int quarterRk4 = set.addLane(LaneSettings::fromPreset("rk4", dt / 4));
    set.setPlaying(true);
    // several shared times while running
    QVERIFY(waitUntil([&] { return set.history().size() >= 12 && set.targetTime() > 200 * dt; }));
    int checked = 0;
    for (const LockstepRecord& r : set.history()) {
        const long long n = stepsOf(r, full);
        QVERIFY(n >= 0);
        // the shared times are multiples of the largest dt, and every lane is exactly there
        QCOMPARE(double(n), std::round(r.time / dt));
        QCOMPARE(stepsOf(r, half), 2 * n);
        QCOMPARE(stepsOf(r, quarterRk4), 4 * n);
        checked += n > 0;
    }
    QVERIFY(checked >= 10);
}

void TestLaneSet::retunedDtCountsFromWhereItLands()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    const int b = set.addLane(LaneSettings::fromPreset("pfc", dt));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 50 * dt; }));
    LiveParams halved;
    halved.dt = dt / 2;
    set.lane(b)->apply(halved);
    QVERIFY(waitUntil([&] { return set.lane(b)->dt() == dt / 2; }));
    const double landed = set.lane(b)->time();
    // several shared times after the change (the target rises at most every half frame, so
    // wait for them, not for an amount of simulated time)
    std::vector<LockstepRecord> after;
    QVERIFY(waitUntil([&] {
        after.clear();
        for (const LockstepRecord& r : set.history())
            if (r.time > landed + dt)
                after.push_back(r);
        return after.size() >= 3;
    }));
    // between any two shared times after the change, b takes exactly twice a's steps
    for (std::size_t i = 1; i < after.size(); ++i)
        QCOMPARE(stepsOf(after[i], b) - stepsOf(after[0], b), 2 * (stepsOf(after[i], a) - stepsOf(after[0], a)));
    QCOMPARE(set.lane(b)->params().dt, dt / 2);
    QVERIFY(set.lane(b)->lastError().empty());
}

void TestLaneSet::removingALaneLeavesTheOthersRunning()
{
    Scene s = loadBuiltinScene("bouncing-ball");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    const int b = set.addLane(LaneSettings::fromPreset("rk4", dt / 2));
    const int c = set.addLane(LaneSettings::fromPreset("woo", dt));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > 0.02; }));
    QElapsedTimer clock;
    clock.start();
    QVERIFY(set.removeLane(b));    // while it runs
    QVERIFY(clock.elapsed() < 50); // no waiting for its thread
    QVERIFY(!set.lane(b));
    QVERIFY(!set.removeLane(b));
    QCOMPARE(set.laneCount(), 2);
    const double ta = set.lane(a)->time(), tc = set.lane(c)->time();
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > ta + 0.1 && set.lane(c)->time() > tc + 0.1; }, 5000));
    // add one back while running: it starts at t = 0 and catches up, the others wait for it
    const int d = set.addLane(LaneSettings::fromPreset("euler", dt / 2));
    QVERIFY(d >= 0);
    const double target = set.targetTime();
    QVERIFY(waitUntil([&] { return set.lane(d)->time() >= target - dt; }, 5000));
    QVERIFY(waitUntil([&] { return set.targetTime() > target + 0.05; }, 5000));
}

void TestLaneSet::unstableLaneStopsAloneAndTheOthersGoOn()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    const double critical = Simulation(s.world, s.params).criticalDt();
    LaneSet set(std::move(s));
    const int good = set.addLane(LaneSettings::fromPreset("pfc", dt));
    // velocity Verlet is stable below w dt = 2; ten critical steps are far beyond that
    const int bad = set.addLane(LaneSettings::fromPreset("pfc", 10 * critical));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.lane(bad)->unstable(); }));
    const SnapshotPtr last = set.lane(bad)->latestSnapshot();
    QVERIFY(!last->instabilityMessage.empty());
    for (float x : last->positions)
        QVERIFY(std::isfinite(x)); // the last finite bodies stay on screen
    const double t = set.lane(good)->time();
    QVERIFY(waitUntil([&] { return set.lane(good)->time() > t + 0.1; }, 5000));
    QVERIFY(!set.lane(good)->unstable());
}

void TestLaneSet::targetIsPacedToRealTime()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    set.addLane(LaneSettings::fromPreset("pfc", dt));
    // the clock starts before play and is read after the target, so it bounds the real time
    // the coordinator can have seen (reading it first let a raise slip in between)
    QElapsedTimer clock;
    clock.start();
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return clock.elapsed() > 400; }));
    // at most real time (plus one step of rounding); a single-sphere lane keeps up easily
    const double target = set.targetTime();
    const double wall = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    QVERIFY2(target <= wall + dt, qPrintable(QString("target %1 s, wall %2 s").arg(target).arg(wall)));
    QVERIFY2(target > 0.1, qPrintable(QString::number(target)));
    set.setPlaying(false);
    QTest::qWait(50);
    const double paused = set.targetTime();
    QTest::qWait(100);
    QCOMPARE(set.targetTime(), paused);
}

void TestLaneSet::pausedLaneWaitsThenCatchesUp()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    const int b = set.addLane(LaneSettings::fromPreset("rk4", dt));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 0.02; }));
    set.lane(b)->setPaused(true);
    QVERIFY(waitUntil([&] { return set.lane(b)->paused(); }));
    QTest::qWait(20); // a batch in flight ends
    const long long held = set.lane(b)->steps();
    const double t = set.lane(a)->time();
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > t + 0.1; }));
    QCOMPARE(set.lane(b)->steps(), held); // paused: not a step
    set.lane(b)->setPaused(false);
    // it catches up: both lanes at the same shared time again, step for step
    QVERIFY(waitUntil([&] {
        const auto h = set.history();
        return !h.empty() && h.back().steps.size() == 2 && h.back().time > t + 0.1;
    }));
    const LockstepRecord r = set.history().back();
    QCOMPARE(stepsOf(r, a), stepsOf(r, b));
}

void TestLaneSet::dampingRetunedWhileRunningDissipates()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 0.02; }));
    LiveParams damped;
    damped.localDamping = 0.3;
    set.lane(a)->apply(damped);
    QVERIFY(waitUntil([&] { return set.lane(a)->params().localDamping == 0.3; }));
    const double t = set.lane(a)->time();
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > t + 0.2; }));
    // Cundall damping removes energy and the ledger books it (it was zero before)
    std::vector<LaneSample> samples = set.lane(a)->takeSamples();
    QVERIFY(!samples.empty());
    QVERIFY(samples.front().energy.dissipatedLocalDamping == 0.0);
    QVERIFY(samples.back().energy.dissipatedLocalDamping > 0.0);
    QVERIFY(samples.back().energy.total() < samples.front().energy.total());
}

void TestLaneSet::dtFactorIsTakenOfTheCriticalDt()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double critical = Simulation(s.world, s.params).criticalDt();
    LaneSet set(std::move(s));
    QCOMPARE(set.criticalDt(), critical);
    // at the start: a lane of 0.5 x dt_crit
    LaneSettings half = LaneSettings::fromPreset("pfc", 1.0);
    half.live.dt.reset();
    half.live.dtFactor = 0.5;
    const int a = set.addLane(half);
    QCOMPARE(set.lane(a)->dt(), 0.5 * critical);
    QCOMPARE(LaneSettings::inForce(set.lane(a)->params()).label, std::string("pfc"));
    // while running: 0.3 x dt_crit, exactly, counted from where it lands
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 0.02; }));
    LiveParams change;
    change.dtFactor = 0.3;
    set.lane(a)->apply(change);
    QVERIFY(waitUntil([&] { return set.lane(a)->dt() == 0.3 * critical; }));
    const double t = set.lane(a)->time();
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > t + 0.05; }));
    QVERIFY(set.lane(a)->lastError().empty());
}

void TestLaneSet::refusedRetuneKeepsTheLaneRunning()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 0.02; }));
    // a pair the core refuses: reported, nothing changes, the lane goes on
    LiveParams bad;
    bad.translation = "rk4";
    set.lane(a)->apply(bad);
    QVERIFY(waitUntil([&] { return !set.lane(a)->lastError().empty(); }));
    QVERIFY(set.lane(a)->lastError().find("rk4_quaternion") != std::string::npos);
    QCOMPARE(set.lane(a)->params().translation, std::string("velocity_verlet"));
    const double t = set.lane(a)->time();
    QVERIFY(waitUntil([&] { return set.lane(a)->time() > t + 0.05; }));
    // an accepted change clears the error
    LiveParams good;
    good.localDamping = 0.1;
    set.lane(a)->apply(good);
    QVERIFY(waitUntil([&] { return set.lane(a)->lastError().empty() && set.lane(a)->params().localDamping == 0.1; }));
}

void TestLaneSet::restartKeepsIdsOrderAndLockstep()
{
    Scene s = loadBuiltinScene("harmonic-oscillator");
    const double dt = s.params.dt;
    const double critical = Simulation(s.world, s.params).criticalDt();
    LaneSet set(std::move(s));
    const int a = set.addLane(LaneSettings::fromPreset("pfc", dt));
    const int b = set.addLane(LaneSettings::fromPreset("rk4", dt));
    const int c = set.addLane(LaneSettings::fromPreset("woo", dt / 2));
    const int d = set.addLane(LaneSettings::fromPreset("symplectic_euler", dt)); // stable (euler is not)
    set.setPlaying(true);
    QVERIFY(waitUntil([&] { return set.targetTime() > 0.05; }));
    QVERIFY(set.removeLane(b));
    const auto idsOf = [&] {
        std::vector<int> ids;
        for (const auto& l : set.lanes())
            ids.push_back(l->id());
        return ids;
    };
    QCOMPARE(idsOf(), (std::vector<int>{a, c, d}));

    // a lane paused by the user stays paused through a restart
    set.lane(d)->setPaused(true);
    QVERIFY(waitUntil([&] { return set.lane(d)->paused(); }));
    set.setPlaying(false); // so the target stays where restart() puts it while it is checked
    set.restart();
    QCOMPARE(idsOf(), (std::vector<int>{a, c, d}));
    QCOMPARE(set.targetTime(), 0.0);
    QVERIFY(set.history().empty());
    for (int id : {a, c, d}) {
        QCOMPARE(set.lane(id)->time(), 0.0); // built from the scene's initial state
        QCOMPARE(set.lane(id)->steps(), 0LL);
    }
    QCOMPARE(set.lane(c)->dt(), dt / 2); // the parameters in force
    QVERIFY(set.lane(d)->paused());
    set.setPlaying(true);
    // lockstep again from t = 0: the dt / 2 lane has exactly twice the steps at every shared time
    QVERIFY(waitUntil([&] { return set.history().size() >= 5 && set.targetTime() > 0.05; }));
    for (const LockstepRecord& r : set.history()) {
        QCOMPARE(double(stepsOf(r, a)), std::round(r.time / dt));
        QCOMPARE(stepsOf(r, c), 2 * stepsOf(r, a));
        QCOMPARE(stepsOf(r, d), -1LL); // paused: not in the records
    }

    // a lane restarted alone keeps its id and place, starts at t = 0 and catches up
    LaneSettings fast = LaneSettings::fromPreset("rk4", dt);
    const SimulationRunner* old = set.lane(c);
    QVERIFY(set.restartLane(c, fast));
    QCOMPARE(idsOf(), (std::vector<int>{a, c, d}));
    QVERIFY(set.lane(c) != old);
    QCOMPARE(set.lane(c)->params().translation, std::string("rk4"));
    const double target = set.targetTime();
    QVERIFY(waitUntil([&] { return set.targetTime() > target + 0.05; }, 5000));
    // at the scene's dt now, so in step with lane a at every later shared time
    for (const LockstepRecord& r : set.history())
        if (r.time > target)
            QCOMPARE(stepsOf(r, c), stepsOf(r, a));
    // settings the core refuses leave the lane as it was
    LaneSettings bad = fast;
    bad.live.rotation = "buss_2nd_order"; // rk4 runs only with rk4_quaternion
    bool thrown = false;
    try {
        set.restartLane(c, bad);
    } catch (const std::exception&) {
        thrown = true;
    }
    QVERIFY(thrown);
    QCOMPARE(set.lane(c)->params().rotation, std::string("rk4_quaternion"));
    QVERIFY(!set.restartLane(b, fast)); // removed lanes stay removed

    // a lane that blew up runs again after a restart
    LiveParams huge;
    huge.dt = 10 * critical;
    set.lane(a)->apply(huge);
    QVERIFY(waitUntil([&] { return set.lane(a)->unstable(); }));
    set.restart();
    QVERIFY(!set.lane(a)->unstable() && !set.lane(a)->paused());
    QCOMPARE(set.lane(a)->dt(), *huge.dt); // with its parameters in force
}

QTEST_MAIN(TestLaneSet)
#include "TestLaneSet.moc"
