// MainWindow under thousands of random live changes while it runs (issue 21): play, pause, step,
// reset, dt, schemes and presets, damping, sampling and speed, compare mode with lanes added,
// retuned, paused and removed, scene switches and selections, in a seeded random order with the
// event loop turning between them. Afterwards the state is consistent: what the runner has in
// force is what the snapshot, the panel and the lanes show, every plotted value is finite and
// in time order, and the run still steps. ThreadSanitizer runs it (scripts/sanitizers.sh) to
// find races between the GUI, the runners and the render thread.
//
// TUMBLE_RANDOM_CHANGES (default 2000, about 15 s on a quiet machine) sets the number of changes,
// TUMBLE_RANDOM_SEED (default 21) the seed, TUMBLE_RANDOM_SECONDS (default 45, reached only on a
// busy machine) a wall-clock cap for the changes (under a sanitizer the loop is several times
// slower: the script raises it).
#include <QtTest>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>

#include <cmath>
#include <random>
#include <set>

#include "ComboChoice.h"
#include "MainWindow.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "panels/ControlPanel.h"
#include "plot/DriftPlot.h"
#include "plot/EnergyPlot.h"
#include "scene/BuiltinScenes.h"
#include "session/LaneSet.h"
#include "session/LaneSettings.h"
#include "session/SimulationRunner.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::runningWindow;
using tumble::test::waitShown;
using tumble::test::waitUntil;

namespace {

long long envOr(const char* name, long long fallback)
{
    bool ok = false;
    const long long v = qEnvironmentVariable(name).toLongLong(&ok);
    return ok && v > 0 ? v : fallback;
}

// the scenes switched between: the small ones (the pile of thousands would slow every change)
const std::vector<QString>& scenes()
{
    static const std::vector<QString> ids = [] {
        std::vector<QString> out;
        for (const BuiltinSceneInfo& s : builtinScenes())
            if (s.id != "mixed-pile")
                out.push_back(QString::fromStdString(s.id));
        return out;
    }();
    return ids;
}

class Driver {
public:
    Driver(MainWindow& w, unsigned seed) : m_w(w), m_rng(seed) {}

    // one random change; returns its name (for the log)
    const char* change()
    {
        ControlPanel* panel = m_w.controlPanel();
        SimulationRunner* runner = m_w.worker();
        CompareView* compare = m_w.compareMode() ? m_w.compareView() : nullptr;
        switch (pick(22)) {
        case 0:
        case 1:
            runner->play();
            return "play";
        case 2:
            runner->pause();
            return "pause";
        case 3:
            runner->step();
            return "step";
        case 4:
            if (pick(3) == 0) {
                runner->reset();
                return "reset";
            }
            runner->play();
            return "play";
        case 5:
        case 6:
            // mostly within the schemes' limits, now and then far past them (a blow-up)
            panel->dtFactorBox()->setValue(pick(12) == 0 ? 10.0 : uniform(0.05, 0.9));
            return "dt factor";
        case 7:
            choose(panel->presetBox());
            return "preset";
        case 8:
            choose(panel->translationBox());
            return "translation";
        case 9:
            choose(panel->rotationBox());
            return "rotation";
        case 10:
            panel->localDampingBox()->setValue(pick(2) == 0 ? 0.0 : uniform(0.0, 0.6));
            return "local damping";
        case 11:
            panel->viscousDampingBox()->setValue(pick(2) == 0 ? 0.0 : uniform(0.0, 5.0));
            return "viscous damping";
        case 12:
            choose(panel->localVariantBox());
            return "local variant";
        case 13:
            choose(pick(2) == 0 ? panel->sampleStrideBox() : panel->speedBox());
            return "sampling or speed";
        case 14:
            choose(pick(2) == 0 ? panel->energyPlotModeBox() : panel->colourModeBox());
            return "plot or colour mode";
        case 15:
            if (pick(10) == 0) {
                m_w.openBuiltinScene(scenes()[std::size_t(pick(int(scenes().size())))]);
                return "scene";
            }
            m_w.selectBody(pick(8) - 1);
            return "select";
        case 16:
            if (pick(8) == 0) {
                m_w.setCompareMode(!m_w.compareMode(), lanePresets());
                return "compare mode";
            }
            return "nothing";
        default:
            break;
        }
        if (!compare) // the lane changes below: in the single view, a play instead
        {
            runner->play();
            return "play";
        }
        const std::vector<int> ids = compare->laneIds();
        const int id = ids.empty() ? -1 : ids[std::size_t(pick(int(ids.size())))];
        switch (pick(6)) {
        case 0:
            if (ids.size() < 6) {
                const auto& presets = defaultLanePresets();
                const Scene* scene = m_w.currentScene();
                compare->addLane(LaneSettings::fromPreset(presets[std::size_t(pick(int(presets.size())))],
                                                          scene ? scene->params.dt : 1e-5));
                return "lane added";
            }
            [[fallthrough]];
        case 1:
            if (id >= 0 && ids.size() > 1) {
                compare->removeLane(id);
                return "lane removed";
            }
            return "nothing";
        case 2:
            if (id >= 0) {
                LiveParams c;
                if (pick(2) == 0)
                    c.dtFactor = uniform(0.05, 0.9);
                else
                    c.localDamping = uniform(0.0, 0.5);
                compare->retuneLane(id, c);
                return "lane retuned";
            }
            return "nothing";
        case 3:
            if (id >= 0)
                compare->setLanePaused(id, pick(2) == 0);
            return "lane paused";
        case 4:
            compare->setPlaying(pick(3) != 0);
            return "lanes played";
        default:
            if (pick(4) == 0) {
                compare->restart();
                return "lanes restarted";
            }
            return "nothing";
        }
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(m_rng); }
    void choose(QComboBox* box)
    {
        if (box->count() == 0)
            return;
        const int i = pick(box->count());
        box->setCurrentIndex(i);
        emit box->activated(i);
    }
    QStringList lanePresets()
    {
        QStringList out;
        const int n = 2 + pick(3);
        for (int i = 0; i < n; ++i)
            out << QString::fromStdString(defaultLanePresets()[std::size_t(pick(int(defaultLanePresets().size())))]);
        return out;
    }

    MainWindow& m_w;
    std::mt19937 m_rng;
};

} // namespace

class TestRandomLiveChanges : public QObject {
    Q_OBJECT
private slots:
    void thousandsOfChangesLeaveAConsistentState();
};

void TestRandomLiveChanges::thousandsOfChangesLeaveAConsistentState()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.step > 0; }));
    const long long changes = envOr("TUMBLE_RANDOM_CHANGES", 2000);
    const unsigned seed = unsigned(envOr("TUMBLE_RANDOM_SEED", 21));
    const long long capMs = 1000 * envOr("TUMBLE_RANDOM_SECONDS", 45);
    qInfo("%lld changes at most, seed %u, %lld s at most", changes, seed, capMs / 1000);

    Driver driver(*w, seed);
    std::map<std::string, int> counts;
    QElapsedTimer clock;
    clock.start();
    long long done = 0;
    for (; done < changes && clock.elapsed() < capMs; ++done) {
        ++counts[driver.change()];
        // the event loop turns every few changes (a frame on software OpenGL takes tens of ms,
        // so changes land faster than frames, as a fast user's would), sometimes long enough for
        // several frames to render
        if (done % 8 == 7)
            QCoreApplication::processEvents(QEventLoop::AllEvents, done % 200 == 199 ? 60 : 1);
    }
    QString summary;
    for (const auto& [name, n] : counts)
        summary += QStringLiteral("%1 %2, ").arg(QString::fromStdString(name)).arg(n);
    qInfo("%lld changes in %.1f s: %s", done, clock.elapsed() / 1000.0, qPrintable(summary));
    QVERIFY(done >= std::min<long long>(changes, 1000));

    // compare mode: every lane the set runs is shown and plotted, each runs valid parameters
    if (w->compareMode()) {
        CompareView* compare = w->compareView();
        const std::vector<int> ids = compare->laneIds();
        QCOMPARE(compare->laneSet()->laneCount(), int(ids.size()));
        QVERIFY(waitUntil([&]() { return compare->driftPlot()->laneIds().size() == ids.size(); }, 5000));
        const std::vector<int> plotted = compare->driftPlot()->laneIds();
        QCOMPARE(std::set<int>(plotted.begin(), plotted.end()), std::set<int>(ids.begin(), ids.end()));
        for (const auto& lane : compare->laneSet()->lanes())
            QCOMPARE(lane->params().validate(), std::string());
        for (int id : ids)
            for (double d : compare->driftPlot()->drift(id))
                QVERIFY(std::isfinite(d));
        QVERIFY(w->setCompareMode(false));
    }

    // the single view: the runner's parameters are what the snapshot and the panel show
    SimulationRunner* runner = w->worker();
    // (paused() can hold before the changes still queued are applied: a rotation change posted
    // just before would then land between reading the runner and the snapshot; settled() waits
    // for every change posted, and the window must show the snapshot that followed them)
    runner->pause();
    QVERIFY(waitUntil([&]() { return runner->settled() && runner->paused(); }, 5000));
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) {
        return !s.playing && s.serial == runner->latestSnapshot()->serial && s.step == runner->steps();
    }));
    const SimParams p = runner->params();
    QCOMPARE(p.validate(), std::string());
    const SnapshotPtr s = w->shownSnapshot();
    QCOMPARE(s->params.translation, p.translation);
    QCOMPARE(s->params.rotation, p.rotation);
    QCOMPARE(s->params.localDamping, p.localDamping);
    QCOMPARE(s->params.viscousDamping, p.viscousDamping);
    ControlPanel* panel = w->controlPanel();
    QCOMPARE(panel->translationBox()->currentData().toString().toStdString(), p.translation);
    QCOMPARE(panel->rotationBox()->currentData().toString().toStdString(), p.rotation);
    QCOMPARE(panel->localDampingBox()->value(), p.localDamping);
    QCOMPARE(panel->viscousDampingBox()->value(), p.viscousDamping);
    QVERIFY(std::abs(panel->dtField()->text().toDouble() - p.dt) <= 1e-3 * p.dt);

    // the energy plot: finite values in time order, markers in time order
    EnergyPlot* plot = w->energyPlot();
    const std::vector<double> t = plot->timeValues();
    for (std::size_t i = 0; i < t.size(); ++i) {
        QVERIFY(std::isfinite(t[i]));
        if (i > 0)
            QVERIFY(t[i] >= t[i - 1]);
    }
    for (int k = 0; k < EnergyPlot::TermCount; ++k)
        for (double x : plot->termValues(EnergyPlot::Term(k)))
            QVERIFY(std::isfinite(x));
    QVERIFY(plot->sampleCount() <= (long long)EnergyPlot::kMaxSamples);

    // and the run goes on: from the start when it blew up
    if (runner->unstable()) {
        const long long failedAt = runner->steps();
        panel->dtFactorBox()->setValue(0.3);
        runner->reset();
        QVERIFY(waitUntil([&]() { return !runner->unstable() && runner->steps() < failedAt; }, 5000));
    }
    const long long before = runner->steps();
    runner->play();
    QVERIFY(waitUntil([&]() { return runner->steps() > before + 10; }, 20000));
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestRandomLiveChanges t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestRandomLiveChanges.moc"
