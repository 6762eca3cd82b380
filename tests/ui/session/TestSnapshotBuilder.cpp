// SnapshotBuilder: what the views get lists bodies and members in scene order with scene ids,
// whatever order the simulation keeps them in (SimParams::sortBodies re-sorts scenes of 1024
// bodies or more), so picking, the inspector and the clump overlays name the scene's bodies;
// bonds join the right spheres, with their dominant mode and their load against their strength.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

#include "TestHelpers.h"
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

    void bondsJoinTheirSpheresInSceneOrder()
    {
        // x neighbours bonded across their gap (0.03 m apart), moving apart at 0.001 m/s (sphere
        // k moves at 0.001 k): pure stretch. Four with a tensile strength of 1 N, one unbreakable
        Scene scene;
        scene.world = lattice();
        World& w0 = scene.world;
        const BondStiffness k{1e3, 5e2, 1e-3, 1e-3};
        BondStrength strong;
        strong.tension = 1.0;
        const int firsts[5] = {100, 200, 300, 900, 400};
        for (const int a : firsts)
            w0.addBond(a, a + 1, k, a == 400 ? BondStrength{} : strong);
        w0.bonds.sort(w0.size());
        SimParams params;
        params.dt = 1e-6;
        Simulation sim(scene.world, params);
        QCOMPARE(sim.bodySorts(), 1LL);
        sim.run(1000);

        FrameSnapshot s;
        PublishScratch scratch;
        QVERIFY(fillBodies(s, sim, -1, scratch));
        fillBonds(s, sim, scratch);
        QCOMPARE(s.bondCount(), std::size_t(5));
        QCOMPARE(s.bondMembers.size(), std::size_t(10));
        QCOMPARE(s.bondBreaks, 0LL);
        QVERIFY(s.recentBreaks.empty());
        std::set<int> seen;
        const World& w = sim.world();
        for (std::size_t b = 0; b < 5; ++b) {
            // the two members are the bonded spheres (by scene id, as the views name bodies)
            const int i = s.bodyOf(std::size_t(s.bondMembers[2 * b]));
            const int j = s.bodyOf(std::size_t(s.bondMembers[2 * b + 1]));
            const int a = std::min(i, j);
            QCOMPARE(std::max(i, j), a + 1);
            QVERIFY(std::find(std::begin(firsts), std::end(firsts), a) != std::end(firsts));
            seen.insert(a);
            for (int c = 0; c < 3; ++c)
                QCOMPARE(s.positions[3 * std::size_t(s.bondMembers[2 * b]) + c], float(w.position[w.bodySlot(i)][c]));
            // stretched only: the normal mode holds the energy
            QCOMPARE(int(s.bondMode[b]), int(kBondNormal));
            if (a == 400) {
                QCOMPARE(s.bondLoad[b], -1.f);
                continue;
            }
            // the tension kn (l - L0) against the 1 N strength
            const double l = (w.position[w.bodySlot(a + 1)] - w.position[w.bodySlot(a)]).norm();
            const double l0 = (w0.position[std::size_t(a + 1)] - w0.position[std::size_t(a)]).norm();
            const double load = k.kn * (l - l0) / 1.0;
            QVERIFY(load > 0.5e-3);
            QVERIFY2(std::abs(double(s.bondLoad[b]) - load) <= 1e-4 * load,
                     qPrintable(QString("%1 against %2").arg(double(s.bondLoad[b])).arg(load)));
        }
        QCOMPARE(seen.size(), std::size_t(5));
    }

    void aBondThroughAFaceIsDrawnToTheImage()
    {
        // two spheres of 5 mm at x = 5 mm and 95 mm of a periodic cell 0.1 m long, bonded through
        // the face x = 0 (1 cm long), moving apart at 0.002 m/s: the snapshot gives the second
        // sphere's image shift, one period along x, so the bond is drawn 1 cm long and not across
        // the cell, and its load is the stretch's, kn s against the 1 N strength, with the pair's
        // oscillation s = (v / w) sin(w t), w^2 = 2 kn / m
        World w0;
        w0.materials.push_back(Material{});
        w0.gravity = Vec3::Zero();
        w0.addSphere(0, 0.005, Vec3(0.005, 0.05, 0.05), Vec3(0.001, 0.0, 0.0), Vec3::Zero());
        w0.addSphere(0, 0.005, Vec3(0.095, 0.05, 0.05), Vec3(-0.001, 0.0, 0.0), Vec3::Zero());
        w0.cell = PeriodicCell(0.1 * Mat3::Identity(), {true, true, true}, Mat3::Zero(), CellModel::MediumCarried);
        BondStrength strong;
        strong.tension = 1.0;
        w0.addBond(0, 1, BondStiffness{1e3, 5e2, 1e-3, 1e-3}, strong);
        w0.bonds.sort(w0.size());
        SimParams params;
        params.dt = 1e-6;
        Simulation sim(w0, params);
        sim.run(1000); // 1 ms
        const double omega = std::sqrt(2.0 * 1e3 / sim.world().mass[0]);
        const double stretch = 0.002 / omega * std::sin(omega * 1e-3); // m (1.5 um)
        FrameSnapshot s;
        PublishScratch scratch;
        QVERIFY(fillBodies(s, sim, -1, scratch));
        fillBonds(s, sim, scratch);
        QCOMPARE(s.bondCount(), std::size_t(1));
        QCOMPARE(s.bondShift.size(), std::size_t(3));
        const auto end = [&](int e) {
            const std::size_t m = std::size_t(s.bondMembers[std::size_t(e)]);
            Vec3 x(s.positions[3 * m], s.positions[3 * m + 1], s.positions[3 * m + 2]);
            if (e == 1)
                x += Vec3(s.bondShift[0], s.bondShift[1], s.bondShift[2]);
            return x;
        };
        TUMBLE_NEAR(std::abs(double(s.bondShift[0])), 0.1, 1e-7, 0.0); // (float)
        QCOMPARE(s.bondShift[1], 0.f);
        QCOMPARE(s.bondShift[2], 0.f);
        TUMBLE_NEAR((end(1) - end(0)).norm(), 0.01 + stretch, 2e-8, 0.0); // (floats of ~0.1 m)
        QCOMPARE(int(s.bondMode[0]), int(kBondNormal));
        TUMBLE_NEAR(double(s.bondLoad[0]), 1e3 * stretch, 0.0, 1e-4); // (velocity Verlet's phase: (w dt)^2)
    }

    void quantitiesAndForceChainsFromTheContacts()
    {
        // three spheres of 1 cm in a row along x, each overlapping the next by 1 mm, at rest
        // without gravity, and a fourth apart spinning at 5 rad/s about z: the ends are pushed
        // out by kn d (the middle one's loads cancel), the chains carry kn d each, the middle
        // sphere touches two, the ends one and the fourth none; the fourth's kinetic energy is
        // 1/2 (2/5 m R^2) 5^2 and its spin rate 5
        World w0;
        w0.materials.push_back(Material{});
        w0.gravity = Vec3::Zero();
        for (int k = 0; k < 3; ++k)
            w0.addSphere(0, 0.01, Vec3(0.019 * k, 0.0, 0.0), Vec3::Zero(), Vec3::Zero());
        w0.addSphere(0, 0.01, Vec3(0.0, 0.1, 0.05), Vec3::Zero(), Vec3(0.0, 0.0, 5.0));
        SimParams params;
        params.dt = 1e-7;
        const Simulation sim(w0, params);
        const World& w = sim.world();
        FrameSnapshot s;
        PublishScratch scratch;
        QVERIFY(fillBodies(s, sim, -1, scratch));
        const double push = w.force[w.bodySlot(0)].norm();
        QVERIFY(push > 0.0);
        TUMBLE_NEAR(w.force[w.bodySlot(1)].norm(), 0.0, 1e-12 * push, 0.0);

        fillMemberValues(s, sim, MemberQuantity::Coordination, scratch);
        QCOMPARE(s.memberValues, (std::vector<float>{1.f, 2.f, 1.f, 0.f}));
        fillMemberValues(s, sim, MemberQuantity::NetForce, scratch);
        QCOMPARE(s.memberValues[0], float(push));
        fillMemberValues(s, sim, MemberQuantity::SpinRate, scratch);
        QCOMPARE(s.memberValues[3], 5.f);
        fillMemberValues(s, sim, MemberQuantity::KineticEnergy, scratch);
        const double m = w.mass[w.bodySlot(3)];
        TUMBLE_NEAR(double(s.memberValues[3]), 0.5 * 0.4 * m * 1e-4 * 25.0, 0.0, 1e-6); // (float)
        fillMemberValues(s, sim, MemberQuantity::Height, scratch);                      // z without gravity
        QCOMPARE(s.memberValues[3], 0.05f);
        fillMemberValues(s, sim, MemberQuantity::BodyId, scratch);
        QCOMPARE(s.memberValues, (std::vector<float>{0.f, 1.f, 2.f, 3.f}));
        fillMemberValues(s, sim, MemberQuantity::None, scratch);
        QVERIFY(s.memberValues.empty());

        fillForceChains(s, sim, scratch);
        QVERIFY(s.chainsAsked);
        QCOMPARE(s.chainForce.size(), std::size_t(2));
        QVERIFY(s.chainShift.empty());
        std::set<std::pair<int, int>> pairs;
        for (std::size_t k = 0; k < 2; ++k) {
            pairs.insert(std::minmax(s.chainMembers[2 * k], s.chainMembers[2 * k + 1]));
            TUMBLE_NEAR(double(s.chainForce[k]), push, 0.0, 1e-6); // (float)
        }
        QCOMPARE(pairs, (std::set<std::pair<int, int>>{{0, 1}, {1, 2}}));
    }

    void forceChainThroughAFaceGoesToTheImage()
    {
        // two spheres of 5 mm at x = 4.5 mm and 95.5 mm of a periodic cell 0.1 m long touch
        // through the face x = 0 (1 mm overlap): the chain's second end is the image, 9 mm away
        World w0;
        w0.materials.push_back(Material{});
        w0.gravity = Vec3::Zero();
        w0.addSphere(0, 0.005, Vec3(0.0045, 0.05, 0.05), Vec3::Zero(), Vec3::Zero());
        w0.addSphere(0, 0.005, Vec3(0.0955, 0.05, 0.05), Vec3::Zero(), Vec3::Zero());
        w0.cell = PeriodicCell(0.1 * Mat3::Identity(), {true, true, true}, Mat3::Zero(), CellModel::MediumCarried);
        SimParams params;
        params.dt = 1e-7;
        const Simulation sim(w0, params);
        FrameSnapshot s;
        PublishScratch scratch;
        QVERIFY(fillBodies(s, sim, -1, scratch));
        fillForceChains(s, sim, scratch);
        QCOMPARE(s.chainForce.size(), std::size_t(1));
        QCOMPARE(s.chainShift.size(), std::size_t(3));
        const auto a = std::size_t(s.chainMembers[0]), b = std::size_t(s.chainMembers[1]);
        const Vec3 xa(s.positions[3 * a], s.positions[3 * a + 1], s.positions[3 * a + 2]);
        const Vec3 xb = Vec3(s.positions[3 * b], s.positions[3 * b + 1], s.positions[3 * b + 2]) +
                        Vec3(s.chainShift[0], s.chainShift[1], s.chainShift[2]);
        TUMBLE_NEAR((xb - xa).norm(), 0.009, 2e-8, 0.0); // (floats of ~0.1 m)
        TUMBLE_NEAR(double(s.chainForce[0]), sim.world().force[0].norm(), 0.0, 1e-6);
    }

    void loadAgainstStrengthFollowsTheCriterion()
    {
        // the load measures N = kn stretch, S = ks slip, T = kt |psi|, B = kb theta, each a
        // quarter of its strength (binary-exact values)
        const BondStiffness k{2.0, 3.0, 5.0, 7.0};
        BondLoads l{};
        l.stretch = 0.125; // N = 0.25
        l.slip = 0.125;    // S = 0.375
        l.psi = -0.125;    // T = 0.625
        l.theta = 0.125;   // B = 0.875
        BondStrength s;
        s.tension = 1.0;
        s.shear = 1.5;
        s.twist = 2.5;
        s.bend = 3.5;
        QCOMPARE(bondLoadRatio(l, k, s), 0.25f); // independent: the largest part
        s.criterion = BondCriterion::LinearSum;
        QCOMPARE(bondLoadRatio(l, k, s), 1.0f); // their sum: it breaks
        l.stretch = -0.125;                     // compressed: counts against
        QCOMPARE(bondLoadRatio(l, k, s), 0.5f);
        s.criterion = BondCriterion::Independent;
        QCOMPARE(bondLoadRatio(l, k, s), 0.25f);
        s.shear = s.twist = s.bend = BondStrength::kNever; // only the (compressed) tension left
        QCOMPARE(bondLoadRatio(l, k, s), 0.0f);
        QCOMPARE(bondLoadRatio(l, k, BondStrength{}), -1.0f); // never breaks
    }
};

QTEST_APPLESS_MAIN(TestSnapshotBuilder)
#include "TestSnapshotBuilder.moc"
