// MainWindow when a run blows up (issue 21): at 10x the critical dt on the default scene the run
// pauses, the panel and the status bar say what happened, at which step and time, which body, and
// what to try (dt against dt_crit); no non-finite or absurd energy reached the energy plot (the
// core's own check runs every 64 steps and let 1e299 J through before), Play stays refused until
// Reset, and Reset runs again.
#include <QtTest>

#include <QDoubleSpinBox>
#include <QLabel>
#include <QStatusBar>

#include <cmath>

#include "MainWindow.h"
#include "WaitShown.h"
#include "energy/EnergyLedger.h"
#include "panels/ControlPanel.h"
#include "plot/EnergyPlot.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "sim/Simulation.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::runningWindow;
using tumble::test::waitShown;

namespace {

// the default scene's energy scale as the core judges a runaway (EnergyLedger::scale), J
double sceneScale()
{
    const Scene scene = loadBuiltinScene(defaultSceneId());
    Simulation sim(scene.world, scene.params);
    const EnergySample e = sim.energy();
    EnergyLedger ledger;
    ledger.reset(sim.world(), ElasticEnergy{e.elasticNormal, e.elasticTangential, e.elasticRolling, e.elasticBond},
                 sim.params().dt);
    return ledger.scale();
}

} // namespace

class TestMainWindowInstability : public QObject {
    Q_OBJECT
private slots:
    void tenTimesTheCriticalDtPausesAndSaysWhy();
};

void TestMainWindowInstability::tenTimesTheCriticalDtPausesAndSaysWhy()
{
    auto w = runningWindow();
    QVERIFY(w);
    // every step sampled, so a runaway step would be a plotted sample of its own
    w->worker()->setSampleStride(1);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
    const double crit = w->shownSnapshot()->criticalDt;
    QVERIFY(crit > 0.0);
    w->controlPanel()->dtFactorBox()->setValue(10.0);

    // the run pauses by itself and says so
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.instabilityMessage.empty(); }, 30000));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    const SnapshotPtr s = w->shownSnapshot();
    QCOMPARE(s->params.dt, 10.0 * crit);
    const QString message = QString::fromStdString(s->instabilityMessage);
    qInfo("%s", qPrintable(message));
    // what, where, which body, what to try
    QVERIFY(message.startsWith(QStringLiteral("unstable at step ")));
    QVERIFY(message.contains(QStringLiteral(", t = ")));
    QVERIFY(message.contains(QStringLiteral("ody ")));
    QVERIFY(message.contains(QStringLiteral("x dt_crit")));
    QVERIFY(message.contains(QStringLiteral("Try:")));
    const long long step = message.section(QLatin1Char(' '), 3, 3).remove(QLatin1Char(',')).toLongLong();
    QVERIFY(step > 0);
    QVERIFY(step <= s->step + 1);
    // the panel shows it (the label is in a scroll area: the text, not its visibility on screen)
    QLabel* shown = nullptr;
    for (QLabel* l : w->controlPanel()->findChildren<QLabel*>())
        if (l->text() == message)
            shown = l;
    QVERIFY(shown);
    QVERIFY(!shown->isHidden());
    QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("unstable")));

    // nothing absurd reached the plot: every plotted value and range finite and within the
    // runaway bound of the scene's energy scale (a stable run stays within a few times it)
    const double bound = 100.0 * sceneScale() + std::abs(w->energyPlot()->termValues(EnergyPlot::Total).front());
    QVERIFY(bound > 0.0 && std::isfinite(bound));
    EnergyPlot* plot = w->energyPlot();
    QVERIFY(plot->sampleCount() > 2);
    for (int k = 0; k < EnergyPlot::TermCount; ++k) {
        const auto term = EnergyPlot::Term(k);
        for (const std::vector<double>& v : {plot->termValues(term), plot->termLow(term), plot->termHigh(term)})
            for (double x : v)
                QVERIFY2(std::isfinite(x) && std::abs(x) <= 2.0 * bound,
                         qPrintable(QStringLiteral("%1: %2 J").arg(EnergyPlot::termCsvName(term)).arg(x)));
    }
    for (double r : plot->relativeErrorHigh())
        QVERIFY(std::isfinite(r));
    // the plotted samples end before the step that failed
    QVERIFY(plot->timeValues().back() <= s->time + 1e-12);

    // Play is refused until Reset; Reset runs again from the start
    w->worker()->play();
    QTest::qWait(300);
    QVERIFY(w->worker()->paused());
    w->controlPanel()->dtFactorBox()->setValue(0.3);
    w->worker()->reset();
    w->worker()->play();
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& f) { return f.instabilityMessage.empty() && f.playing && f.step > 10; }, 10000));
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestMainWindowInstability t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestMainWindowInstability.moc"
