// Steady-state stepping allocates nothing, on one thread or several.
//
// Global operator new/delete are replaced in this executable by counting versions. A block of
// spheres with friction rests under gravity on a frictionless floor and slides along it, so
// contacts, springs and dashpots stay loaded and the neighbour list is rebuilt every few dozen
// steps; after a warm-up, 1000 steps must make no heap allocation at all, rebuilds included.
#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "SceneText.h"
#include "scene/SceneLoader.h"
#include "sim/Simulation.h"

namespace {
std::atomic<long long> g_allocations{0};
} // namespace

void* operator new(std::size_t n)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1))
        return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n)
{
    return operator new(n);
}
void* operator new(std::size_t n, std::align_val_t a)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    const std::size_t al = static_cast<std::size_t>(a);
    if (void* p = std::aligned_alloc(al, (n + al - 1) / al * al))
        return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a)
{
    return operator new(n, a);
}
void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete[](void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept
{
    std::free(p);
}

using namespace tumble;
using namespace tumble::test;

class TestStepAllocation : public QObject {
    Q_OBJECT

private slots:
    void countingOperatorNew()
    {
        // the replacement is in effect (else the test below could not fail)
        const long long before = g_allocations.load();
        auto* p = new std::string(100, 'x');
        delete p;
        QVERIFY(g_allocations.load() > before);
    }

    void steadyStateStepsDoNotAllocate_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<QString>("rotation");
        QTest::newRow("1 thread") << 1 << "buss_2nd_order";
        QTest::newRow("2 threads") << 2 << "buss_2nd_order";
        QTest::newRow("3 threads, fincham") << 3 << "fincham_leapfrog";
    }

    void steadyStateStepsDoNotAllocate()
    {
        QFETCH(int, threads);
        QFETCH(QString, rotation);
        const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "drift",
            "gravity": [0, 0, -9.81],
            "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
            "damping": {"local": 0.1, "local_variant": "woo", "viscous": 0.5},
            "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                                 "," + frictionMaterialJson("ice", 1e5, 2.5e4, 0.5, 0.0, 0.0) + R"(],
            "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "ice"}],
            "generators": [{"type": "grid", "material": "m", "radius": 0.01, "count": [7, 7, 4],
                            "spacing": 0.0199, "origin": [0, 0, 0.0099], "jitter": 0.0003, "seed": 5}]})";
        Scene scene = loadSceneText(text, "drift");
        for (std::size_t i = 0; i < scene.world.size(); ++i)
            scene.world.velocity[i] = Vec3(2.0, 1.0, 0.0);
        scene.params.threads = threads;
        scene.params.rotation = rotation.toStdString();
        Simulation sim(std::move(scene.world), scene.params);
        sim.run(500); // warm-up: buffers reach their sizes
        const long long builds = sim.neighbourListBuilds();
        const long long before = g_allocations.load();
        for (int k = 0; k < 1000; ++k) {
            sim.step();
            (void)sim.energy();
        }
        const long long allocations = g_allocations.load() - before;
        QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
        QCOMPARE(allocations, 0LL);
        // the window did exercise what it claims
        QVERIFY(sim.neighbourListBuilds() - builds >= 5);
        QVERIFY(sim.contactCount() > 150);
        QVERIFY(sim.energy().dissipatedFriction > 0.0);
    }

    void periodicStepsDoNotAllocate_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("medium-carried") << int(CellModel::MediumCarried);
        QTest::newRow("Lees-Edwards") << int(CellModel::LeesEdwards);
    }

    void periodicStepsDoNotAllocate()
    {
        // a sheared, compressed dense gas in a periodic cell on two threads: bodies wrapped through
        // the faces, contacts through them, the cell flipped past half a period, rebuilds
        QFETCH(int, model);
        const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "sheared gas",
            "gravity": [0, 0, 0],
            "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
            "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                                 R"(],
            "generators": [{"type": "grid", "material": "m", "radius": 0.01, "count": [7, 7, 7],
                            "spacing": 0.021, "origin": [0.0105, 0.0105, 0.0105], "jitter": 0.0005, "seed": 2}],
            "cell": {"vectors": [[0.147, 0, 0], [0, 0.147, 0], [0, 0, 0.147]],
                     "velocity_gradient": [[-0.1, 40, 0], [0, -0.1, 0], [0, 0, -0.1]]}})";
        Scene scene = loadSceneText(text, "sheared gas");
        scene.world.cell->setModel(static_cast<CellModel>(model));
        for (std::size_t i = 0; i < scene.world.size(); ++i)
            scene.world.velocity[i] = scene.world.cell->gradient() * scene.world.position[i] +
                                      Vec3(std::sin(3.0 * i), std::cos(5.0 * i), std::sin(7.0 * i));
        scene.params.threads = 2;
        Simulation sim(std::move(scene.world), scene.params);
        sim.run(500);
        const long long builds = sim.neighbourListBuilds();
        const Mat3 before = sim.world().cell->vectors();
        std::size_t touching = 0;
        const long long allocations0 = g_allocations.load();
        for (int k = 0; k < 1000; ++k) {
            sim.step();
            (void)sim.energy();
            (void)sim.cellStress();
            touching += sim.contactCount();
        }
        const long long allocations = g_allocations.load() - allocations0;
        QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
        QCOMPARE(allocations, 0LL);
        QVERIFY(sim.neighbourListBuilds() - builds >= 5);
        QVERIFY2(touching > 1000, std::to_string(touching).c_str());
        // at 40 1/s the strain is several periods by now, so the cell has flipped (H is no longer
        // F H0, whose side b tilts without bound), and it moved over the window
        const PeriodicCell& cell = *sim.world().cell;
        QVERIFY((cell.deformation() * (0.147 * Mat3::Identity()) - cell.vectors()).norm() > 0.1);
        QVERIFY(cell.vectors()(0, 1) != before(0, 1));
    }

    void bondedStepsDoNotAllocate_data()
    {
        QTest::addColumn<QString>("law");
        QTest::newRow("Wang's law") << "total";
        QTest::newRow("incremental law") << "incremental";
    }

    void bondedStepsDoNotAllocate()
    {
        // a bonded 8 x 8 x 4 slab of spheres (face neighbours bonded) sliding and spinning on a
        // floor, on two threads: the bond stage and its deferred slots keep their buffers too,
        // and an incremental bond's springs are committed in place
        QFETCH(QString, law);
        const std::string lawKey = "\"law\": \"" + law.toStdString() + "\"";
        const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "slab",
            "gravity": [0, 0, -9.81],
            "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
            "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                                 R"(],
            "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}],
            "generators": [{"type": "grid", "material": "m", "radius": 0.01, "count": [8, 8, 4],
                            "spacing": 0.02, "origin": [0, 0, 0.0099]}],
            "bonds": [{"within": 1e-4, "kn": 1e5, "ks": 5e4, "kt": 2.5, "kb": 2.5, )" +
                                 lawKey + R"(}]})";
        Scene scene = loadSceneText(text, "slab");
        for (std::size_t i = 0; i < scene.world.size(); ++i) {
            scene.world.velocity[i] = Vec3(2.0, 1.0, 0.0);
            scene.world.angularMomentum[i] = Vec3(0.0, 0.0, 30.0 * scene.world.inertia[i].z());
        }
        scene.params.threads = 2;
        Simulation sim(std::move(scene.world), scene.params);
        sim.run(500);
        const long long builds = sim.neighbourListBuilds();
        std::size_t touching = 0; // floor contacts, summed over the window's steps
        const long long before = g_allocations.load();
        for (int k = 0; k < 1000; ++k) {
            sim.step();
            (void)sim.energy();
            touching += sim.contactCount();
        }
        const long long allocations = g_allocations.load() - before;
        QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
        QCOMPARE(allocations, 0LL);
        // the window did exercise what it claims: bonds loaded, floor contacts, rebuilds
        QCOMPARE(sim.world().bonds.size(), std::size_t(640));
        QVERIFY(sim.energy().elasticBond > 0.0);
        QVERIFY2(touching > 1000, std::to_string(touching).c_str());
        QVERIFY(sim.neighbourListBuilds() - builds >= 5);
    }
};

QTEST_APPLESS_MAIN(TestStepAllocation)
#include "TestStepAllocation.moc"
