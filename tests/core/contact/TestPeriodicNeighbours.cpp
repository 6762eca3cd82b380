// The neighbour list in a periodic cell finds exactly the (pair, image) triples a brute-force
// minimum-image search finds, each once: in a cube, in a sheared cell, with an axis that does
// not repeat, with cells so small that an axis holds one or two grid layers, with bodies a
// period or more outside the cell, and with clump members straddling a face. And it asks for a
// rebuild once the cell's deformation could bring a left-out pair into contact.
#include <QtTest>

#include <random>
#include <set>
#include <tuple>

#include "TestHelpers.h"
#include "contact/NeighbourList.h"

using namespace tumble;

namespace {

using Triple = std::tuple<int, int, int>; // i, j, image byte

World periodicWorld(int n, unsigned seed, const Mat3& h, const std::array<bool, 3>& periodic, double rMin, double rMax,
                    double spread)
{
    World w;
    w.materials.push_back(Material{});
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> frac(-spread, 1.0 + spread), rad(rMin, rMax);
    for (int i = 0; i < n; ++i)
        w.addSphere(0, rad(rng), h * Vec3(frac(rng), frac(rng), frac(rng)), Vec3::Zero(), Vec3::Zero());
    w.cell = PeriodicCell(h, periodic, Mat3::Zero(), CellModel::MediumCarried);
    return w;
}

// every member pair and image n (|n_k| <= 2 along periodic axes) closer than reach
std::set<Triple> bruteForce(const World& w, double skin)
{
    std::set<Triple> out;
    const PeriodicCell& c = *w.cell;
    const int m = static_cast<int>(w.memberCount());
    for (int i = 0; i < m; ++i) {
        for (int j = i + 1; j < m; ++j) {
            if (w.memberBody[i] == w.memberBody[j])
                continue;
            for (int a = -2; a <= 2; ++a) {
                for (int b = -2; b <= 2; ++b) {
                    for (int d = -2; d <= 2; ++d) {
                        if ((a != 0 && !c.periodic(0)) || (b != 0 && !c.periodic(1)) || (d != 0 && !c.periodic(2)))
                            continue;
                        const Vec3 sep = w.memberPosition[i] - w.memberPosition[j] - c.shift({a, b, d});
                        if (sep.norm() < w.memberRadius[i] + w.memberRadius[j] + skin)
                            out.insert({i, j, encodeImage(a, b, d)});
                    }
                }
            }
        }
    }
    return out;
}

std::set<Triple> listed(const NeighbourList& list, bool& duplicates)
{
    std::set<Triple> out;
    duplicates = false;
    for (const PairCandidate& p : list.pairs())
        duplicates = !out.insert({p.i, p.j, p.image}).second || duplicates;
    return out;
}

Mat3 sheared()
{
    Mat3 h;
    h << 0.2, 0.09, 0.03, 0.0, 0.18, -0.05, 0.0, 0.0, 0.22; // tilted, already reduced
    return h;
}

} // namespace

class TestPeriodicNeighbours : public QObject {
    Q_OBJECT
private slots:
    void matchesMinimumImageBruteForce_data()
    {
        QTest::addColumn<Mat3>("h");
        QTest::addColumn<bool>("zPeriodic");
        QTest::addColumn<double>("rMax");
        QTest::addColumn<double>("spread");
        // radii 0.005 to rMax (m): the reach 2 rMax + skin against the widths gives the layers
        QTest::newRow("cube, many layers") << Mat3(0.2 * Mat3::Identity()) << true << 0.01 << 0.0;
        QTest::newRow("sheared cell") << sheared() << true << 0.01 << 0.0;
        QTest::newRow("z does not repeat") << sheared() << false << 0.01 << 0.0;
        QTest::newRow("two layers") << Mat3(0.2 * Mat3::Identity()) << true << 0.04 << 0.0;
        QTest::newRow("one layer") << sheared() << true << 0.04 << 0.0;
        QTest::newRow("bodies outside the cell") << sheared() << true << 0.01 << 1.3;
    }
    void matchesMinimumImageBruteForce()
    {
        QFETCH(Mat3, h);
        QFETCH(bool, zPeriodic);
        QFETCH(double, rMax);
        QFETCH(double, spread);
        World w = periodicWorld(300, 3, h, {true, true, zPeriodic}, 0.005, rMax, spread);
        const double skin = 0.004;
        // the test's brute force finds images within two periods: keep the cell wider than twice
        // the reach so at most one image of a pair is that close (the minimum-image condition)
        QVERIFY(w.cell->narrowestPeriodicWidth() > 2.0 * (2.0 * rMax + skin));
        NeighbourList list;
        if (spread > 1.0) {
            // a body a whole period out names an image past -2..2: the Simulation wraps bodies
            // before that, and the list refuses rather than guess
            QVERIFY_THROWS_EXCEPTION(std::logic_error, list.build(w, ContactTable(w.materials), skin));
            return;
        }
        list.build(w, ContactTable(w.materials), skin);
        bool duplicates = false;
        const std::set<Triple> found = listed(list, duplicates);
        QVERIFY(!duplicates);
        const std::set<Triple> expected = bruteForce(w, skin);
        QVERIFY(expected.size() > 100);
        QCOMPARE(found.size(), expected.size());
        QVERIFY(found == expected);
    }

    void clumpMembersAcrossAFace()
    {
        // two-member clumps whose members lie on both sides of a face: a member's image follows
        // from its own position, whatever its body's
        World w;
        w.materials.push_back(Material{});
        const Mat3 h = 0.2 * Mat3::Identity();
        std::mt19937 rng(9);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int b = 0; b < 120; ++b) {
            const Vec3 centre = h * Vec3(u(rng), u(rng), u(rng));
            const int body = w.addRigidBody(0, 1.0, Vec3(1e-5, 2e-5, 2e-5), Quat::Identity(), 0.02, centre,
                                            Vec3::Zero(), Vec3::Zero());
            w.addMember(body, Vec3(-0.008, 0.0, 0.0), 0.006);
            w.addMember(body, Vec3(0.008, 0.0, 0.0), 0.006);
        }
        w.updateMemberPositions();
        w.cell = PeriodicCell(h, {true, true, true}, Mat3::Zero(), CellModel::MediumCarried);
        const double skin = 0.003;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        bool duplicates = false;
        QVERIFY(listed(list, duplicates) == bruteForce(w, skin));
        QVERIFY(!duplicates);
    }

    void renumberingKeepsEachPairsImage()
    {
        // the Morton sort renumbers members (World::permuteBodies, NeighbourList::renumberMembers):
        // a pair whose i and j swap names j's image from the other side, -n
        World w = periodicWorld(300, 11, sheared(), {true, true, true}, 0.005, 0.01, 0.0);
        const double skin = 0.004;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        std::vector<int> order(w.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            order[k] = static_cast<int>(order.size() - 1 - k); // reversed: every pair swaps
        std::vector<int> memberOrder;
        World::PermuteScratch scratch;
        w.permuteBodies(order, memberOrder, scratch);
        std::vector<int> newOfOld(memberOrder.size());
        for (std::size_t k = 0; k < memberOrder.size(); ++k)
            newOfOld[static_cast<std::size_t>(memberOrder[k])] = static_cast<int>(k);
        list.renumberMembers(newOfOld);
        bool duplicates = false;
        QVERIFY(listed(list, duplicates) == bruteForce(w, skin));
        QVERIFY(!duplicates);
    }

    void rebuildsOnceTheCellHasDeformedEnough()
    {
        // bodies at rest in the medium under simple shear: no body moves relative to the medium,
        // yet the images do. With skin s and reach c the list holds until |F - I| c = s, that is
        // a strain of s / c (|F - I| is the strain for simple shear)
        World w = periodicWorld(50, 5, 0.2 * Mat3::Identity(), {true, true, true}, 0.005, 0.01, 0.0);
        Mat3 l = Mat3::Zero();
        l(0, 1) = 1.0;
        w.cell = PeriodicCell(0.2 * Mat3::Identity(), {true, true, true}, l, CellModel::MediumCarried);
        const double skin = 0.004;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        double rMax = 0.0;
        for (double r : w.memberRadius)
            rMax = std::max(rMax, r);
        const double strainAtRebuild = skin / (2.0 * rMax + skin);
        const double dt = 1e-3;
        double strain = 0.0;
        while (!list.needsRebuild(w)) {
            const MediumStep s = w.cell->step(dt);
            for (std::size_t i = 0; i < w.size(); ++i)
                w.position[i] = s.map * w.position[i];
            w.updateMemberPositions();
            w.cell->advance(s);
            strain += dt;
            QVERIFY(strain < 1.0);
        }
        TUMBLE_NEAR(strain, strainAtRebuild, dt, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPeriodicNeighbours)
#include "TestPeriodicNeighbours.moc"
