// SimulationRunner (the main view's, paced to real time): commands land between steps and show
// in the next snapshots, a live change is one LiveParams the core applies and marks, a dt factor
// lands at exactly that multiple of the simulation's critical dt, no energy sample is ever
// lost, bad parameters are reported, blow-ups pause and keep the last finite bodies (the same
// code for a compare lane), stop() joins.
#include <QtTest>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "RunnerWait.h"
#include "TestHelpers.h"
#include "energy/EnergyTerms.h"
#include "integrate/IntegratorRegistry.h"
#include "scene/BuiltinScenes.h"
#include "session/LaneSet.h"
#include "session/SimulationRunner.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitFor;

namespace {

using Clock = std::chrono::steady_clock;

Scene settlingBox()
{
    return loadBuiltinScene(defaultSceneId());
}

LiveParams dtChange(double dt)
{
    LiveParams c;
    c.dt = dt;
    return c;
}

LiveParams translationChange(const std::string& name)
{
    LiveParams c;
    c.translation = name;
    return c;
}

LiveParams schemesChange(const std::string& translation, const std::string& rotation, const std::string& label = {})
{
    LiveParams c;
    c.translation = translation;
    c.rotation = rotation;
    c.schemeLabel = label;
    return c;
}

} // namespace

class TestSimulationRunner : public QObject {
    Q_OBJECT
private slots:
    void loadPublishesTheInitialState();
    void stepWhilePausedAdvancesOneStep();
    void dtChangeLandsWithinOneFrame();
    void schemeChangeLandsAndLeavesAMarker();
    void everyPresetFromEveryPresetWhileRunning();
    void refusedSchemePairChangesNothing();
    void clumpsArePublishedAsMemberSpheres();
    void energySamplesAreNeverDropped();
    void envelopeHoldsEveryStepsEnergy();
    void sampleStrideSamplesEveryNSteps();
    void dtFactorLandsAtThatMultipleOfTheCriticalDt();
    void badParameterIsReportedNotThrown();
    void blowUpPausesAndKeepsFiniteBodies();
    void laneAndMainViewKeepTheSameLastFiniteBodies();
    void settledMeansEveryPostedChangeIsInForceAndPublished();
    void stopJoinsTheThread();
};

void TestSimulationRunner::loadPublishesTheInitialState()
{
    const Scene scene = settlingBox();
    SimulationRunner w;
    QVERIFY(w.isRunning());
    QVERIFY(!w.latestSnapshot());
    w.loadScene(scene);
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(s);
    QCOMPARE(s->step, 0LL);
    QCOMPARE(s->bodyCount(), scene.world.size());
    QCOMPARE(s->positions.size(), 3 * scene.world.size());
    qInfo("snapshot of %zu bodies built in %.0f us", s->bodyCount(), s->buildMicroseconds);
    QCOMPARE(s->params.dt, scene.params.dt);
    QCOMPARE(s->params.translation, scene.params.translation);
    QVERIFY(!s->playing);
    QCOMPARE(s->scene->walls.size(), scene.world.walls.size());
    // the first sample is the initial state
    QVERIFY(!s->energy.empty());
    QCOMPARE(s->energy.front()->samples.front().step, 0LL);
    // bodies start at rest: speeds are zero
    for (float v : s->speeds)
        QCOMPARE(v, 0.0f);
}

void TestSimulationRunner::stepWhilePausedAdvancesOneStep()
{
    SimulationRunner w;
    w.loadScene(settlingBox());
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; }));
    w.step();
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.step == 1; });
    QVERIFY(s);
    QVERIFY(!s->playing);
    TUMBLE_NEAR(s->time, s->params.dt, 0.0, 1e-12);
    // and it stays there
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(w.latestSnapshot()->step, 1LL);
}

void TestSimulationRunner::dtChangeLandsWithinOneFrame()
{
    SimulationRunner w;
    w.loadScene(settlingBox());
    w.play();
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.playing && f.step > 20; });
    QVERIFY(s);

    // three changes while running; scheduler noise on a loaded machine can delay one, so the
    // best latency must be within a frame and every one within a few
    double best = 1e9, worst = 0.0;
    double dt = s->params.dt;
    for (int k = 0; k < 3; ++k) {
        dt *= 0.8;
        const long long serialBefore = w.latestSnapshot()->serial;
        const auto t0 = Clock::now();
        w.apply(dtChange(dt));
        SnapshotPtr first = waitFor(
            w, [&](const FrameSnapshot& f) { return f.serial > serialBefore; }, 5.0);
        QVERIFY(first);
        // the snapshot in flight when the command arrived may predate it; the next has it
        SnapshotPtr landed = waitFor(
            w, [&](const FrameSnapshot& f) { return f.params.dt == dt; }, 5.0);
        const double latency = std::chrono::duration<double>(Clock::now() - t0).count();
        QVERIFY(landed);
        QVERIFY2(landed->serial <= serialBefore + 2,
                 qPrintable(
                     QStringLiteral("dt showed first in snapshot %1, after %2").arg(landed->serial).arg(serialBefore)));
        QVERIFY(landed->playing); // no restart, no pause
        best = std::min(best, latency);
        worst = std::max(worst, latency);
    }
    qInfo("dt change latency: best %.2f ms, worst %.2f ms (frame %.1f ms)", best * 1e3, worst * 1e3,
          SimulationRunner::kFramePeriod * 1e3);
    QVERIFY(best <= SimulationRunner::kFramePeriod);
    QVERIFY(worst <= 10 * SimulationRunner::kFramePeriod);
}

void TestSimulationRunner::schemeChangeLandsAndLeavesAMarker()
{
    SimulationRunner w;
    Scene scene = settlingBox();
    QCOMPARE(scene.params.translation, std::string("velocity_verlet"));
    w.loadScene(scene);
    w.play();
    SnapshotPtr before = waitFor(w, [](const FrameSnapshot& f) { return f.playing && f.step > 10; });
    QVERIFY(before);
    QVERIFY(before->markers->empty());
    const double tBefore = before->time;
    const long long serialBefore = w.latestSnapshot()->serial;
    w.apply(translationChange("explicit_euler"));
    SnapshotPtr after = waitFor(w, [](const FrameSnapshot& f) { return f.params.translation == "explicit_euler"; });
    QVERIFY(after);
    QVERIFY(after->serial <= serialBefore + 2);
    QCOMPARE(after->markers->size(), std::size_t(1));
    const ParameterMarker& m = after->markers->front();
    QVERIFY(QString::fromStdString(m.label).contains(QStringLiteral("explicit_euler")));
    QVERIFY(m.time >= tBefore);
    QVERIFY(m.time <= after->time);

    // choosing the scheme in force again changes nothing and leaves no marker
    w.apply(translationChange("explicit_euler"));
    w.apply(dtChange(after->params.dt));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(w.latestSnapshot()->markers->size(), std::size_t(1));
}

void TestSimulationRunner::everyPresetFromEveryPresetWhileRunning()
{
    // all ordered pairs (from, to), including a preset to itself: each switch lands in one
    // snapshot with both schemes and exactly one marker named after the preset
    const std::vector<PresetInfo> all = presets();
    QVERIFY(all.size() >= 6);
    SimulationRunner w;
    QStringList errors;
    QObject guiSide;
    connect(&w, &SimulationRunner::errorOccurred, &guiSide, [&](const QString& m) { errors << m; });
    w.loadScene(settlingBox());
    w.play();
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.playing && f.step > 5; }));
    auto inForce = [](const FrameSnapshot& f, const PresetInfo& p) {
        return f.params.translation == p.translation && f.params.rotation == p.rotation;
    };
    int transitions = 0;
    for (const PresetInfo& from : all) {
        for (const PresetInfo& to : all) {
            w.apply(*LiveParams::preset(from.name));
            SnapshotPtr start = waitFor(w, [&](const FrameSnapshot& f) { return inForce(f, from); });
            QVERIFY2(start, qPrintable(QString::fromStdString(from.name)));
            const std::size_t markers = start->markers->size();
            const long long serial = w.latestSnapshot()->serial;
            w.apply(*LiveParams::preset(to.name));
            const QString what = QString::fromStdString(from.name + " -> " + to.name);
            if (from.name == to.name) {
                // the pair in force: nothing to do, no marker
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                SnapshotPtr s = w.latestSnapshot();
                QVERIFY2(inForce(*s, to), qPrintable(what));
                QCOMPARE(s->markers->size(), markers);
            } else {
                SnapshotPtr s = waitFor(w, [&](const FrameSnapshot& f) { return inForce(f, to); });
                QVERIFY2(s, qPrintable(what));
                QVERIFY2(s->serial <= serial + 2, qPrintable(what));
                QVERIFY2(s->markers->size() == markers + 1, qPrintable(what));
                QCOMPARE(s->markers->back().label, to.name);
                QVERIFY(s->playing);
            }
            ++transitions;
        }
    }
    QCOMPARE(transitions, int(all.size() * all.size()));
    QCoreApplication::processEvents();
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QStringLiteral("; "))));
    QVERIFY(w.latestSnapshot()->instabilityMessage.empty());
}

void TestSimulationRunner::refusedSchemePairChangesNothing()
{
    SimulationRunner w;
    QStringList errors;
    QObject guiSide;
    connect(&w, &SimulationRunner::errorOccurred, &guiSide, [&](const QString& m) { errors << m; });
    w.loadScene(settlingBox());
    SnapshotPtr s0 = waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(s0);
    w.apply(schemesChange("rk4", "buss_2nd_order"));
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 5000);
    QVERIFY(errors[0].contains(QStringLiteral("rk4_quaternion")));
    // without a label the marker names both schemes
    w.apply(schemesChange("rk4", "rk4_quaternion"));
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.params.translation == "rk4"; });
    QVERIFY(s);
    QCOMPARE(s->params.rotation, std::string("rk4_quaternion"));
    QCOMPARE(s->markers->size(), std::size_t(1));
    QCOMPARE(s->markers->front().label, std::string("rk4 + rk4_quaternion"));
}

void TestSimulationRunner::clumpsArePublishedAsMemberSpheres()
{
    const Scene scene = loadBuiltinScene("dzhanibekov");
    QCOMPARE(scene.world.size(), std::size_t(1));
    SimulationRunner w;
    w.loadScene(scene);
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(s);
    QCOMPARE(s->bodyCount(), std::size_t(1));
    QCOMPARE(s->memberCount(), std::size_t(4));
    QCOMPARE(s->positions.size(), std::size_t(12));
    QCOMPARE(s->speeds.size(), std::size_t(4));
    for (std::size_t j = 0; j < 4; ++j) {
        QCOMPARE(s->bodyOf(j), 0);
        QCOMPARE(s->radii[j], float(scene.world.memberRadius[j]));
    }
    // members sit at their offsets from the centre of mass (0.05 and 0.03 m in the scene)
    auto distance = [](const FrameSnapshot& f, std::size_t j) {
        double d2 = 0.0;
        for (int k = 0; k < 3; ++k)
            d2 += double(f.positions[3 * j + k]) * double(f.positions[3 * j + k]);
        return std::sqrt(d2);
    };
    const double d0[4] = {distance(*s, 0), distance(*s, 1), distance(*s, 2), distance(*s, 3)};
    TUMBLE_NEAR(d0[0], 0.05, 1e-3, 0.0); // the centre of mass shifts little: T is symmetric-ish
    // the frame fits every member, and the sphere a tumbling clump sweeps
    const double* b = s->scene->bounds;
    for (std::size_t j = 0; j < 4; ++j)
        for (int k = 0; k < 3; ++k) {
            QVERIFY(s->positions[3 * j + k] - s->radii[j] >= b[2 * k] - 1e-6);
            QVERIFY(s->positions[3 * j + k] + s->radii[j] <= b[2 * k + 1] + 1e-6);
        }
    for (int k = 0; k < 3; ++k)
        QVERIFY(b[2 * k + 1] - b[2 * k] >= 2.0 * scene.world.radius[0] - 1e-9);

    // it spins: members move, rigidly
    w.play();
    SnapshotPtr later = waitFor(w, [](const FrameSnapshot& f) { return f.time > 0.1; });
    QVERIFY(later);
    QCOMPARE(later->memberCount(), std::size_t(4));
    double moved = 0.0;
    for (std::size_t j = 0; j < 4; ++j) {
        TUMBLE_NEAR(distance(*later, j), d0[j], 1e-5, 0.0);
        for (int k = 0; k < 3; ++k)
            moved = std::max(moved, double(std::abs(later->positions[3 * j + k] - s->positions[3 * j + k])));
    }
    QVERIFY2(moved > 0.01, qPrintable(QString::number(moved)));
}

void TestSimulationRunner::energySamplesAreNeverDropped()
{
    SimulationRunner w;
    const Scene scene = settlingBox();
    w.loadScene(scene);
    w.play();
    // a slow consumer: it takes a snapshot only now and then, as a busy GUI would
    std::vector<EnergySample> got;
    long long nextSeq = -1;
    const auto end = Clock::now() + std::chrono::milliseconds(1500);
    int changes = 0;
    while (Clock::now() < end) {
        std::this_thread::sleep_for(std::chrono::milliseconds(120));
        SnapshotPtr s = w.latestSnapshot();
        QVERIFY(s);
        for (const auto& chunk : s->energy) {
            for (std::size_t i = 0; i < chunk->samples.size(); ++i) {
                const long long seq = chunk->seqBegin + static_cast<long long>(i);
                if (nextSeq >= 0 && seq < nextSeq)
                    continue; // seen already
                if (nextSeq >= 0)
                    QCOMPARE(seq, nextSeq); // no gap
                nextSeq = seq + 1;
                got.push_back(chunk->samples[i]);
            }
        }
        // halve dt once midway: sampling must stay uniform in simulated time
        if (changes == 0 && got.size() > 5) {
            w.apply(dtChange(s->params.dt * 0.5));
            ++changes;
        }
    }
    w.pause();
    QVERIFY2(got.size() > 10, qPrintable(QString::number(got.size())));
    QCOMPARE(got.front().step, 0LL);
    // uniform in simulated time: interval = kStepsPerSample * dt0, whatever dt is now
    const double interval = SimulationRunner::kStepsPerSample * scene.params.dt;
    for (std::size_t i = 1; i < got.size(); ++i) {
        QVERIFY(got[i].step > got[i - 1].step);
        const double gap = got[i].time - got[i - 1].time;
        // one sample may straddle the dt change: it is between half and one interval
        TUMBLE_NEAR(gap, interval, 0.5 * interval + 1e-12, 0.0);
    }
    int exact = 0;
    for (std::size_t i = 1; i < got.size(); ++i)
        exact += tumble::test::near(got[i].time - got[i - 1].time, interval, 0.0, 1e-6);
    QVERIFY(exact >= int(got.size()) - 3);
}

namespace {

// every step's energy of scene's run from its initial state, index = step
std::vector<EnergySample> everyStepEnergy(const Scene& scene, long long steps)
{
    Simulation sim(scene.world, scene.params);
    std::vector<EnergySample> out{sim.energy()};
    for (long long s = 1; s <= steps; ++s) {
        sim.step();
        out.push_back(sim.energy());
    }
    return out;
}

// the runner's new samples after n more steps, taken by step commands (deterministic: no pacing)
std::vector<LaneSample> samplesOfSteps(SimulationRunner& w, long long n)
{
    const long long target = w.latestSnapshot()->step + n;
    for (long long k = 0; k < n; ++k)
        w.step();
    SnapshotPtr s = waitFor(
        w, [target](const FrameSnapshot& f) { return f.step == target; }, 30.0);
    if (!s)
        return {};
    return w.takeSamples();
}

// every sample lies where the per-step energies say: its values are those of its step, and
// each range is exactly the lowest and highest of the steps since the previous sample
void checkEnvelopes(const std::vector<LaneSample>& got, const std::vector<EnergySample>& steps)
{
    QVERIFY(!got.empty());
    QCOMPARE(got.front().energy.step, 0LL);
    QCOMPARE(got.front().envelope.steps, 0LL);
    for (std::size_t i = 1; i < got.size(); ++i) {
        const long long from = got[i - 1].energy.step, to = got[i].energy.step;
        const EnergyEnvelope& env = got[i].envelope;
        QCOMPARE(env.steps, to - from);
        for (int k = 0; k < energy_term::Count; ++k) {
            const EnergyTermId id = EnergyTermId(k);
            QCOMPARE(energyTermValue(got[i].energy, id), energyTermValue(steps[std::size_t(to)], id));
            double lo = energyTermValue(steps[std::size_t(from + 1)], id), hi = lo;
            for (long long s = from + 1; s <= to; ++s) {
                const double v = energyTermValue(steps[std::size_t(s)], id);
                QVERIFY2(env.term(id).contains(v), kEnergyTerms[std::size_t(k)].name);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
            QCOMPARE(env.term(id).min, lo);
            QCOMPARE(env.term(id).max, hi);
        }
        for (int g = 0; g < kEnergyGroupCount; ++g) {
            double lo = energyGroupValue(steps[std::size_t(from + 1)], EnergyGroup(g)), hi = lo;
            for (long long s = from + 1; s <= to; ++s) {
                lo = std::min(lo, energyGroupValue(steps[std::size_t(s)], EnergyGroup(g)));
                hi = std::max(hi, energyGroupValue(steps[std::size_t(s)], EnergyGroup(g)));
            }
            QCOMPARE(env.group(EnergyGroup(g)).min, lo);
            QCOMPARE(env.group(EnergyGroup(g)).max, hi);
        }
        double lo = steps[std::size_t(from + 1)].total() + steps[std::size_t(from + 1)].dissipated, hi = lo;
        for (long long s = from + 1; s <= to; ++s) {
            lo = std::min(lo, steps[std::size_t(s)].total() + steps[std::size_t(s)].dissipated);
            hi = std::max(hi, steps[std::size_t(s)].total() + steps[std::size_t(s)].dissipated);
        }
        QCOMPARE(env.totalPlusDissipated.min, lo);
        QCOMPARE(env.totalPlusDissipated.max, hi);
    }
}

} // namespace

void TestSimulationRunner::envelopeHoldsEveryStepsEnergy()
{
    // the harmonic oscillator under velocity Verlet: its energy wobbles every few steps, far
    // faster than the default sampling (every kStepsPerSample steps) can show
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    QCOMPARE(scene.params.translation, std::string("velocity_verlet"));
    constexpr long long n = 3000;
    const std::vector<EnergySample> steps = everyStepEnergy(scene, n);
    SimulationRunner w;
    w.loadScene(scene);
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; }));
    const std::vector<LaneSample> got = samplesOfSteps(w, n);
    QCOMPARE(got.size(), std::size_t(n / SimulationRunner::kStepsPerSample + 1));
    checkEnvelopes(got, steps);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(w.latestSnapshot()->sampleStride, 0);
    QCOMPARE(w.latestSnapshot()->sampleSteps, (long long)SimulationRunner::kStepsPerSample);

    // the envelopes' extremes are the run's, while the sampled values miss them (the aliasing)
    for (EnergyTermId id : {energy_term::KineticTranslational, energy_term::Total, energy_term::BalanceError}) {
        double runLo = energyTermValue(steps[0], id), runHi = runLo, envLo = runLo, envHi = runLo;
        double sampledHi = runLo;
        for (const EnergySample& e : steps) {
            runLo = std::min(runLo, energyTermValue(e, id));
            runHi = std::max(runHi, energyTermValue(e, id));
        }
        for (const LaneSample& s : got) {
            envLo = std::min(envLo, s.envelope.term(id).min);
            envHi = std::max(envHi, s.envelope.term(id).max);
            sampledHi = std::max(sampledHi, energyTermValue(s.energy, id));
        }
        QCOMPARE(envLo, runLo);
        QCOMPARE(envHi, runHi);
        if (id == energy_term::KineticTranslational)
            QVERIFY(sampledHi < runHi);
    }
}

void TestSimulationRunner::sampleStrideSamplesEveryNSteps()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    const std::vector<EnergySample> steps = everyStepEnergy(scene, 120);
    SimulationRunner w;
    w.setSampleStride(1); // before the scene: the setting stays for every run
    w.loadScene(scene);
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr && f.sampleStride == 1; }));
    std::vector<LaneSample> got = samplesOfSteps(w, 10);
    QCOMPARE(got.size(), std::size_t(11)); // t = 0 and every step
    for (std::size_t i = 1; i < got.size(); ++i) {
        QCOMPARE(got[i].energy.step, (long long)i);
        QCOMPARE(got[i].envelope.steps, 1LL);
        QCOMPARE(got[i].envelope.dt, scene.params.dt);
        QCOMPARE(got[i].envelope.term(energy_term::Total).min, got[i].energy.total());
        QCOMPARE(got[i].envelope.term(energy_term::Total).max, got[i].energy.total());
    }
    std::vector<LaneSample> all = got;

    // every 7 steps, counted from the last sample (step 10)
    w.setSampleStride(7);
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.sampleStride == 7; }));
    got = samplesOfSteps(w, 31);
    QCOMPARE(got.size(), std::size_t(4));
    for (std::size_t i = 0; i < got.size(); ++i)
        QCOMPARE(got[i].energy.step, 10 + 7 * (long long)(i + 1));
    all.insert(all.end(), got.begin(), got.end());

    // back to the pacing's interval: every kStepsPerSample steps of the scene's dt, counted by
    // the pacing from its own last sample (step 0 here, the stride took the ones between)
    w.setSampleStride(0);
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.sampleStride == 0; }));
    got = samplesOfSteps(w, 59);
    QCOMPARE(got.size(), std::size_t(2));
    QCOMPARE(got[0].energy.step, 50LL);
    QCOMPARE(got[1].energy.step, 100LL);
    all.insert(all.end(), got.begin(), got.end());
    checkEnvelopes(all, steps);
}

void TestSimulationRunner::dtFactorLandsAtThatMultipleOfTheCriticalDt()
{
    SimulationRunner w;
    QStringList errors;
    QObject guiSide;
    connect(&w, &SimulationRunner::errorOccurred, &guiSide, [&](const QString& m) { errors << m; });
    w.loadScene(settlingBox());
    w.play();
    SnapshotPtr s0 = waitFor(w, [](const FrameSnapshot& f) { return f.playing && f.step > 5; });
    QVERIFY(s0);
    const double crit = s0->criticalDt;
    QVERIFY(crit > 0.0 && std::isfinite(crit));
    for (const double factor : {0.37, 0.8}) {
        LiveParams c;
        c.dtFactor = factor;
        w.apply(c);
        // the simulation's own critical dt times the factor, to the last bit
        SnapshotPtr s = waitFor(w, [&](const FrameSnapshot& f) { return f.params.dt == factor * crit; });
        QVERIFY2(s, qPrintable(QString::number(factor)));
        QCOMPARE(s->criticalDt, crit);
        QVERIFY(s->playing);
        char label[32];
        std::snprintf(label, sizeof label, "dt %.3g s", factor * crit);
        QCOMPARE(s->markers->back().label, std::string(label));
    }
    // the same factor again changes nothing: no marker
    const std::size_t markers = w.latestSnapshot()->markers->size();
    LiveParams same;
    same.dtFactor = 0.8;
    w.apply(same);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(w.latestSnapshot()->markers->size(), markers);
    // seconds and a factor at once is refused as a whole
    LiveParams both;
    both.dt = 1e-6;
    both.dtFactor = 0.5;
    w.apply(both);
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 1, 5000);
    QCOMPARE(w.lastError(), errors[0].toStdString());
    QCOMPARE(w.latestSnapshot()->params.dt, 0.8 * crit);
}

void TestSimulationRunner::badParameterIsReportedNotThrown()
{
    SimulationRunner w;
    QStringList errors;
    QObject guiSide; // receives on this thread, through the event loop
    connect(&w, &SimulationRunner::errorOccurred, &guiSide, [&](const QString& m) { errors << m; });
    w.loadScene(settlingBox());
    SnapshotPtr s0 = waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(s0);
    w.apply(dtChange(-1.0));
    LiveParams damping;
    damping.localDamping = 1.5;
    damping.localDampingVariant = LocalDampingVariant::Pfc;
    w.apply(damping);
    w.apply(translationChange("no_such_scheme"));
    QTRY_COMPARE_WITH_TIMEOUT(errors.size(), 3, 5000);
    QVERIFY(errors[0].contains(QStringLiteral("dt")));
    QVERIFY(errors[2].contains(QStringLiteral("no_such_scheme")));
    QVERIFY(w.isRunning());
    // the old values stay, and the worker still steps
    w.step();
    SnapshotPtr s = waitFor(w, [](const FrameSnapshot& f) { return f.step == 1; });
    QVERIFY(s);
    QCOMPARE(s->params.dt, s0->params.dt);
    QCOMPARE(s->params.localDamping, s0->params.localDamping);
    QCOMPARE(s->params.translation, s0->params.translation);
    QVERIFY(s->markers->empty());
}

void TestSimulationRunner::blowUpPausesAndKeepsFiniteBodies()
{
    SimulationRunner w;
    QStringList messages;
    QObject guiSide;
    connect(&w, &SimulationRunner::becameUnstable, &guiSide, [&](const QString& m) { messages << m; });
    w.loadScene(settlingBox());
    SnapshotPtr s0 = waitFor(w, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(s0);
    // far beyond the explicit schemes' stability limit (2 / omega): the run must blow up
    w.apply(dtChange(20.0 * s0->criticalDt));
    w.play();
    SnapshotPtr s = waitFor(
        w, [](const FrameSnapshot& f) { return !f.instabilityMessage.empty(); }, 20.0);
    QVERIFY2(s, "the run never became unstable");
    QVERIFY(!s->playing);
    QTRY_COMPARE_WITH_TIMEOUT(messages.size(), 1, 5000);
    for (float x : s->positions)
        QVERIFY(std::isfinite(x));
    // playing again is refused until a reset
    const long long step = s->step;
    w.play();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QCOMPARE(w.latestSnapshot()->step, step);
    w.reset();
    SnapshotPtr r = waitFor(w, [](const FrameSnapshot& f) { return f.instabilityMessage.empty() && f.step == 0; });
    QVERIFY(r);
    QVERIFY(r->scene->revision > s->scene->revision);
}

void TestSimulationRunner::laneAndMainViewKeepTheSameLastFiniteBodies()
{
    // one scene far past velocity Verlet's limit, in the main view's runner and in a compare
    // lane's, stepped alike: both blow up at the same step and show the same finite bodies
    Scene scene = loadBuiltinScene("harmonic-oscillator");
    scene.params.dt = 10.0 * Simulation(scene.world, scene.params).criticalDt();
    SimulationRunner main;
    main.loadScene(scene);
    QVERIFY(waitFor(main, [](const FrameSnapshot& f) { return f.scene != nullptr; }));
    LaneSet set(scene); // not playing: the lane moves only by single steps
    SimulationRunner* lane = set.lane(set.addLane(LaneSettings::inForce(scene.params)));
    QVERIFY(lane);
    QCOMPARE(lane->params().dt, scene.params.dt);

    // the last snapshot of each whose bodies were all finite (as floats, as the views get them)
    const auto finite = [](const FrameSnapshot& f) {
        for (float x : f.positions)
            if (!std::isfinite(x))
                return false;
        for (float v : f.speeds)
            if (!std::isfinite(v))
                return false;
        return true;
    };
    // the initial states count: the runner's check of every step's energy may stop the run at
    // its first step
    SnapshotPtr a, b;
    SnapshotPtr finiteA = waitFor(main, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    SnapshotPtr finiteB = waitFor(*lane, [](const FrameSnapshot& f) { return f.scene != nullptr; });
    QVERIFY(finiteA && finiteB && finite(*finiteA) && finite(*finiteB));
    for (long long k = 1; k <= 5000; ++k) {
        main.step();
        lane->step();
        const auto there = [k](const FrameSnapshot& f) { return f.step == k || !f.instabilityMessage.empty(); };
        a = waitFor(main, there);
        b = waitFor(*lane, there);
        QVERIFY(a && b);
        QCOMPARE(a->step, b->step);
        if (!a->instabilityMessage.empty() || !b->instabilityMessage.empty())
            break;
        if (finite(*a))
            finiteA = a;
        if (finite(*b))
            finiteB = b;
    }
    QVERIFY2(!a->instabilityMessage.empty(), "the run never became unstable");
    qInfo("both blew up at step %lld (last finite bodies at step %lld): %s", a->step, finiteA ? finiteA->step : -1,
          a->instabilityMessage.c_str());
    QCOMPARE(a->instabilityMessage, b->instabilityMessage);
    QVERIFY(!a->playing && !b->playing);
    QVERIFY(lane->unstable());
    QVERIFY(finiteA && finiteB);
    QCOMPARE(finiteA->step, finiteB->step);
    // both show the same bodies, finite: the state at the blow-up if it is finite, else the
    // last finite one
    QVERIFY(finite(*a) && finite(*b));
    QVERIFY(a->positions == b->positions);
    QVERIFY(a->speeds == b->speeds);
    QVERIFY(a->radii == b->radii);
    if (finiteA->step < a->step - 1) { // the blow-up's own state was not finite: the fallback
        QVERIFY(a->positions == finiteA->positions);
        QVERIFY(b->positions == finiteB->positions);
    }
}

void TestSimulationRunner::settledMeansEveryPostedChangeIsInForceAndPublished()
{
    // a change posted while paused moves neither steps() nor paused(): only settled() tells a
    // caller that params() and the latest snapshot now hold it (playing or paused alike)
    SimulationRunner w;
    w.loadScene(settlingBox());
    w.play();
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.playing && f.step > 5; }));
    const std::string rotations[] = {"explicit_euler", "symplectic_euler", "fincham_leapfrog", "buss_2nd_order"};
    for (int round = 0; round < 200; ++round) {
        if (round == 100)
            w.pause();
        const std::string& r = rotations[round % 4];
        LiveParams c;
        c.rotation = r;
        w.apply(c);
        const auto t0 = Clock::now();
        while (!w.settled() && Clock::now() - t0 < std::chrono::seconds(5))
            std::this_thread::yield();
        QVERIFY(w.settled());
        QCOMPARE(w.params().rotation, r);
        QCOMPARE(w.latestSnapshot()->params.rotation, r);
        if (round >= 100)
            QVERIFY(w.paused() && !w.latestSnapshot()->playing);
    }
}

void TestSimulationRunner::stopJoinsTheThread()
{
    SimulationRunner w;
    w.loadScene(settlingBox());
    w.play();
    QVERIFY(waitFor(w, [](const FrameSnapshot& f) { return f.step > 0; }));
    const auto t0 = Clock::now();
    w.stop();
    const double took = std::chrono::duration<double>(Clock::now() - t0).count();
    QVERIFY(!w.isRunning());
    QVERIFY2(took < 0.5, qPrintable(QString::number(took)));
    // commands after stop are ignored, and stop is idempotent
    w.play();
    w.stop();
    QVERIFY(!w.isRunning());
}

QTEST_GUILESS_MAIN(TestSimulationRunner)
#include "TestSimulationRunner.moc"
