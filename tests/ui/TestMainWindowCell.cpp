// The main window on a periodic cell (issue 20): a scene with a cell brings the Cell dock
// forward with its panel and plots filled from the snapshots, the view draws the cell's edges,
// a scene without a cell puts the dock away; at 1280 x 800 the dock's panel fits its column.
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QtTest>

#include "MainWindow.h"
#include "TestHelpers.h"
#include "WaitShown.h"
#include "cell/CellPanel.h"
#include "cell/StressPlot.h"
#include "cell/VelocityProfilePlot.h"
#include "view3d/CellOverlay.h"
#include "view3d/SceneView.h"

using namespace tumble;
using namespace tumble::ui;

class TestMainWindowCell : public QObject {
    Q_OBJECT
private slots:
    void cellDockFollowsTheScene()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openBuiltinScene(QString::fromStdString(defaultSceneId())));
        QVERIFY(test::waitShown(w, [](const FrameSnapshot& s) { return s.scene != nullptr; }));
        QVERIFY(!w.cellDock()->isVisible());
        QVERIFY(!w.cellPlotsDock()->isVisible());

        QVERIFY(w.openSceneFile(QString::fromStdString(test::sourceDir() + "/tests/data/ui/sheared-cell.json")));
        w.play();
        QVERIFY(test::waitShown(w, [](const FrameSnapshot& s) { return s.cell && s.step > 10; }));
        QVERIFY(test::waitUntil([&]() { return w.stressPlot()->sampleCount() >= 2; }));
        QVERIFY(w.cellDock()->isVisible());
        QVERIFY(w.cellPlotsDock()->isVisible());
        QVERIFY(w.cellPanel()->shearRateField()->isEnabled());
        QCOMPARE(w.cellPanel()->shearRateField()->text(), QStringLiteral("10"));
        QVERIFY(w.velocityProfilePlot()->cell());
        QVERIFY(test::waitUntil([&]() { return w.sceneView()->cellOverlay().visible(); }));
        // the panel's options reach the view, with the control panel's own
        w.cellPanel()->imagesBox()->setChecked(true);
        QVERIFY(w.sceneView()->overlayOptions().cellImages);
        QVERIFY(test::waitUntil([&]() { return w.sceneView()->drawnImageCount() > 0; }));
        // coloured by the speed relative to the medium (the colour bar says so); on request the window
        // goes to the temp directory for a look
        w.setColourMode(ColourMode::FluctuationSpeed);
        QCOMPARE(w.sceneView()->colourMode(), ColourMode::FluctuationSpeed);
        if (qEnvironmentVariableIsSet("TUMBLE_SAVE_FRAMES")) {
            test::waitUntil([]() { return false; }, 1500);
            w.grabWindowImage().save(QDir::tempPath() + "/TestMainWindowCell.png");
        }
        // at 1280 x 800 the panel is as wide as it wants to be
        QVERIFY(w.cellPanel()->width() >= w.cellPanel()->minimumSizeHint().width());
        QVERIFY(w.width() <= 1280 && w.height() <= 800);
        // and the 3D view is not pushed under the docks: it fits the centre
        QVERIFY(w.sceneView()->width() <= w.centralWidget()->width());
        QVERIFY(w.sceneView()->mapTo(&w, QPoint(w.sceneView()->width(), 0)).x() <=
                w.cellDock()->mapTo(&w, QPoint(0, 0)).x());

        QVERIFY(w.openBuiltinScene(QString::fromStdString(defaultSceneId())));
        QVERIFY(test::waitShown(w, [](const FrameSnapshot& s) { return s.scene && !s.cell; }));
        QVERIFY(test::waitUntil([&]() { return !w.cellDock()->isVisible() && !w.cellPlotsDock()->isVisible(); }));
        QVERIFY(test::waitUntil([&]() { return !w.sceneView()->cellOverlay().visible(); }));
    }
};

int main(int argc, char** argv)
{
    MainWindow::installSurfaceFormat();
    QApplication app(argc, argv);
    TestMainWindowCell t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestMainWindowCell.moc"
