// InteractiveDetail chooses the level of detail from measured render times: full quality when
// the camera is still; while it moves, the finest level that fits the budget (predicted from
// the full-quality frames before any interactive one, measured after); a scene fast enough at
// full quality stays there; the ladder goes from resolution to sphere subsets.
#include <QtTest>

#include "view3d/InteractiveDetail.h"

using namespace tumble::ui;

class TestInteractiveDetail : public QObject {
    Q_OBJECT
private slots:
    void ladderReducesResolutionFirstThenSpheres();
    void stillIsFullQuality();
    void fastSceneStaysAtFullQuality();
    void slowSceneDropsToAFittingLevel();
    void measuredLevelsOverridePredictions();
    void nothingFitsGivesTheCoarsestLevel();
};

void TestInteractiveDetail::ladderReducesResolutionFirstThenSpheres()
{
    const auto& ladder = InteractiveDetail::kLadder;
    QCOMPARE(ladder[0], (DetailLevel{1.0, 1}));
    bool subsets = false;
    for (std::size_t l = 1; l < ladder.size(); ++l) {
        // every step is coarser in one way, never finer in the other
        QVERIFY(ladder[l].scale <= ladder[l - 1].scale);
        QVERIFY(ladder[l].stride >= ladder[l - 1].stride);
        QVERIFY(ladder[l] != ladder[l - 1]);
        // once spheres are left out, the resolution has reached its floor
        if (ladder[l].stride > 1 && !subsets) {
            subsets = true;
            QCOMPARE(ladder[l].scale, ladder[l - 1].scale);
        }
    }
    QVERIFY(subsets);
}

void TestInteractiveDetail::stillIsFullQuality()
{
    InteractiveDetail d;
    d.record(0, 1100.0);
    QCOMPARE(d.choose(true) > 0, true);
    QCOMPARE(d.choose(false), 0);
    QCOMPARE(d.current(), 0);
}

void TestInteractiveDetail::fastSceneStaysAtFullQuality()
{
    // 1000 spheres: ~20 ms a frame fits the budget, so moving the camera changes nothing
    InteractiveDetail d;
    for (int i = 0; i < 5; ++i)
        d.record(0, 20.0);
    QCOMPARE(d.choose(true), 0);
}

void TestInteractiveDetail::slowSceneDropsToAFittingLevel()
{
    // 100k spheres at ~1.1 s: the first interactive frame is already predicted within budget
    InteractiveDetail d;
    d.record(0, 1100.0);
    const int l = d.choose(true);
    QVERIFY(l > 0);
    QVERIFY(d.estimateMs(l) <= InteractiveDetail::kBudgetMs);
    QVERIFY(d.estimateMs(l - 1) > InteractiveDetail::kBudgetMs);
    QCOMPARE(d.frames(l), std::size_t(0)); // a prediction, not yet measured
}

void TestInteractiveDetail::measuredLevelsOverridePredictions()
{
    InteractiveDetail d;
    d.record(0, 1100.0);
    const int first = d.choose(true);
    // that level turned out slower than predicted: the next frame goes coarser
    for (int i = 0; i < 3; ++i)
        d.record(first, 3.0 * InteractiveDetail::kBudgetMs);
    const int second = d.choose(true);
    QVERIFY(second > first);
    // and fast enough: it stays there (the slower level keeps its measured time)
    d.record(second, 0.5 * InteractiveDetail::kBudgetMs);
    QCOMPARE(d.choose(true), second);
    QCOMPARE(d.frames(first), std::size_t(3));
    QCOMPARE(d.meanMs(first), 3.0 * InteractiveDetail::kBudgetMs);
}

void TestInteractiveDetail::nothingFitsGivesTheCoarsestLevel()
{
    InteractiveDetail d;
    for (int l = 0; l < InteractiveDetail::kLevels; ++l)
        d.record(l, 10.0 * InteractiveDetail::kBudgetMs);
    QCOMPARE(d.choose(true), InteractiveDetail::kLevels - 1);
}

QTEST_APPLESS_MAIN(TestInteractiveDetail)
#include "TestInteractiveDetail.moc"
