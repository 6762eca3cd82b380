// SceneView renders on its own thread: the main view is threaded and a compact (compare-lane)
// view is not; an idle view renders nothing (no render loop), a new snapshot one frame; while a
// slow frame renders, picking answers at once for the frame on screen (its
// bodies and camera), and once the new frame is shown, for that one.
#include <QtTest>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkNew.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

#include "ProjectedPoint.h"
#include "SlowFrames.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

using tumble::ui::test::projected;
using tumble::ui::test::SlowFrames;

// two spheres of radius 0.02 m on the x axis at -+0.05 m: body 0 at xLeft, body 1 at the other
SnapshotPtr twoBodies(double xLeft, long long serial)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "two";
    const double b[6] = {-0.1, 0.1, -0.1, 0.1, -0.1, 0.1};
    std::copy(b, b + 6, info->bounds);
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->serial = serial;
    for (const double x : {xLeft, -xLeft}) {
        s->positions.insert(s->positions.end(), {float(x), 0.f, 0.f});
        s->radii.push_back(0.02f);
        s->speeds.push_back(0.f);
    }
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

vtkRenderer* rendererOf(SceneView& view)
{
    return view.renderWindow()->GetRenderers()->GetFirstRenderer();
}

} // namespace

class TestSceneViewThreaded : public QObject {
    Q_OBJECT
private slots:
    void mainViewIsThreadedCompactViewIsNot();
    void idleViewRendersNothing();
    void pickingFollowsTheFrameOnScreen();
};

void TestSceneViewThreaded::mainViewIsThreadedCompactViewIsNot()
{
    SceneView main;
    SceneView lane;
    lane.setCompact(true); // the compare grid links lane cameras: GUI-thread rendering
    for (SceneView* v : {&main, &lane}) {
        v->resize(200, 160);
        v->show();
        QVERIFY(QTest::qWaitForWindowExposed(v));
    }
    QVERIFY(main.threadedRendering());
    QVERIFY(!lane.threadedRendering());
    // both draw the snapshot: the sphere at the centre of the frame differs from the corner
    for (SceneView* v : {&main, &lane}) {
        v->setSnapshot(twoBodies(-0.05, 1));
        const QImage img = v->grabFramebuffer();
        const QPoint c = projected(*v, -0.05, 0.0, 0.0) * v->devicePixelRatioF();
        QVERIFY(img.rect().contains(c));
        QVERIFY(img.pixelColor(c) != img.pixelColor(1, 1));
    }
}

void TestSceneViewThreaded::idleViewRendersNothing()
{
    std::unique_ptr<SlowFrames> observer; // outlives the view (see pickingFollowsTheFrameOnScreen)
    SceneView view;
    view.resize(240, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // observers are added with no frame in flight (VTK's observer list is the render thread's
    // while it renders)
    view.grabFramebuffer();
    observer = std::make_unique<SlowFrames>(rendererOf(view));
    SlowFrames& counter = *observer; // counts the renders
    view.setSnapshot(twoBodies(-0.05, 1));
    QTRY_VERIFY_WITH_TIMEOUT(view.frameCount() >= 1, 3000);
    // the first frames (show, expose) settle: 300 ms without a render; a render loop never does
    QElapsedTimer settle;
    settle.start();
    int seen = counter.started;
    QElapsedTimer quiet;
    quiet.start();
    while (quiet.elapsed() < 300 && settle.elapsed() < 5000) {
        QTest::qWait(20);
        if (counter.started != seen) {
            seen = counter.started;
            quiet.restart();
        }
    }
    QVERIFY(quiet.elapsed() >= 300);
    QTest::qWait(100); // the last one is shown
    const int renders = counter.started;
    const long long frames = view.frameCount();
    QTest::qWait(600);
    QCOMPARE(int(counter.started), renders); // nothing changed: no frame
    QCOMPARE(view.frameCount(), frames);
    // a new snapshot: one frame (and no more)
    view.setSnapshot(twoBodies(0.05, 2));
    QTRY_VERIFY_WITH_TIMEOUT(view.frameCount() == frames + 1, 3000);
    QTest::qWait(300);
    QCOMPARE(int(counter.started), renders + 1);
    QCOMPARE(view.frameCount(), frames + 1);
}

void TestSceneViewThreaded::pickingFollowsTheFrameOnScreen()
{
    // (the observer outlives the view: the view's render thread may start a frame until the
    // view is gone, and the observer's callback writes the counters)
    std::unique_ptr<SlowFrames> observer;
    SceneView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.grabFramebuffer(); // nothing in flight while the observer is added
    observer = std::make_unique<SlowFrames>(rendererOf(view));
    SlowFrames& slow = *observer;
    view.setSnapshot(twoBodies(-0.05, 1));
    view.grabFramebuffer(); // on screen; nothing in flight
    const QPoint left = projected(view, -0.05, 0.0, 0.0);
    const QPoint right = projected(view, 0.05, 0.0, 0.0);
    QVERIFY((left - right).manhattanLength() > 20);
    QCOMPARE(view.bodyAt(left), 0);
    QCOMPARE(view.bodyAt(right), 1);
    const long long frames = view.frameCount();

    // the bodies swap places in a snapshot whose frame takes 800 ms
    constexpr int kSlowMs = 800;
    slow.sleepMs = kSlowMs;
    const int started = slow.started;
    view.setSnapshot(twoBodies(0.05, 2));
    QTRY_VERIFY_WITH_TIMEOUT(slow.started > started, 2000);
    slow.sleepMs = 0;

    // meanwhile the screen still shows the old frame, and picking answers for it, at once
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(view.bodyAt(left), 0);
    QCOMPARE(view.bodyAt(right), 1);
    QVERIFY2(clock.elapsed() < kSlowMs / 4, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(view.frameCount(), frames);

    // once the new frame is shown, for the new one
    QTRY_VERIFY_WITH_TIMEOUT(view.frameCount() > frames, 5000);
    QCOMPARE(view.bodyAt(left), 1);
    QCOMPARE(view.bodyAt(right), 0);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSceneViewThreaded t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestSceneViewThreaded.moc"
