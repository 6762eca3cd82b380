// Benchmark (CTest label "benchmark", not in the default run): what the force chains and the
// per-body colour quantities cost the worker at 10k spheres (issue 22: drawn from the snapshot
// without slowing the worker).
//
// 10 648 glass spheres (R = 5 mm) in a 22 x 22 x 22 simple cubic lattice of spacing 9.9 mm,
// every neighbour pair pressed 0.1 mm together (30 492 contacts), no gravity, stepped with the
// pfc preset. Per snapshot the worker runs fillBodies (positions, radii, speeds: what every
// snapshot costs), and, when the view asks, fillForceChains or fillMemberValues (coordination:
// the costliest quantity, a pass over the contact candidates). Each is timed over kCalls calls
// of the thread's CPU time, median of kRepetitions; a step of the simulation likewise. Printed
// with qInfo; written as JSON to $TUMBLE_BENCH_OUT when that is set. The GUI's worker spends at
// most 2% of its time publishing (SimulationRunner), so what these add shows up as fewer
// snapshots, never as a slower step: the ratios say how many.
#include <QtTest>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>
#include <vector>

#include "PressedLattice.h"
#include "ThreadCpu.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

using namespace tumble;

namespace {

constexpr int kSide = 22;
constexpr int kCalls = 20;
constexpr int kRepetitions = 5;

template <class F> double timed(F&& f)
{
    return bench::timedCalls(kCalls, kRepetitions, f);
}

} // namespace

class TestForceChainCost : public QObject {
    Q_OBJECT
private slots:
    void chainsAt10k()
    {
        Simulation sim = bench::pressedLattice(kSide);
        sim.run(20);
        ui::FrameSnapshot s;
        ui::PublishScratch scratch;
        ui::fillBodies(s, sim, -1, scratch);
        ui::fillForceChains(s, sim, scratch);
        const std::size_t chains = s.chainForce.size();
        QCOMPARE(chains, std::size_t(3 * kSide * kSide * (kSide - 1)));

        const double step = timed([&] { sim.step(); });
        const double bodies = timed([&] { ui::fillBodies(s, sim, -1, scratch); });
        const double chainsCost = timed([&] { ui::fillForceChains(s, sim, scratch); });
        const double coordination =
            timed([&] { ui::fillMemberValues(s, sim, ui::MemberQuantity::Coordination, scratch); });
        const double height = timed([&] { ui::fillMemberValues(s, sim, ui::MemberQuantity::Height, scratch); });
        qInfo("%zu spheres, %zu chains: step %.3f ms; per snapshot: bodies %.3f ms, force chains %.3f ms "
              "(%.2f x bodies, %.2f x a step), coordination %.3f ms, height %.3f ms",
              sim.world().size(), chains, step * 1e3, bodies * 1e3, chainsCost * 1e3, chainsCost / bodies,
              chainsCost / step, coordination * 1e3, height * 1e3);
        QJsonObject out;
        out["spheres"] = double(sim.world().size());
        out["chains"] = double(chains);
        out["step_ms"] = step * 1e3;
        out["bodies_ms"] = bodies * 1e3;
        out["force_chains_ms"] = chainsCost * 1e3;
        out["coordination_ms"] = coordination * 1e3;
        out["height_ms"] = height * 1e3;
        if (const char* path = std::getenv("TUMBLE_BENCH_OUT"); path && *path) {
            QFile f(QString::fromLocal8Bit(path));
            QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), path);
            f.write(QJsonDocument(out).toJson());
        }
    }
};

QTEST_APPLESS_MAIN(TestForceChainCost)
#include "TestForceChainCost.moc"
