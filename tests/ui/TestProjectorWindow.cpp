// The main window on a classroom projector (issue 25): the first window is sized from the
// screen and fits 1280x800 and 1024x768 with every dock inside it; no mode switch, scene change
// or added lane changes its size; the controls that matter most are visible without scrolling;
// the title is spelled right; the View menu brings a closed dock back; the wheel changes a combo
// or spin box only when it has the focus; the speed control slows the run, not the physics; the
// 3D view keeps drawing while the Open scene dialog is up; the status line is not cut off.
#include <QtTest>

#include <QAbstractScrollArea>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QOpenGLWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QWheelEvent>

#include "ComboChoice.h"
#include "MainWindow.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "panels/ControlPanel.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "view3d/SceneView.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;
using tumble::test::waitUntil;

namespace {

// a window of the size MainWindow picks on a screen of `screen` (px), shown, running the default scene
std::unique_ptr<MainWindow> windowFor(const QSize& screen)
{
    auto w = std::make_unique<MainWindow>();
    w->resize(MainWindow::initialSize(screen));
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    if (!w->openBuiltinScene(QString::fromStdString(defaultSceneId())))
        return nullptr;
    w->play();
    if (!waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.step > 0; }))
        return nullptr;
    return w;
}

// w's rectangle in the window's coordinates
QRect inWindow(const QWidget* w, const QWidget* window)
{
    return QRect(w->mapTo(window, QPoint(0, 0)), w->size());
}

// one notch of the wheel over widget w (down: negative), delivered as the window system would
void wheel(QWidget* w, int notches)
{
    const QPointF pos(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

QScrollArea* panelScrollArea(MainWindow& w)
{
    for (QScrollArea* a : w.findChildren<QScrollArea*>())
        if (a->widget() == w.controlPanel())
            return a;
    return nullptr;
}

QMenu* viewMenu(MainWindow& w)
{
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            return a->menu();
    return nullptr;
}

} // namespace

class TestProjectorWindow : public QObject {
    Q_OBJECT
private slots:
    void initialSizeComesFromTheScreen();
    void fitsAProjector_data();
    void fitsAProjector();
    void sizeNeverChangesAcrossModesScenesAndLanes();
    void titleIsSpelledRight();
    void viewMenuReopensEveryDock();
    void wheelChangesOnlyAFocusedControl();
    void speedSlowsTheRunNotThePhysics();
    void viewKeepsDrawingUnderTheFileDialog();
};

void TestProjectorWindow::initialSizeComesFromTheScreen()
{
    // on a big screen the preferred size; on a small one, the screen less a window frame
    QCOMPARE(MainWindow::initialSize(QSize(2560, 1440)), MainWindow::kPreferredSize);
    for (const QSize screen : {QSize(1280, 800), QSize(1024, 768), QSize(1366, 768)}) {
        const QSize s = MainWindow::initialSize(screen);
        QVERIFY2(s.width() <= screen.width() && s.height() <= screen.height(),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                .arg(s.width())
                                .arg(s.height())
                                .arg(screen.width())
                                .arg(screen.height())));
    }
    // the window itself picks it from the screen it opens on
    MainWindow w;
    const QSize available = w.screen()->availableGeometry().size();
    QCOMPARE(w.size(), MainWindow::initialSize(available));
}

void TestProjectorWindow::fitsAProjector_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1024x768") << QSize(1024, 768);
}

void TestProjectorWindow::fitsAProjector()
{
    QFETCH(QSize, screen);
    auto w = windowFor(screen);
    QVERIFY(w);
    const QSize size = MainWindow::initialSize(screen);
    QCOMPARE(w->size(), size); // the layout did not push the window wider or taller
    QVERIFY2(w->minimumSizeHint().width() <= size.width() && w->minimumSizeHint().height() <= size.height(),
             qPrintable(
                 QStringLiteral("minimum %1x%2").arg(w->minimumSizeHint().width()).arg(w->minimumSizeHint().height())));

    // every dock that is shown lies inside the window, and so does every GL view (a GL view
    // drawn past its dock's edge covered the status bar)
    const QRect window = w->rect();
    // (a dock behind another's tab counts as visible but Qt parks it out of sight, at negative
    // coordinates: it has no visible region)
    for (QDockWidget* d : w->findChildren<QDockWidget*>())
        if (d->isVisible() && !d->visibleRegion().isEmpty())
            QVERIFY2(window.contains(inWindow(d, w.get())), qPrintable(d->windowTitle()));
    const QRect statusBar = inWindow(w->statusBar(), w.get());
    for (QOpenGLWidget* gl : w->findChildren<QOpenGLWidget*>())
        if (gl->isVisible()) {
            // the part of it on screen: clipped by its scroll area, if it has one
            QRect shown = inWindow(gl, w.get());
            for (QWidget* p = gl->parentWidget(); p && p != w.get(); p = p->parentWidget())
                if (auto* area = qobject_cast<QAbstractScrollArea*>(p))
                    shown &= inWindow(area->viewport(), w.get());
            QVERIFY2(window.contains(shown) && !shown.intersects(statusBar), gl->metaObject()->className());
        }
    QVERIFY(window.contains(inWindow(w->sceneView(), w.get())));
    QVERIFY(w->sceneView()->width() >= 200 && w->sceneView()->height() >= 150);

    // run, timestep, integrator and the balance-error readout without scrolling (1280x800)
    if (screen == QSize(1280, 800)) {
        QScrollArea* area = panelScrollArea(*w);
        QVERIFY(area);
        QCOMPARE(area->verticalScrollBar()->value(), 0);
        const QRect viewport(area->viewport()->mapTo(w.get(), QPoint(0, 0)), area->viewport()->size());
        ControlPanel* p = w->controlPanel();
        const QList<QWidget*> essential{p->findChildren<QPushButton*>().value(0),
                                        p->speedBox(),
                                        p->runReadout(),
                                        p->dtField(),
                                        p->presetBox(),
                                        p->translationBox(),
                                        p->rotationBox()};
        for (QWidget* e : essential) {
            QVERIFY(e);
            QVERIFY2(viewport.contains(inWindow(e, w.get())),
                     qPrintable(QStringLiteral("%1 is below the fold").arg(e->metaObject()->className())));
        }
        QVERIFY(p->runReadout()->text().contains(QStringLiteral("balance error")));
    }

    // the status bar's run line is not cut off (once the bar has laid out its new text)
    QTRY_VERIFY(w->statusLine()->width() >= w->statusLine()->sizeHint().width());
    QVERIFY2(w->statusLine()->width() >= w->statusLine()->sizeHint().width(),
             qPrintable(QStringLiteral("%1 px shown of %2")
                            .arg(w->statusLine()->width())
                            .arg(w->statusLine()->sizeHint().width())));
}

void TestProjectorWindow::sizeNeverChangesAcrossModesScenesAndLanes()
{
    auto w = windowFor(QSize(1280, 800));
    QVERIFY(w);
    const QSize size = w->size();
    const auto settle = [&]() { QTest::qWait(300); };
    for (int round = 0; round < 2; ++round) { // C twice, twice: the reported growth came on a toggle
        QVERIFY(w->setCompareMode(true));
        settle();
        QCOMPARE(w->size(), size);
        QVERIFY(w->setCompareMode(false));
        settle();
        QCOMPARE(w->size(), size);
    }
    QVERIFY(w->openBuiltinScene(QStringLiteral("dzhanibekov")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->name != "Settling box"; }));
    settle();
    QCOMPARE(w->size(), size);
    QVERIFY(w->setCompareMode(true, {QStringLiteral("pfc")}));
    for (const char* preset : {"rk4", "woo", "euler", "pfc4", "symplectic_euler"}) {
        const Scene* scene = w->currentScene();
        QVERIFY(scene);
        QVERIFY(w->compareView()->addLane(CompareView::presetLanes(*scene, {preset}).front()) >= 0);
        settle();
        QCOMPARE(w->size(), size);
    }
    QVERIFY(w->setCompareMode(false));
    settle();
    QCOMPARE(w->size(), size);
}

void TestProjectorWindow::titleIsSpelledRight()
{
    auto w = windowFor(QSize(1280, 800));
    QVERIFY(w);
    const QString name = QString::fromStdString(w->currentScene()->name);
    QVERIFY(waitUntil([&]() { return w->windowTitle().endsWith(name); }));
    QCOMPARE(w->windowTitle(), QStringLiteral("Tumble \u2014 ") + name);
    QCOMPARE(w->windowTitle().at(7), QChar(0x2014)); // one em dash, not its UTF-8 bytes
}

void TestProjectorWindow::viewMenuReopensEveryDock()
{
    auto w = windowFor(QSize(1280, 800));
    QVERIFY(w);
    QMenu* menu = viewMenu(*w);
    QVERIFY(menu);
    const QList<QDockWidget*> docks = w->findChildren<QDockWidget*>();
    QVERIFY(docks.size() >= 4);
    for (QDockWidget* d : docks) {
        QAction* toggle = nullptr;
        for (QAction* a : menu->actions())
            if (a == d->toggleViewAction())
                toggle = a;
        QVERIFY2(toggle, qPrintable(d->windowTitle() + QStringLiteral(" is not in the View menu")));
        QVERIFY(toggle->isCheckable());
        QVERIFY2(d->features() & QDockWidget::DockWidgetClosable, qPrintable(d->windowTitle()));
        // close it as its title bar's button does, then bring it back from the menu
        d->show();
        QTRY_VERIFY(d->isVisible());
        QVERIFY(toggle->isChecked());
        d->close();
        QTRY_VERIFY(!d->isVisible());
        QVERIFY(!toggle->isChecked());
        toggle->trigger();
        QTRY_VERIFY(d->isVisible());
        QVERIFY(toggle->isChecked());
    }
}

void TestProjectorWindow::wheelChangesOnlyAFocusedControl()
{
    // a short window, so the panel scrolls
    auto w = windowFor(QSize(1024, 600));
    QVERIFY(w);
    QScrollArea* area = panelScrollArea(*w);
    QVERIFY(area);
    QVERIFY(area->verticalScrollBar()->maximum() > 0);
    ControlPanel* p = w->controlPanel();
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    if (QWidget* f = QApplication::focusWidget()) // nothing in the panel has the focus
        f->clearFocus();

    for (QWidget* control : QList<QWidget*>{p->presetBox(), p->translationBox(), p->colourModeBox(),
                                            p->localDampingBox(), p->speedBox(), p->dtFactorBox()}) {
        area->ensureWidgetVisible(control);
        const int scrollBefore = area->verticalScrollBar()->value();
        const auto valueOf = [control]() -> QVariant {
            if (auto* c = qobject_cast<QComboBox*>(control))
                return c->currentIndex();
            return qobject_cast<QAbstractSpinBox*>(control)->text();
        };
        const QVariant before = valueOf();
        // scrolling down the panel (towards the end: the control's value would fall to its next item)
        wheel(control, -1);
        QCoreApplication::processEvents();
        QCOMPARE(valueOf(), before);
        QVERIFY2(!control->hasFocus(), control->metaObject()->className());
        const int scrollAfter = area->verticalScrollBar()->value();
        QVERIFY2(scrollAfter > scrollBefore || scrollBefore == area->verticalScrollBar()->maximum(),
                 qPrintable(QStringLiteral("%1: the panel did not scroll").arg(control->metaObject()->className())));
    }

    // with the focus, the wheel is the control's: the local damping field steps
    QDoubleSpinBox* damping = p->localDampingBox();
    area->ensureWidgetVisible(damping);
    damping->setFocus();
    QTRY_VERIFY(damping->hasFocus());
    const double before = damping->value();
    wheel(damping, 1);
    QCoreApplication::processEvents();
    QCOMPARE(damping->value(), before + damping->singleStep());
    damping->setValue(before);
}

void TestProjectorWindow::speedSlowsTheRunNotThePhysics()
{
    auto w = windowFor(QSize(1280, 800));
    QVERIFY(w);
    ControlPanel* p = w->controlPanel();
    const double dt = w->shownSnapshot()->params.dt;
    const double factor = 0.01;
    QVERIFY(tumble::test::activate(p->speedBox(), factor));
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.speed == factor; }));

    // the pacing: simulated time never runs ahead of factor x wall time (plus the step that
    // crosses the line), whatever the machine's speed. The run's time is read from the runner,
    // which mirrors it after every batch of steps (a batch lasts at most half a frame; 0.1 s of
    // wall time bounds the lag with room), not from the shown snapshots, which lag by as many
    // frames as the GUI is slow (under ThreadSanitizer, a frame takes a good part of a second):
    // at 1x the run would advance ~1.5 s here, a hundred times the bound
    SimulationRunner* runner = w->worker();
    QTest::qWait(300); // the pacing settles at the new speed
    const double t0 = runner->time();
    QElapsedTimer wall;
    wall.start();
    QTest::qWait(1500);
    const double advanced = runner->time() - t0;
    const double allowed = factor * (wall.elapsed() * 1e-3 + 0.1) + 2.0 * dt;
    QVERIFY2(advanced > 0.0, "the run still moves");
    QVERIFY2(advanced <= allowed, qPrintable(QStringLiteral("%1 s simulated in %2 ms of wall time at %3x")
                                                 .arg(advanced)
                                                 .arg(wall.elapsed())
                                                 .arg(factor)));
    QCOMPARE(w->shownSnapshot()->params.dt, dt); // the physics stays
    QVERIFY(p->runReadout()->text().contains(QStringLiteral("0.01x")));

    // as fast as possible: no pacing at all, so it outruns real time on this small scene
    QVERIFY(tumble::test::activate(p->speedBox(), 0.0));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.speed == 0.0; }));
    QCOMPARE(w->shownSnapshot()->params.dt, dt);
}

void TestProjectorWindow::viewKeepsDrawingUnderTheFileDialog()
{
    auto w = windowFor(QSize(1280, 800));
    QVERIFY(w);
    w->openFileDialog();
    QVERIFY(w->fileDialog());
    QTRY_VERIFY(w->fileDialog()->isVisible());
    // the dialog does not hold the event loop: the worker runs, the view renders new frames
    const long long frames = w->sceneView()->frameCount();
    const long long step = w->shownSnapshot()->step;
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.step > step + 10; }));
    QVERIFY(waitUntil([&]() { return w->sceneView()->frameCount() > frames + 2; }, 5000));
    // and what it draws is the scene, not a cleared surface
    const QImage frame = w->sceneView()->grabFramebuffer();
    QVERIFY(!frame.isNull());
    QSet<QRgb> colours;
    for (int y = 0; y < frame.height(); y += 7)
        for (int x = 0; x < frame.width(); x += 7)
            colours.insert(frame.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
    w->fileDialog()->reject();
    QTRY_VERIFY(!w->fileDialog());
}

QTEST_MAIN(TestProjectorWindow)
#include "TestProjectorWindow.moc"
