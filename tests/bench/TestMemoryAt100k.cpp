// Benchmark (CTest label "benchmark", not in the default run): memory per particle at 100k
// spheres, contacts included (issue 7: under 1 KB per particle).
//
// The LAMMPS comparison's packing (tests/bench/data/dense-packing.json) grown to
// 47 x 47 x 46 = 101614 touching spheres in a box of 47 x 47: the scene file is read, its grid
// count and the two far walls changed, and it is loaded, stepped 300 times with one thread and
// then with two (the contacts form, the springs fill), with a neighbour-list rebuild after each
// (the settling packing never needs one, a flowing one does, and a rebuild keeps buffers to
// carry the touching contacts' history), and measured in steady state. Heap in use is glibc's mallinfo2() (uordblks +
// hblkhd) after minus before loading, so it counts what the Simulation holds (bodies, members, step buffers, candidate
// pairs, contact history, deferred loads) and nothing of the test's own. Printed with qInfo;
// written as JSON to $TUMBLE_BENCH_OUT when that is set.
#include <QtTest>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>
#include <malloc.h>
#include <string>

#include "DensePacking100k.h"

#include "scene/SceneLoader.h"
#include "sim/Simulation.h"

using namespace tumble;

namespace {

constexpr long long kSteps = 300;
constexpr double kLimit = 1024.0; // B per particle

// bytes in use: the arenas' allocated chunks plus the blocks glibc maps on their own (every
// large array)
std::size_t heapInUse()
{
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

} // namespace

class TestMemoryAt100k : public QObject {
    Q_OBJECT
private slots:
    void heapPerParticle();
};

void TestMemoryAt100k::heapPerParticle()
{
    const char* source = std::getenv("TUMBLE_SOURCE_DIR");
    QVERIFY2(source, "TUMBLE_SOURCE_DIR is not set");
    const std::string text = tumble::bench::densePacking100k(source);
    QVERIFY2(!text.empty(), "tests/bench/data/dense-packing.json could not be read or grown");

    const std::size_t before = heapInUse();
    std::size_t bodies = 0;
    std::size_t pairs = 0;
    long long builds = 0;
    double perParticle = 0.0;
    {
        Scene scene = loadSceneText(text, "dense-packing-100k.json");
        bodies = scene.world.size();
        QCOMPARE(bodies, std::size_t(47 * 47 * 46));
        Simulation sim(std::move(scene.world), scene.params);
        scene = Scene{}; // the test keeps nothing of the scene
        sim.run(kSteps);
        sim.rebuildNeighbourList(); // the packing stays put: rebuild as a moving one would
        sim.setThreads(2);
        sim.run(kSteps);
        sim.rebuildNeighbourList();
        sim.run(1);
        QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
        pairs = sim.neighbours().pairs().size();
        builds = sim.neighbourListBuilds();
        perParticle = double(heapInUse() - before) / double(bodies);
    }
    qInfo("heap in use at %zu spheres: %.0f B per particle (%zu candidate pairs, %.2f per particle; "
          "%lld neighbour-list builds); limit %.0f",
          bodies, perParticle, pairs, double(pairs) / double(bodies), builds, kLimit);
    if (const char* out = std::getenv("TUMBLE_BENCH_OUT")) {
        QJsonObject o;
        o["bodies"] = double(bodies);
        o["heap_bytes_per_particle"] = perParticle;
        o["pairs_per_particle"] = double(pairs) / double(bodies);
        QFile f(QString::fromLocal8Bit(out));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
    }
    QVERIFY2(perParticle < kLimit, "memory per particle at 100k spheres is over 1 KB");
}

QTEST_GUILESS_MAIN(TestMemoryAt100k)
#include "TestMemoryAt100k.moc"
