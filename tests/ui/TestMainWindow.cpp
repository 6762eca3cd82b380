// MainWindow: opens on the default scene and runs it, the 3D view shows the spheres, panel
// edits reach the worker within a frame and mark the plot, a broken scene file is reported
// without harm, closing while running stops the worker.
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QTemporaryDir>

#include <set>

#include "ControlPanel.h"
#include "EnergyPlot.h"
#include "MainWindow.h"
#include "SceneView.h"
#include "SimulationWorker.h"
#include "VtkSurfaceFormat.h"
#include "scene/BuiltinScenes.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// a window running the default scene, shown and past its first steps
std::unique_ptr<MainWindow> runningWindow()
{
    auto w = std::make_unique<MainWindow>();
    w->resize(1100, 760);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    if (!w->openBuiltinScene(QString::fromStdString(defaultSceneId())))
        return nullptr;
    w->worker()->play();
    return w;
}

bool waitShown(MainWindow& w, const std::function<bool(const FrameSnapshot&)>& pred, int ms = 10000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (const SnapshotPtr s = w.shownSnapshot(); s && pred(*s))
            return true;
    }
    return false;
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
    void brokenSceneFileIsReportedAndTheSceneStays();
    void closingWhileRunningStopsTheWorker();
};

void TestMainWindow::opensAndRunsTheDefaultScene()
{
    auto w = runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
    const Scene scene = loadBuiltinScene(defaultSceneId());
    QCOMPARE(w->windowTitle(), QStringLiteral("Tumble \xe2\x80\x94 ") + QString::fromStdString(scene.name));
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
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.time > 0.08; }, 20000));
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
    qInfo("scene view %dx%d: %.1f%% sphere pixels, %zu hue bins", img.width(), img.height(),
          100.0 * fraction, hues.size());
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
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    const long long step = w->shownSnapshot()->step;
    QTest::keyClick(w.get(), Qt::Key_S);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.step == step + 1; }, 5000));
    QTest::keyClick(w.get(), Qt::Key_R);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) {
        return s.scene->revision == revision + 1 && s.step == 0;
    }, 5000));
    QTest::keyClick(w.get(), Qt::Key_Space);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }, 5000));
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
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.params.dt == dt; }, 5000));
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
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.params.translation == "explicit_euler"; }, 5000));
    QTRY_COMPARE_WITH_TIMEOUT(w->energyPlot()->markerCount(), std::size_t(1), 2000);
    // the panel shows what is in force
    QCOMPARE(box->currentData().toString(), QStringLiteral("explicit_euler"));
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
