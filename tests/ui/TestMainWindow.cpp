// MainWindow: opens on the default scene and runs it, the 3D view shows the spheres, panel
// edits reach the worker within a frame and mark the plot, presets and schemes switch as pairs,
// dt can be set as a fraction of dt_crit and its ratio is flagged past the scheme's limit, a
// clump is drawn as its spheres in one body colour, the panel switches the energy plot between
// separate lines and stacked bands on a live run (and follows the window's setter), the local
// damping field says what it spoils, a broken scene file is reported without harm, File >
// Export to LAMMPS writes the run's files (or names why not), File > Open LAMMPS run replays a dump
// (frames, bodies by molecule, the log's energies, a cut named at its line) in place of the
// simulation until a scene is opened, closing while running stops the worker.
#include <QtTest>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>

#include <set>

#include "ComboChoice.h"
#include "MainWindow.h"
#include "WaitShown.h"
#include "integrate/IntegratorRegistry.h"
#include "panels/ControlPanel.h"
#include "plot/EnergyPlot.h"
#include "replay/ReplayBar.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "timeline/TimelineBar.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::activate;
using tumble::test::runningWindow;
using tumble::test::waitShown;

namespace {

bool schemesAre(const FrameSnapshot& s, const std::string& translation, const std::string& rotation)
{
    return s.params.translation == translation && s.params.rotation == rotation;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensAndRunsTheDefaultScene();
    void sceneViewShowsTheSpheres();
    void keyboardShortcuts();
    void dtEditLandsWithinAFrameAndMarksThePlot();
    void schemeChoiceLandsAndMarksThePlot();
    void everyPresetFromEveryPresetInThePanel();
    void rk4TranslationBringsItsRotation();
    void schemeToolTipsShowOrderAndEquations();
    void dtAsAFractionOfDtCritAndTheLimitColour();
    void clumpIsDrawnAsItsSpheresInOneBodyColour();
    void energyPlotViewSwitchAndLocalDampingNote();
    void brokenSceneFileIsReportedAndTheSceneStays();
    void exportsTheSceneToLammps();
    void replaysALammpsRun();
    void closingWhileRunningStopsTheWorker();
};

void TestMainWindow::opensAndRunsTheDefaultScene()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
    const Scene scene = loadBuiltinScene(defaultSceneId());
    QCOMPARE(w->windowTitle(), QStringLiteral("Tumble \u2014 ") + QString::fromStdString(scene.name));
    QCOMPARE(w->shownSnapshot()->bodyCount(), scene.world.size());
    // the panel shows the critical timestep and the plot fills
    QVERIFY(!w->controlPanel()->criticalDtLabel()->text().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(w->energyPlot()->sampleCount() > 2, 10000);
}

void TestMainWindow::sceneViewShowsTheSpheres()
{
    auto w = runningWindow();
    QVERIFY(w);
    // let the spheres fall for a while so that speeds differ
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.time > 0.08; }, 20000));
    const SnapshotPtr shown = w->shownSnapshot();
    QImage img = w->sceneView()->grabFramebuffer();
    QVERIFY(!img.isNull());
    QCOMPARE(w->sceneView()->drawnSphereCount(), shown->bodyCount());

    // sphere pixels: away from the background gradient (interpolated per row) and saturated,
    // which the grey-blue translucent walls are not; and their colours
    const QColor bottom = SceneView::backgroundBottom();
    const QColor top = SceneView::backgroundTop();
    int sphere = 0;
    std::set<int> hues;
    for (int y = 0; y < img.height(); ++y) {
        const double f = 1.0 - double(y) / double(img.height() - 1); // 0 bottom, 1 top
        const int br = int(bottom.red() + f * (top.red() - bottom.red()));
        const int bg = int(bottom.green() + f * (top.green() - bottom.green()));
        const int bb = int(bottom.blue() + f * (top.blue() - bottom.blue()));
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = img.pixelColor(x, y);
            const int d = std::abs(c.red() - br) + std::abs(c.green() - bg) + std::abs(c.blue() - bb);
            if (d > 60 && c.saturation() > 80 && c.value() > 40) {
                ++sphere;
                hues.insert(c.hue() / 30);
            }
        }
    }
    const double fraction = double(sphere) / double(img.width() * img.height());
    qInfo("scene view %dx%d: %.1f%% sphere pixels, %zu hue bins", img.width(), img.height(), 100.0 * fraction,
          hues.size());
    QVERIFY2(fraction > 0.03, qPrintable(QString::number(fraction)));
    QVERIFY2(hues.size() >= 2, qPrintable(QString::number(hues.size())));
}

void TestMainWindow::keyboardShortcuts()
{
    auto w = runningWindow();
    QVERIFY(w);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
    const long long revision = w->shownSnapshot()->scene->revision;
    w->sceneView()->setFocus();
    QTest::keyClick(w.get(), Qt::Key_Space);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    const long long step = w->shownSnapshot()->step;
    QTest::keyClick(w.get(), Qt::Key_S);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step == step + 1; }, 5000));
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.scene->revision == revision + 1 && s.step == 0; }, 5000));
    QTest::keyClick(w.get(), Qt::Key_Space);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }, 5000));
}

void TestMainWindow::dtEditLandsWithinAFrameAndMarksThePlot()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 5; }));
    // half the current dt, as typed: scientific notation, seven significant digits
    const QString typed = QString::number(w->shownSnapshot()->params.dt * 0.5, 'e', 6);
    const double dt = typed.toDouble();
    QLineEdit* field = w->controlPanel()->dtField();
    field->setFocus();
    field->setText(typed);
    QTest::keyClick(field, Qt::Key_Return);
    // within one frame the worker applies it; the next frame tick shows it
    QElapsedTimer t;
    t.start();
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.params.dt == dt; }, 5000));
    qInfo("dt edit shown after %lld ms (frame %d ms)", t.elapsed(), MainWindow::kFrameMs);
    QVERIFY(w->shownSnapshot()->playing);
    QCOMPARE(w->shownSnapshot()->markers->size(), std::size_t(1));
    QTRY_COMPARE_WITH_TIMEOUT(w->energyPlot()->markerCount(), std::size_t(1), 2000);
}

void TestMainWindow::schemeChoiceLandsAndMarksThePlot()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 5; }));
    QComboBox* box = w->controlPanel()->translationBox();
    const int i = box->findData(QStringLiteral("explicit_euler"));
    QVERIFY(i >= 0);
    QVERIFY(box->itemData(box->currentIndex()).toString() != QStringLiteral("explicit_euler"));
    box->setCurrentIndex(i);
    emit box->activated(i);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.params.translation == "explicit_euler"; }, 5000));
    QTRY_COMPARE_WITH_TIMEOUT(w->energyPlot()->markerCount(), std::size_t(1), 2000);
    // the panel shows what is in force
    QCOMPARE(box->currentData().toString(), QStringLiteral("explicit_euler"));
}

void TestMainWindow::everyPresetFromEveryPresetInThePanel()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 5; }));
    ControlPanel* panel = w->controlPanel();
    QStringList refused;
    connect(w->worker(), &SimulationRunner::errorOccurred, w.get(), [&](const QString& m) { refused << m; });
    const std::vector<PresetInfo> all = presets();
    int transitions = 0;
    for (const PresetInfo& from : all) {
        for (const PresetInfo& to : all) {
            const QString what = QString::fromStdString(from.name + " -> " + to.name);
            QVERIFY(activate(panel->presetBox(), QString::fromStdString(from.name)));
            QVERIFY2(
                waitShown(
                    *w, [&](const FrameSnapshot& s) { return schemesAre(s, from.translation, from.rotation); }, 5000),
                qPrintable(what));
            const std::size_t markers = w->shownSnapshot()->markers->size();
            QVERIFY(activate(panel->presetBox(), QString::fromStdString(to.name)));
            QVERIFY2(waitShown(
                         *w, [&](const FrameSnapshot& s) { return schemesAre(s, to.translation, to.rotation); }, 5000),
                     qPrintable(what));
            const SnapshotPtr s = w->shownSnapshot();
            QVERIFY2(s->markers->size() == markers + (from.name == to.name ? 0 : 1), qPrintable(what));
            if (from.name != to.name)
                QCOMPARE(s->markers->back().label, to.name);
            // the panel shows what runs
            QCOMPARE(panel->presetBox()->currentData().toString(), QString::fromStdString(to.name));
            QCOMPARE(panel->translationBox()->currentData().toString(), QString::fromStdString(to.translation));
            QCOMPARE(panel->rotationBox()->currentData().toString(), QString::fromStdString(to.rotation));
            ++transitions;
        }
    }
    QCOMPARE(transitions, int(all.size() * all.size()));
    QVERIFY2(refused.isEmpty(), qPrintable(refused.join(QStringLiteral("; "))));
    QTRY_COMPARE_WITH_TIMEOUT(w->energyPlot()->markerCount(), w->shownSnapshot()->markers->size(), 2000);
}

void TestMainWindow::rk4TranslationBringsItsRotation()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.playing && s.step > 5 && s.params.rotation != "rk4_quaternion"; }));
    ControlPanel* panel = w->controlPanel();
    QVERIFY(w->shownSnapshot()->markers->empty());

    // rk4 alone: the rotation follows to rk4_quaternion, one command, one marker
    QVERIFY(activate(panel->translationBox(), QStringLiteral("rk4")));
    QCOMPARE(panel->rotationBox()->currentData().toString(), QStringLiteral("rk4_quaternion"));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.params.translation == "rk4"; }, 5000));
    QCOMPARE(w->shownSnapshot()->params.rotation, std::string("rk4_quaternion"));
    QCOMPARE(w->shownSnapshot()->markers->size(), std::size_t(1));
    QCOMPARE(panel->presetBox()->currentData().toString(), QStringLiteral("rk4"));

    // a rotation rk4 cannot run with is refused in the status bar; the combo shows what runs
    QVERIFY(activate(panel->rotationBox(), QStringLiteral("buss_2nd_order")));
    const QString message = w->statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("buss_2nd_order")) && message.contains(QStringLiteral("rk4")),
             qPrintable(message));
    QCOMPARE(panel->rotationBox()->currentData().toString(), QStringLiteral("rk4_quaternion"));
    const long long step = w->shownSnapshot()->step;
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.step > step + 10; }));
    QVERIFY(schemesAre(*w->shownSnapshot(), "rk4", "rk4_quaternion"));
    QCOMPARE(w->shownSnapshot()->markers->size(), std::size_t(1));

    // leaving rk4 for a translation that runs with rk4_quaternion is a plain switch
    QVERIFY(activate(panel->translationBox(), QStringLiteral("velocity_verlet")));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return schemesAre(s, "velocity_verlet", "rk4_quaternion"); }, 5000));
    QCOMPARE(w->shownSnapshot()->markers->size(), std::size_t(2));
    QCOMPARE(panel->presetBox()->currentData().toString(), QStringLiteral("pfc4"));
}

void TestMainWindow::schemeToolTipsShowOrderAndEquations()
{
    ControlPanel panel;
    for (const auto& [box, schemes] :
         {std::pair{panel.translationBox(), translationSchemes()}, std::pair{panel.rotationBox(), rotationSchemes()}}) {
        QCOMPARE(box->count(), int(schemes.size()));
        for (const SchemeInfo& scheme : schemes) {
            const int i = box->findData(QString::fromStdString(scheme.name));
            QVERIFY(i >= 0);
            const QString tip = box->itemData(i, Qt::ToolTipRole).toString();
            QVERIFY(Qt::mightBeRichText(tip));
            QVERIFY2(tip.contains(QStringLiteral("order %1").arg(scheme.order)), qPrintable(tip));
            QVERIFY(tip.contains(QString::fromStdString(scheme.description).toHtmlEscaped()));
            QVERIFY(!scheme.equations.empty());
            const QString firstLine = QString::fromStdString(scheme.equations).section('\n', 0, 0);
            QVERIFY2(tip.contains(firstLine.toHtmlEscaped()), qPrintable(tip));
            QVERIFY(tip.contains(QStringLiteral("<pre")));
        }
    }
}

void TestMainWindow::dtAsAFractionOfDtCritAndTheLimitColour()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.step > 0; }));
    w->worker()->pause(); // past the limit the run would blow up; the label is what we test
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return !s.playing; }));
    ControlPanel* panel = w->controlPanel();
    QCOMPARE(w->shownSnapshot()->params.translation, std::string("velocity_verlet"));
    const double crit = w->shownSnapshot()->criticalDt;
    QVERIFY(crit > 0.0);
    QCOMPARE(panel->dtRatioState(), DtRatioState::WithinLimit);
    const QString plainStyle = panel->dtRatioLabel()->styleSheet();

    // 0.5 dt_crit: dt lands as exactly that
    panel->dtFactorBox()->setValue(0.5);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.params.dt == 0.5 * crit; }, 5000));
    QCOMPARE(panel->dtRatioState(), DtRatioState::WithinLimit);
    QCOMPARE(panel->dtFactorBox()->value(), 0.5);

    // 1.2 dt_crit: past velocity Verlet's limit of 1, flagged
    panel->dtFactorBox()->setValue(1.2);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.params.dt == 1.2 * crit; }, 5000));
    QCOMPARE(panel->dtRatioState(), DtRatioState::BeyondLimit);
    QVERIFY(panel->dtRatioLabel()->styleSheet() != plainStyle);
    QVERIFY(panel->dtRatioLabel()->toolTip().contains(QStringLiteral("velocity_verlet")));
    QCOMPARE(w->shownSnapshot()->markers->size(), std::size_t(2));

    // rk4's limit is 1.414 dt_crit: the same ratio is fine
    QVERIFY(activate(panel->translationBox(), QStringLiteral("rk4")));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.params.translation == "rk4"; }, 5000));
    QCOMPARE(panel->dtRatioState(), DtRatioState::WithinLimit);
    QVERIFY(panel->dtRatioLabel()->toolTip().contains(QStringLiteral("rk4")));
    QCOMPARE(panel->dtRatioLabel()->styleSheet(), plainStyle);

    // explicit Euler has no stable dt without damping: its own hint, whatever the ratio
    QVERIFY(activate(panel->translationBox(), QStringLiteral("explicit_euler")));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.params.translation == "explicit_euler"; }, 5000));
    QCOMPARE(panel->dtRatioState(), DtRatioState::NoLimit);
    QCOMPARE(panel->dtRatioLabel()->toolTip(), QStringLiteral("explicit Euler gains energy at any dt without damping"));
    QVERIFY(panel->dtRatioLabel()->styleSheet() != plainStyle);
    panel->dtFactorBox()->setValue(0.1);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.params.dt == 0.1 * crit; }, 5000));
    QCOMPARE(panel->dtRatioState(), DtRatioState::NoLimit);
}

void TestMainWindow::clumpIsDrawnAsItsSpheresInOneBodyColour()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(w->openBuiltinScene(QStringLiteral("dzhanibekov")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->source == "builtin:dzhanibekov"; }));
    const SnapshotPtr s = w->shownSnapshot();
    QCOMPARE(s->bodyCount(), std::size_t(1));
    QCOMPARE(s->memberCount(), std::size_t(4));
    QVERIFY(s->scene->walls.empty());
    SceneView* view = w->sceneView();
    QCOMPARE(view->colourMode(), ColourMode::Speed);
    // the sphere colours alone: no triads, arrows or trail (BodyOverlay) drawn over them
    view->setOverlayOptions({TriadMode::Off, false, false});

    // not blank: the four spheres cover a clear part of the view (the camera fits them)
    auto spherePixels = [&](const QImage& img, std::set<int>* hues) {
        const QColor bottom = SceneView::backgroundBottom();
        const QColor top = SceneView::backgroundTop();
        int n = 0;
        for (int y = 0; y < img.height(); ++y) {
            const double f = 1.0 - double(y) / double(img.height() - 1);
            const int br = int(bottom.red() + f * (top.red() - bottom.red()));
            const int bg = int(bottom.green() + f * (top.green() - bottom.green()));
            const int bb = int(bottom.blue() + f * (top.blue() - bottom.blue()));
            for (int x = 0; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                const int d = std::abs(c.red() - br) + std::abs(c.green() - bg) + std::abs(c.blue() - bb);
                if (d > 60 && c.saturation() > 80 && c.value() > 60) {
                    ++n;
                    if (hues)
                        hues->insert(c.hue());
                }
            }
        }
        return double(n) / double(img.width() * img.height());
    };
    const QImage speedImage = view->grabFramebuffer();
    QCOMPARE(view->drawnSphereCount(), std::size_t(4));
    const double speedFraction = spherePixels(speedImage, nullptr);
    qInfo("dzhanibekov by speed: %.1f%% sphere pixels", 100.0 * speedFraction);
    QVERIFY2(speedFraction > 0.01, qPrintable(QString::number(speedFraction)));

    // by body: the panel's combo switches the view; the four members share one colour
    QVERIFY(activate(w->controlPanel()->colourModeBox(), QString::number(int(ColourMode::Body))));
    QCOMPARE(view->colourMode(), ColourMode::Body);
    std::set<int> hues;
    const QImage bodyImage = view->grabFramebuffer();
    QCOMPARE(view->drawnSphereCount(), std::size_t(4));
    const QColor expected = SceneView::bodyColour(0);
    for (std::size_t i = 0; i < 4; ++i)
        QCOMPARE(view->drawnColour(i), expected);
    const double bodyFraction = spherePixels(bodyImage, &hues);
    QVERIFY2(bodyFraction > 0.01, qPrintable(QString::number(bodyFraction)));
    // every sphere pixel has the body's hue, give or take the shading and the antialiased rims
    // blending with the background (another body's colour is over 100 degrees away)
    int spread = 0;
    for (int h : hues) {
        const int d = std::abs(h - expected.hue());
        spread = std::max(spread, std::min(d, 360 - d));
    }
    qInfo("dzhanibekov by body: %.1f%% sphere pixels, hue spread %d degrees", 100.0 * bodyFraction, spread);
    QVERIFY2(spread <= 25, qPrintable(QString::number(spread)));
}

void TestMainWindow::energyPlotViewSwitchAndLocalDampingNote()
{
    auto w = runningWindow();
    QVERIFY(w);
    EnergyPlot* plot = w->energyPlot();
    QTRY_VERIFY_WITH_TIMEOUT(plot->sampleCount() > 5, 10000);
    QComboBox* box = w->controlPanel()->energyPlotModeBox();
    QVERIFY(box->isVisibleTo(w.get()));
    QVERIFY(!box->toolTip().isEmpty());
    QCOMPARE(plot->mode(), EnergyPlotMode::Separate);

    // the panel's choice reaches the plot; the live run's stack reaches total + dissipated
    QVERIFY(activate(box, QString::number(int(EnergyPlotMode::Stacked))));
    QCOMPARE(plot->mode(), EnergyPlotMode::Stacked);
    const long long n = plot->sampleCount();
    QTRY_VERIFY_WITH_TIMEOUT(plot->sampleCount() > n + 5, 10000);
    w->worker()->pause();
    QTRY_VERIFY(!w->shownSnapshot()->playing);
    const std::vector<double> top = plot->stackedTopEdge();
    QCOMPARE(top.size(), std::size_t(plot->sampleCount()));
    const std::vector<double> total = plot->termValues(EnergyPlot::Total);
    std::vector<double> dissipated(top.size(), 0.0);
    for (int t = EnergyPlot::DissipatedDashpot; t <= EnergyPlot::DissipatedStiffness; ++t) {
        const std::vector<double> d = plot->termValues(EnergyPlot::Term(t));
        for (std::size_t i = 0; i < d.size(); ++i)
            dissipated[i] += d[i];
    }
    for (std::size_t i = 0; i < top.size(); ++i)
        QVERIFY(std::abs(top[i] - (total[i] + dissipated[i] - plot->lowestPotential())) <=
                1e-9 * (std::abs(total[i]) + std::abs(plot->lowestPotential()) + 1e-12));

    // set from the window: the combo follows, the plot switches back with every sample
    w->setEnergyPlotMode(EnergyPlotMode::Separate);
    QCOMPARE(plot->mode(), EnergyPlotMode::Separate);
    QCOMPARE(box->currentData().toInt(), int(EnergyPlotMode::Separate));
    QCOMPARE(plot->termValues(EnergyPlot::Total).size(), top.size());

    // local damping says what it is for and what it does to a fall, visibly
    QLabel* note = w->controlPanel()->localDampingNote();
    QVERIFY(note->isVisibleTo(w.get()));
    QVERIFY(note->text().contains(QString::fromUtf8("(1 \xe2\x88\x92 \xce\xb1) g")));
    QVERIFY(w->controlPanel()->localDampingBox()->toolTip().contains(QStringLiteral("quasi-static")));
}

void TestMainWindow::brokenSceneFileIsReportedAndTheSceneStays()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.step > 0; }));
    const long long revision = w->shownSnapshot()->scene->revision;

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"format\": \"tumble-scene\", \"version\": 1, \"bodies\": [ }");
    }
    QVERIFY(!w->openSceneFile(path));
    QVERIFY(w->errorBox());
    QVERIFY(w->errorBox()->text().contains(QStringLiteral("broken.json")));
    // a missing file too
    QVERIFY(!w->openSceneFile(dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY(w->errorBox()->text().contains(QStringLiteral("missing.json")));

    // the running scene stays and keeps running
    const long long step = w->shownSnapshot()->step;
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.step > step; }));
    QCOMPARE(w->shownSnapshot()->scene->revision, revision);
    w->errorBox()->close();
    QTRY_VERIFY(!w->errorBox());
}

void TestMainWindow::exportsTheSceneToLammps()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(w->openBuiltinScene(QStringLiteral("mixed-pile")));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("pile"));
    QVERIFY(w->exportToLammps(out));
    for (const char* f : {"tumble.data", "tumble.in", "clumps.rigid", "job.slurm", "README.md"})
        QVERIFY2(QFile::exists(out + "/" + f), f);
    const QString status = w->statusBar()->currentMessage();
    QVERIFY2(status.contains(QStringLiteral("Exported to")) && status.contains(QStringLiteral("294 atoms")) &&
                 status.contains(QStringLiteral("README.md")),
             qPrintable(status));
    // a folder that cannot be made is refused, named
    QFile blocker(dir.filePath(QStringLiteral("file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString unwritable = dir.filePath(QStringLiteral("file/pile"));
    QVERIFY(!w->exportToLammps(unwritable));
    QVERIFY(w->errorBox());
    QVERIFY2(w->errorBox()->text().contains(unwritable), qPrintable(w->errorBox()->text()));
    w->errorBox()->close();
    QTRY_VERIFY(!w->errorBox());
}

void TestMainWindow::replaysALammpsRun()
{
    auto w = runningWindow();
    QVERIFY(w);
    QTemporaryDir dir;
    // three atoms, the last two one clump (molecule 2); the third frame is cut after two rows
    QFile dump(dir.filePath(QStringLiteral("dump.test")));
    QVERIFY(dump.open(QIODevice::WriteOnly));
    for (int f = 0; f < 3; ++f) {
        const double t = 0.01 * f;
        dump.write(QStringLiteral("ITEM: TIMESTEP\n%1\nITEM: TIME\n%2\nITEM: NUMBER OF ATOMS\n3\n"
                                  "ITEM: BOX BOUNDS mm mm mm\n-1 1\n-1 1\n0 2\n"
                                  "ITEM: ATOMS id mol type radius x y z vx vy vz\n")
                       .arg(100 * f)
                       .arg(t)
                       .toUtf8());
        for (int a = 0; a < (f == 2 ? 2 : 3); ++a)
            dump.write(QStringLiteral("%1 %2 1 0.1 %3 0 %4 0 0 -1\n")
                           .arg(a + 1)
                           .arg(a == 0 ? 1 : 2)
                           .arg(0.3 * a)
                           .arg(0.5 - t)
                           .toUtf8());
    }
    dump.close();
    QFile log(dir.filePath(QStringLiteral("log.lammps")));
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write("LAMMPS (29 Sep 2021)\nStep Time v_kinetic_translational v_kinetic_rotational v_potential_gravity \n"
              "0 0 0.5 0 1\n100 0.01 0.6 0 0.9\nLoop time of 0.1 on 1 procs for 100 steps with 3 atoms\n");
    log.close();

    QVERIFY(w->openReplay(dump.fileName()));
    QVERIFY(w->replaying());
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) {
        return s.scene && s.scene->name == "LAMMPS: dump.test" && s.memberCount() == 3;
    }));
    QCOMPARE(w->shownSnapshot()->bodyCount(), std::size_t(2));
    QVERIFY(w->replayBar()->isVisible());
    QVERIFY(!w->timelineBar()->isVisible());
    QPushButton* play = nullptr;
    for (QPushButton* b : w->controlPanel()->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Play"))
            play = b;
    QVERIFY(play && !play->isEnabled());               // the simulation's controls rest
    QTRY_COMPARE(w->energyPlot()->sampleCount(), 2LL); // the log's two rows
    // the cut frame is named with its line; the two whole frames stay
    QTRY_VERIFY(w->replayBar()->message()->text().contains(QStringLiteral("line 41")));
    QVERIFY2(w->replayBar()->message()->text().contains(QStringLiteral("2 frame")),
             qPrintable(w->replayBar()->message()->text()));
    // Right: the next frame
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    w->sceneView()->setFocus();
    QTest::keyClick(w.get(), Qt::Key_Right);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.step == 100; }));
    QCOMPARE(w->shownSnapshot()->time, 0.01);

    // a scene ends the replay
    QVERIFY(w->openBuiltinScene(QStringLiteral("bouncing-ball")));
    // a file that is no dump: named with its line and problem, and the simulation stays
    QFile notDump(dir.filePath(QStringLiteral("scene.json")));
    QVERIFY(notDump.open(QIODevice::WriteOnly));
    notDump.write("{ \"format\": \"tumble-scene\" }\n");
    notDump.close();
    QVERIFY(w->openReplay(notDump.fileName()));
    QTRY_VERIFY(w->errorBox());
    QVERIFY2(w->errorBox()->text().contains(notDump.fileName() + QStringLiteral(": line 1: expected an ITEM: line")),
             qPrintable(w->errorBox()->text()));
    QVERIFY(!w->replaying());
    w->errorBox()->close();
    QTRY_VERIFY(!w->errorBox());
    QVERIFY(!w->replaying());
    QVERIFY(!w->replayBar()->isVisible());
    QVERIFY(w->timelineBar()->isVisible());
    QVERIFY(play->isEnabled() || w->shownSnapshot() == nullptr || w->shownSnapshot()->playing);
    w->play();
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Bouncing ball" && s.step > 0; }));
}

void TestMainWindow::closingWhileRunningStopsTheWorker()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
    QVERIFY(w->worker()->isRunning());
    QVERIFY(w->close());
    QVERIFY(!w->worker()->isRunning());
    w.reset(); // and the window goes without a crash
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestMainWindow t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestMainWindow.moc"
