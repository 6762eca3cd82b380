// Determinism under interaction (issue 21): what a user does between steps leaves no trace in the
// state. Stepping one step at a time with pauses, reading the energy, the critical dt and the
// world between steps (what the GUI's runner does when it publishes), re-sending the parameters
// in force and changing a parameter (dt, damping, schemes) and changing it back give the same
// state, bit for bit, as an uninterrupted run() with the same parameter history.
#include <QtTest>

#include <cstring>
#include <functional>
#include <map>
#include <random>

#include "SameState.h"
#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;
using tumble::test::difference;

namespace {

// the parameter history: the change applied before step k (k steps taken)
using History = std::map<long long, LiveParams>;

// the scene's state once its bodies touch (contacts with springs, the neighbour list in use),
// taken once per scene: every run of a test starts from it
Simulation simulationOf(const std::string& sceneId)
{
    static std::map<std::string, World> touching;
    Scene s = loadBuiltinScene(sceneId);
    auto it = touching.find(sceneId);
    if (it == touching.end()) {
        Simulation warm(s.world, s.params);
        const std::size_t n = warm.world().size();
        for (int i = 0; i < 400 && n > 1 && warm.contactCount() < std::max<std::size_t>(2, n / 4); ++i)
            warm.run(100);
        warm.run(200);
        it = touching.emplace(sceneId, warm.world()).first;
    }
    return Simulation(it->second, s.params);
}

// the reference: run() between the changes, nothing else
void runUninterrupted(Simulation& sim, const History& history, long long steps)
{
    const long long base = sim.world().step; // history and steps count from here
    for (const auto& [k, change] : history) {
        sim.run(base + k - sim.world().step);
        sim.apply(change);
    }
    sim.run(base + steps - sim.world().step);
}

// the same history as a user gives it: single steps and irregular batches (seeded), reads of
// every published quantity between them, the parameters in force sent again, empty changes
void runInteracted(Simulation& sim, const History& history, long long steps, unsigned seed)
{
    std::mt19937 rng(seed);
    const long long base = sim.world().step;
    auto it = history.begin();
    while (sim.world().step < base + steps) {
        if (it != history.end() && base + it->first == sim.world().step) {
            sim.apply(LiveParams::from(sim.params())); // the panel re-sending what is in force
            sim.apply(it->second);
            sim.apply(LiveParams{});
            ++it;
            continue;
        }
        const long long next = base + (it != history.end() ? it->first : steps);
        const long long batch = std::min<long long>(next - sim.world().step, std::uniform_int_distribution(0, 37)(rng));
        if (batch == 0) {
            sim.run(0); // a paused frame
        } else if (batch < 5) {
            for (long long i = 0; i < batch; ++i)
                sim.step(); // single steps
        } else {
            sim.run(batch);
        }
        // what a publish reads
        (void)sim.energy();
        (void)sim.criticalDt();
        (void)sim.contactCount();
        (void)sim.world().position.size();
    }
}

void check(const std::string& sceneId, const History& history, long long steps)
{
    Simulation reference = simulationOf(sceneId);
    runUninterrupted(reference, history, steps);
    QVERIFY2(!reference.isUnstable(), reference.instabilityMessage().c_str());
    // the run touched (a lone body aside): contacts and their springs took part
    QVERIFY(reference.world().size() == 1 || reference.contactCount() > 0);
    for (unsigned seed : {1u, 2u, 3u}) {
        Simulation interacted = simulationOf(sceneId);
        runInteracted(interacted, history, steps, seed);
        const std::string diff = difference(reference, interacted);
        QVERIFY2(diff.empty(), (sceneId + ", seed " + std::to_string(seed) + ": " + diff + " differ").c_str());
    }
}

LiveParams dtOf(double dt)
{
    LiveParams c;
    c.dt = dt;
    return c;
}

LiveParams schemesOf(const std::string& translation, const std::string& rotation)
{
    LiveParams c;
    c.translation = translation;
    c.rotation = rotation;
    return c;
}

LiveParams dampingOf(double local, double viscous)
{
    LiveParams c;
    c.localDamping = local;
    c.viscousDamping = viscous;
    return c;
}

} // namespace

class TestInteractionDeterminism : public QObject {
    Q_OBJECT
private slots:
    void pausingAndSteppingChangeNothing();
    void dtChangedAndBack();
    void dampingChangedAndBack();
    void schemesChangedAndBack();
    void changedAndBackWithoutAStepBetween();
    void aChangeChangesTheRun();
};

void TestInteractionDeterminism::pausingAndSteppingChangeNothing()
{
    for (const std::string& id : {std::string("settling-box"), std::string("clump-drop"), std::string("dzhanibekov")})
        check(id, {}, 1500);
}

void TestInteractionDeterminism::dtChangedAndBack()
{
    // on-step (velocity Verlet) and half-step (Woo's central difference) velocities: a new dt
    // converts the latter, and the conversion must not depend on how the run got there
    const Scene s = loadBuiltinScene("settling-box");
    const double dt = s.params.dt;
    check("settling-box", {{300, dtOf(0.5 * dt)}, {700, dtOf(dt)}, {900, dtOf(1.5 * dt)}, {1100, dtOf(dt)}}, 1500);
    const double dtClumps = loadBuiltinScene("clump-drop").params.dt;
    check("clump-drop",
          {{100, schemesOf("central_difference", "fincham_leapfrog")},
           {300, dtOf(0.5 * dtClumps)},
           {700, dtOf(dtClumps)},
           {900, dtOf(1.5 * dtClumps)},
           {1100, dtOf(dtClumps)}},
          1500);
}

void TestInteractionDeterminism::dampingChangedAndBack()
{
    const Scene s = loadBuiltinScene("clump-drop");
    check("clump-drop",
          {{200, dampingOf(0.3, 0.0)},
           {500, dampingOf(s.params.localDamping, 2.0)},
           {800, dampingOf(s.params.localDamping, s.params.viscousDamping)}},
          1200);
}

void TestInteractionDeterminism::schemesChangedAndBack()
{
    for (const std::string& id : {std::string("settling-box"), std::string("dzhanibekov")}) {
        const Scene s = loadBuiltinScene(id);
        check(id,
              {{250, schemesOf("rk4", "rk4_quaternion")},
               {500, schemesOf("velocity_verlet", "buss_2nd_order")},
               {750, schemesOf(s.params.translation, s.params.rotation)}},
              1200);
    }
}

void TestInteractionDeterminism::changedAndBackWithoutAStepBetween()
{
    // dt there and back between the same two steps (half-step velocities converted twice), with
    // a paused frame between the two changes in one run only: the same bits
    const Scene s = loadBuiltinScene("clump-drop");
    Simulation a = simulationOf("clump-drop");
    Simulation b = simulationOf("clump-drop");
    a.apply(schemesOf("central_difference", "fincham_leapfrog"));
    b.apply(schemesOf("central_difference", "fincham_leapfrog"));
    a.run(400);
    b.run(400);
    a.apply(dtOf(0.5 * s.params.dt));
    a.apply(dtOf(s.params.dt));
    b.apply(dtOf(0.5 * s.params.dt));
    b.run(0);
    (void)b.energy();
    b.apply(dtOf(s.params.dt));
    a.run(600);
    for (int i = 0; i < 600; ++i)
        b.step();
    const std::string diff = difference(a, b);
    QVERIFY2(diff.empty(), diff.c_str());
}

void TestInteractionDeterminism::aChangeChangesTheRun()
{
    // the comparison can fail: a different history gives different bits
    const Scene s = loadBuiltinScene("settling-box");
    Simulation a = simulationOf("settling-box");
    Simulation b = simulationOf("settling-box");
    runUninterrupted(a, {{300, dtOf(0.5 * s.params.dt)}, {700, dtOf(s.params.dt)}}, 1500);
    runUninterrupted(b, {{300, dtOf(0.5 * s.params.dt)}, {701, dtOf(s.params.dt)}}, 1500);
    QVERIFY(!difference(a, b).empty());
}

QTEST_APPLESS_MAIN(TestInteractionDeterminism)
#include "TestInteractionDeterminism.moc"
