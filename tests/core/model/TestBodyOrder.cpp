// Bodies sorted along a Morton curve (BodyOrder, Simulation with SimParams::sortBodies).
//
// The key must be the cell coordinates' bits interleaved (x lowest), and the order a permutation
// sorted by key. A simulation that keeps its bodies sorted, and re-sorts them while contacts carry
// friction and rolling springs, must be the same physics as one that does not: every body, found
// by its scene id, at the same place to rounding. A body or spring mapped wrongly is off by a
// grain spacing or a spring's stretch (1e-5 m here) within a step, rounding by far less than
// 1e-9 m over a few hundred steps. And a
// sorted run stays bit for bit the same on any number of threads.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "SceneText.h"
#include "model/BodyOrder.h"
#include "scene/SceneLoader.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// bit b of x, y, z goes to bit 3b, 3b + 1, 3b + 2
std::uint64_t interleaved(std::uint32_t x, std::uint32_t y, std::uint32_t z)
{
    std::uint64_t key = 0;
    for (int b = 0; b < 21; ++b) {
        key |= std::uint64_t((x >> b) & 1u) << (3 * b);
        key |= std::uint64_t((y >> b) & 1u) << (3 * b + 1);
        key |= std::uint64_t((z >> b) & 1u) << (3 * b + 2);
    }
    return key;
}

// 12 x 10 x 9 = 1080 jittered spheres of 9 mm (more than two body chunks, so they are sorted),
// each thrown in its own direction at about 1 m/s inside a box of six walls, with friction
// and rolling resistance: contacts open and close all through the run and the neighbour list
// is rebuilt every few steps, so the bodies are re-sorted while springs are loaded
Scene thrownGas()
{
    const int nx = 12, ny = 10, nz = 9;
    const double spacing = 0.02;
    unsigned state = 2024u; // a fixed linear congruential sequence: the same scene everywhere
    auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 24) * 2.0 - 1.0; // in [-1, 1)
    };
    std::string bodies;
    for (int k = 0; k < nx * ny * nz; ++k) {
        const Vec3 x(spacing * (0.5 + k % nx) + 0.001 * next(), spacing * (0.5 + (k / nx) % ny) + 0.001 * next(),
                     spacing * (0.5 + k / (nx * ny)) + 0.001 * next());
        const Vec3 v(next(), next(), next());
        const Vec3 w(50.0 * next(), 50.0 * next(), 50.0 * next());
        bodies += (k == 0 ? "" : ",") + sphereJson("m", 0.009, x, v, w);
    }
    char walls[900];
    std::snprintf(walls, sizeof walls,
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"},)"
                  R"({"type": "plane", "point": [0, 0, %.17g], "normal": [0, 0, -1], "material": "m"},)"
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [1, 0, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [%.17g, 0, 0], "normal": [-1, 0, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [0, 1, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [0, %.17g, 0], "normal": [0, -1, 0], "material": "m"})",
                  spacing * nz, spacing * nx, spacing * ny);
    const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "gas",
        "gravity": [0, 0, -9.81],
        "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
        "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                             R"(],
        "walls": [)" + std::string(walls) +
                             R"(],
        "bodies": [)" + bodies +
                             "]}";
    return loadSceneText(text, "gas");
}

Simulation makeSim(Scene scene, bool sorted, int threads)
{
    SimParams p = scene.params;
    p.sortBodies = sorted;
    p.threads = threads;
    return Simulation(std::move(scene.world), p);
}

} // namespace

class TestBodyOrder : public QObject {
    Q_OBJECT

private slots:
    void keyInterleavesBits()
    {
        unsigned state = 7u;
        auto next = [&state]() {
            state = state * 1664525u + 1013904223u;
            return (state >> 5) & 0x1fffffu; // 21 bits
        };
        for (int k = 0; k < 1000; ++k) {
            const std::uint32_t x = next(), y = next(), z = next();
            QCOMPARE(mortonKey(x, y, z), interleaved(x, y, z));
        }
        QCOMPARE(mortonKey(1, 0, 0), std::uint64_t(1));
        QCOMPARE(mortonKey(0, 1, 0), std::uint64_t(2));
        QCOMPARE(mortonKey(0, 0, 1), std::uint64_t(4));
        QCOMPARE(mortonKey(0x1fffff, 0x1fffff, 0x1fffff), (std::uint64_t(1) << 63) - 1);
    }

    void orderIsAPermutationSortedByKey()
    {
        Scene s = thrownGas();
        World& w = s.world;
        w.position[5] = Vec3(NAN, 0.0, 0.0); // goes last
        std::vector<int> order;
        std::vector<std::pair<std::uint64_t, int>> keyed;
        const double cell = 0.018;
        mortonOrder(w, cell, order, keyed);
        QCOMPARE(order.size(), w.size());
        std::vector<int> seen(order);
        std::sort(seen.begin(), seen.end());
        for (std::size_t i = 0; i < seen.size(); ++i)
            QCOMPARE(seen[i], int(i));
        QCOMPARE(order.back(), 5);
        // keys from the finite bodies' bounding box, as documented
        Vec3 lo = Vec3::Constant(INFINITY);
        for (std::size_t i = 0; i < w.size(); ++i)
            if (w.position[i].allFinite())
                lo = lo.cwiseMin(w.position[i]);
        auto key = [&](int b) {
            const Vec3 c = ((w.position[std::size_t(b)] - lo) / cell).array().floor();
            return mortonKey(std::uint32_t(c.x()), std::uint32_t(c.y()), std::uint32_t(c.z()));
        };
        for (std::size_t s2 = 1; s2 + 1 < order.size(); ++s2) {
            const std::uint64_t a = key(order[s2 - 1]), b = key(order[s2]);
            QVERIFY(a < b || (a == b && order[s2 - 1] < order[s2]));
        }
    }

    void sortedRunIsTheSamePhysics()
    {
        const Scene scene = thrownGas();
        Simulation sorted = makeSim(scene, true, 1);
        Simulation plain = makeSim(scene, false, 1);
        QCOMPARE(sorted.bodySorts(), 1LL); // at construction
        // (rounding differences start at 1e-17 m and grow about tenfold per 100 steps in this
        // gas, as colliding grains amplify them: near 1e-13 m at step 600)
        const int steps = 600;
        sorted.run(steps);
        plain.run(steps);
        QVERIFY(!sorted.isUnstable() && !plain.isUnstable());
        // re-sorted while running, and into an order that is not the scene's
        QVERIFY2(sorted.bodySorts() >= 2, qPrintable(QString::number(sorted.bodySorts())));
        const World& a = sorted.world();
        const World& b = plain.world();
        int moved = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
            moved += a.bodyId(i) != int(i) ? 1 : 0;
        QVERIFY(moved > int(a.size()) / 2);
        QCOMPARE(b.bodyId(7), 7);
        // the same bodies by scene id, to rounding
        double dx = 0.0, dv = 0.0, dq = 0.0;
        for (std::size_t id = 0; id < b.size(); ++id) {
            const std::size_t i = a.bodySlot(int(id));
            QCOMPARE(a.bodyId(i), int(id));
            dx = std::max(dx, (a.position[i] - b.position[id]).norm());
            dv = std::max(dv, (a.velocity[i] - b.velocity[id]).norm());
            dq = std::max(dq, a.orientation[i].angularDistance(b.orientation[id]));
        }
        qInfo("largest difference: position %.3g m, velocity %.3g m/s, orientation %.3g rad", dx, dv, dq);
        QVERIFY(dx < 1e-9);
        QVERIFY(dv < 1e-6);
        QVERIFY(dq < 1e-6);
        // the contacts and their springs: the same energy stored and dissipated
        const EnergySample ea = sorted.energy(), eb = plain.energy();
        QVERIFY(eb.dissipatedFriction > 0.0 && eb.elasticTangential > 0.0 && eb.elasticRolling > 0.0);
        QCOMPARE(sorted.contactCount(), plain.contactCount());
        for (auto [x, y] : {std::pair{ea.elasticTangential, eb.elasticTangential},
                            {ea.elasticRolling, eb.elasticRolling},
                            {ea.dissipatedFriction, eb.dissipatedFriction},
                            {ea.dissipatedRolling, eb.dissipatedRolling},
                            {ea.elasticNormal, eb.elasticNormal}})
            QVERIFY2(std::abs(x - y) <= 1e-9 * std::abs(y),
                     qPrintable(QString("%1 vs %2").arg(x, 0, 'g', 17).arg(y, 0, 'g', 17)));
    }

    void sortedRunSameBitsOnAnyThreadCount()
    {
        const Scene scene = thrownGas();
        Simulation one = makeSim(scene, true, 1);
        Simulation two = makeSim(scene, true, 2);
        one.run(800);
        two.run(800);
        QVERIFY(one.bodySorts() >= 2);
        QCOMPARE(two.bodySorts(), one.bodySorts());
        const World& a = one.world();
        const World& b = two.world();
        QVERIFY(a.bodyIds == b.bodyIds);
        QVERIFY(std::memcmp(a.position.data(), b.position.data(), a.size() * sizeof(Vec3)) == 0);
        QVERIFY(std::memcmp(a.velocity.data(), b.velocity.data(), a.size() * sizeof(Vec3)) == 0);
        QVERIFY(std::memcmp(a.angularMomentum.data(), b.angularMomentum.data(), a.size() * sizeof(Vec3)) == 0);
        const ContactHistory& ha = one.neighbours().pairHistory();
        const ContactHistory& hb = two.neighbours().pairHistory();
        QCOMPARE(ha.shear.size(), hb.shear.size());
        QVERIFY(std::memcmp(ha.shear.data(), hb.shear.data(), ha.shear.size() * sizeof(Vec3)) == 0);
        const EnergySample ea = one.energy(), eb = two.energy();
        QCOMPARE(ea.dissipatedFriction, eb.dissipatedFriction);
        QCOMPARE(ea.balanceError, eb.balanceError);
    }
};

QTEST_APPLESS_MAIN(TestBodyOrder)
#include "TestBodyOrder.moc"
