// SnapshotBuilder: what the views get lists bodies and members in scene order with scene ids,
// whatever order the simulation keeps them in (SimParams::sortBodies re-sorts scenes of 1024
// bodies or more), so picking, the inspector and the clump overlays name the scene's bodies.
#include <QtTest>

#include "scene/Scene.h"
#include "session/FrameSnapshot.h"
#include "session/SceneInfo.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// 30 x 6 x 6 spheres in a row-major lattice (x fastest: far from Morton order), with two
// dumbbell clumps among them (scene ids 0 and 700), at rest and apart
World lattice()
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    int k = 0;
    for (int z = 0; z < 6; ++z)
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 30; ++x, ++k) {
                const Vec3 p(0.03 * x, 0.03 * y, 0.03 * z);
                if (k == 0 || k == 700) {
                    const int b = w.addRigidBody(0, 1e-3, Vec3(1e-8, 2e-8, 2e-8), Quat::Identity(), 0.012, p,
                                                 Vec3::Zero(), Vec3(0.0, 0.0, 1.0));
                    w.addMember(b, Vec3(0.005, 0.0, 0.0), 0.006);
                    w.addMember(b, Vec3(-0.005, 0.0, 0.0), 0.004);
                } else {
                    w.addSphere(0, 0.01, p, Vec3(0.001 * k, 0.0, 0.0), Vec3::Zero());
                }
            }
    return w;
}

} // namespace

class TestSnapshotBuilder : public QObject {
    Q_OBJECT
private slots:
    void sortedSimulationPublishesInSceneOrder()
    {
        Scene scene;
        scene.name = "lattice";
        scene.world = lattice();
        SimParams params;
        params.dt = 1e-6;
        const Simulation sim(scene.world, params);
        const World& w = sim.world();
        QCOMPARE(sim.bodySorts(), 1LL);
        int moved = 0;
        for (std::size_t i = 0; i < w.size(); ++i)
            moved += w.bodyId(i) != int(i) ? 1 : 0;
        QVERIFY(moved > 100);

        FrameSnapshot s;
        PublishScratch scratch;
        QVERIFY(fillBodies(s, sim, 700, scratch));
        const World& original = scene.world;
        QCOMPARE(s.bodies, original.size());
        QCOMPARE(s.memberBody.size(), original.memberCount());
        for (std::size_t j = 0; j < original.memberCount(); ++j) {
            QCOMPARE(s.memberBody[j], original.memberBody[j]);
            QCOMPARE(s.radii[j], float(original.memberRadius[j]));
            for (int c = 0; c < 3; ++c)
                QCOMPARE(s.positions[3 * j + c], float(original.memberPosition[j][c]));
            // speed from the body's own velocity (0.001 k m/s for sphere k)
            const int b = original.memberBody[j];
            QCOMPARE(s.speeds[j], float(original.velocity[std::size_t(b)].norm()));
        }
        QCOMPARE(s.clumps.size(), std::size_t(2));
        QCOMPARE(s.clumps[0].id, 0);
        QCOMPARE(s.clumps[1].id, 700);
        QVERIFY(s.selected.has_value());
        QCOMPARE(s.selected->id, 700);
        QCOMPARE(s.selected->position, original.position[700]);

        const auto info = makeSceneInfo(scene, w, 1, 0.01);
        QCOMPARE(info->memberOffsets.size(), original.memberCount());
        for (std::size_t j = 0; j < original.memberCount(); ++j)
            QCOMPARE(info->memberOffsets[j], original.memberOffset[j]);
    }
};

QTEST_APPLESS_MAIN(TestSnapshotBuilder)
#include "TestSnapshotBuilder.moc"
