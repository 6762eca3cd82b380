// The cell-grid neighbour list finds exactly the pairs a brute-force search finds (the test's own
// O(N^2) loop is the reference), each once with i < j, and asks for a rebuild exactly when a body
// has moved more than half the skin.
#include <QtTest>

#include <random>
#include <set>

#include "TestHelpers.h"
#include "contact/NeighbourList.h"

using namespace tumble;

namespace {

World randomWorld(int n, unsigned seed, double boxSize)
{
    World w;
    Material m;
    w.materials.push_back(m);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> pos(0.0, boxSize), rad(0.005, 0.02);
    for (int i = 0; i < n; ++i)
        w.addSphere(0, rad(rng), Vec3(pos(rng), pos(rng), pos(rng)), Vec3::Zero(), Vec3::Zero());
    return w;
}

} // namespace

class TestNeighbourList : public QObject {
    Q_OBJECT
private slots:
    void matchesBruteForce_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("box");
        QTest::newRow("dense") << 800 << 0.3;
        QTest::newRow("sparse") << 300 << 5.0;
        QTest::newRow("one far body") << 2 << 1000.0;
    }

    void matchesBruteForce()
    {
        QFETCH(int, n);
        QFETCH(double, box);
        World w = randomWorld(n, 7, box);
        if (n == 2) { // a second body far away must not blow up the grid
            w.position[1] = Vec3(1e4, -1e4, 1e4);
            w.updateMemberPositions();
        }
        const double skin = 0.004;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        std::set<std::pair<int, int>> expected;
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if ((w.position[i] - w.position[j]).norm() < w.radius[i] + w.radius[j] + skin)
                    expected.insert({i, j});
        std::set<std::pair<int, int>> found;
        for (const PairCandidate& p : list.pairs()) {
            QVERIFY(p.i < p.j);
            QVERIFY2(found.insert({p.i, p.j}).second, "pair listed twice");
        }
        QCOMPARE(found.size(), expected.size());
        QVERIFY(found == expected);
        if (box < 1.0)
            QVERIFY(expected.size() > 100); // the dense case really exercises pairs
    }

    void astronomicalExtent()
    {
        // a run that is blowing up can hold finite but huge positions for a few steps before the
        // runaway check: the grid must stay small and the pairs still be found
        World w = randomWorld(50, 5, 0.1);
        w.position[7] = Vec3(1e300, -1e300, 1e299);
        w.position[8] = Vec3(1e300, -1e300, 1e299);
        w.updateMemberPositions();
        NeighbourList list;
        list.build(w, ContactTable(w.materials), 0.004);
        bool farPair = false;
        for (const PairCandidate& p : list.pairs())
            farPair = farPair || (p.i == 7 && p.j == 8);
        QVERIFY(farPair);
    }

    void overflowingExtent()
    {
        // two bodies at opposite ends of the doubles: the extent hi - lo overflows to infinity
        // (this crashed the grid, found running a pile at 50 x the critical dt). The grid falls
        // back to one cell and every close pair is still listed.
        World w = randomWorld(50, 5, 0.1);
        w.position[7] = Vec3(1.7e308, 0.0, 0.0);
        w.position[8] = Vec3(-1.7e308, 0.0, 0.0);
        w.updateMemberPositions();
        const double skin = 0.004;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        std::set<std::pair<int, int>> found;
        for (const PairCandidate& p : list.pairs())
            found.insert({p.i, p.j});
        int expected = 0;
        for (int i = 0; i < 50; ++i)
            for (int j = i + 1; j < 50; ++j)
                if (i != 7 && i != 8 && j != 7 && j != 8 &&
                    (w.position[i] - w.position[j]).norm() < w.radius[i] + w.radius[j] + skin) {
                    ++expected;
                    QVERIFY(found.count({i, j}) == 1);
                }
        QVERIFY(expected > 0);
    }

    void wallCandidates()
    {
        World w = randomWorld(200, 3, 0.3);
        w.walls.push_back({Vec3(0, 0, 0.05), Vec3::UnitZ(), 0});
        const double skin = 0.004;
        NeighbourList list;
        list.build(w, ContactTable(w.materials), skin);
        std::size_t expected = 0;
        for (std::size_t i = 0; i < w.size(); ++i)
            if (w.position[i].z() - 0.05 < w.radius[i] + skin)
                ++expected;
        QCOMPARE(list.wallPairs().size(), expected);
    }

    void rebuildOnlyPastHalfSkin()
    {
        World w = randomWorld(100, 11, 0.3);
        const double skin = 0.004;
        NeighbourList list;
        QVERIFY(list.needsRebuild(w));
        list.build(w, ContactTable(w.materials), skin);
        QVERIFY(!list.needsRebuild(w));
        // the list follows members, whose positions follow the bodies (as after every step)
        w.position[42].x() += 0.49 * skin;
        w.updateMemberPositions();
        QVERIFY(!list.needsRebuild(w));
        w.position[42].x() += 0.02 * skin;
        w.updateMemberPositions();
        QVERIFY(list.needsRebuild(w));
    }
};

QTEST_APPLESS_MAIN(TestNeighbourList)
#include "TestNeighbourList.moc"
