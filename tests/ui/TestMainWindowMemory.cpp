// MainWindow over a long run (issue 21): the plots' stored history stays bounded. The main
// view samples its energy every step as fast as it can step, so tens of thousands of samples
// reach the energy plot, which keeps at most EnergyPlot::kMaxSamples; compare mode's drift
// plot, its bound lowered so the test is short, merges every lane's history in pairs and keeps
// at most that bound per lane, the newest sample's time still at the run's end.
#include <QtTest>

#include "MainWindow.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "plot/DriftPlot.h"
#include "plot/EnergyPlot.h"
#include "session/LaneSet.h"
#include "session/SimulationRunner.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::runningWindow;
using tumble::test::waitUntil;

class TestMainWindowMemory : public QObject {
    Q_OBJECT
private slots:
    void energyPlotKeepsABoundedHistory();
    void driftPlotKeepsABoundedHistory();
};

void TestMainWindowMemory::energyPlotKeepsABoundedHistory()
{
    auto w = runningWindow();
    QVERIFY(w);
    // every step a sample, unpaced: many thousands of samples a second
    w->worker()->setSampleStride(1);
    w->worker()->setSpeed(0.0);
    EnergyPlot* plot = w->energyPlot();
    const auto kMax = (long long)EnergyPlot::kMaxSamples;
    long long most = 0;
    // four times the bound recorded: the history was merged at least twice
    const bool merged = waitUntil(
        [&]() {
            most = std::max(most, plot->sampleCount());
            return plot->mergeLevel() >= 2 && w->worker()->steps() > 4 * kMax;
        },
        60000);
    QVERIFY2(merged,
             qPrintable(QStringLiteral("%1 steps, merge level %2").arg(w->worker()->steps()).arg(plot->mergeLevel())));
    QVERIFY(most <= kMax);
    QVERIFY(plot->sampleCount() <= kMax);
    // the history still spans the run: from its start to (nearly) the newest sample
    const std::vector<double> t = plot->timeValues();
    QVERIFY(!t.empty());
    QVERIFY(t.front() < 0.01 * t.back() + 1e-12 || plot->sampleSteps().front() > 0);
    QVERIFY(t.back() > 0.0);
    // every plotted row of every term kept its envelope: as many values as times
    for (int k = 0; k < EnergyPlot::TermCount; ++k)
        QCOMPARE(plot->termLow(EnergyPlot::Term(k)).size(), t.size());
    // and it keeps plotting: more samples arrive, the count stays under the bound
    const int level = plot->mergeLevel();
    QVERIFY(waitUntil([&]() { return plot->mergeLevel() > level; }, 60000));
    QVERIFY(plot->sampleCount() <= kMax);
}

void TestMainWindowMemory::driftPlotKeepsABoundedHistory()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(tumble::test::waitShown(*w, [](const FrameSnapshot& s) { return s.step > 0; }));
    QVERIFY(w->setCompareMode(true, {QStringLiteral("pfc"), QStringLiteral("woo")}));
    CompareView* compare = w->compareView();
    QVERIFY(compare);
    DriftPlot* plot = compare->driftPlot();
    constexpr std::size_t kBound = 64;
    plot->setMaxSamples(kBound);
    std::size_t most = 0;
    const bool merged = waitUntil(
        [&]() {
            most = std::max(most, plot->storedSamples());
            return plot->mergeLevel() >= 3;
        },
        90000);
    QVERIFY2(merged, qPrintable(QStringLiteral("merge level %1").arg(plot->mergeLevel())));
    const std::vector<int> ids = plot->laneIds();
    QCOMPARE(ids.size(), std::size_t(2));
    QVERIFY(most <= ids.size() * kBound);
    for (int id : ids) {
        const std::vector<double> t = plot->times(id);
        QVERIFY(!t.empty() && t.size() < kBound);
        // a bucket's range holds its value; the buckets go forward in time
        const std::vector<double> d = plot->drift(id), lo = plot->driftLow(id), hi = plot->driftHigh(id);
        for (std::size_t i = 0; i < t.size(); ++i) {
            QVERIFY(lo[i] <= d[i] && d[i] <= hi[i]);
            if (i > 0)
                QVERIFY(t[i] > t[i - 1]);
        }
    }
    // the CSV has a row per bucket of the fuller lane, plus the header
    const QStringList rows = plot->csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    std::size_t fullest = 0;
    for (int id : ids)
        fullest = std::max(fullest, plot->times(id).size());
    QVERIFY(std::size_t(rows.size()) >= fullest + 1);
    QVERIFY(std::size_t(rows.size()) <= kBound + 1);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestMainWindowMemory t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestMainWindowMemory.moc"
