// VtkOpenGLWidget: VTK's frame reaches the widget (blit into Qt's framebuffer, opaque), the
// interactor's timers are served by Qt, and mouse input drives the camera. Threaded mode: the
// frame rendered on the render thread reaches the widget, a slow frame does not hold up the GUI
// thread, and input given during it lands in the next frame.
#include <QtTest>

#include <QSurfaceFormat>

#include <vtkCallbackCommand.h>
#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkNew.h>
#include <vtkRenderer.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "EventLoopProbe.h"
#include "SlowFrames.h"
#include "vtk/VtkOpenGLWidget.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble::ui;

class TestVtkOpenGLWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void vtkFrameIsBlittedOpaque();
    void interactorTimersAreServed();
    void mouseDragRotatesTheCamera();
    void wheelZooms();
    void threadedFrameIsBlittedOpaque();
    void slowThreadedFrameLeavesTheGuiThreadFree();
    void threadedWidgetSurvivesResizeAndReparenting();
};

using tumble::ui::test::SlowFrames;

void TestVtkOpenGLWidget::initTestCase()
{
    QVERIFY(QSurfaceFormat::defaultFormat().majorVersion() >= 3);
}

void TestVtkOpenGLWidget::vtkFrameIsBlittedOpaque()
{
    VtkOpenGLWidget w;
    vtkNew<vtkRenderer> r;
    r->SetBackground(1.0, 0.0, 0.0);
    w.renderWindow()->AddRenderer(r);
    w.resize(160, 120);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QImage img = w.grabFramebuffer();
    QCOMPARE(img.width(), int(160 * w.devicePixelRatioF()));
    // every pixel is VTK's background, fully opaque
    int red = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            red += qRed(p) > 240 && qGreen(p) < 15 && qBlue(p) < 15 && qAlpha(p) == 255;
        }
    QCOMPARE(red, img.width() * img.height());
    QVERIFY(w.frameCount() >= 1);
    w.renderWindow()->RemoveRenderer(r);
}

void TestVtkOpenGLWidget::interactorTimersAreServed()
{
    VtkOpenGLWidget w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    int fired = 0;
    int firedId = -1;
    vtkNew<vtkCallbackCommand> cb;
    struct Data {
        int* fired;
        int* id;
    } data{&fired, &firedId};
    cb->SetClientData(&data);
    cb->SetCallback([](vtkObject*, unsigned long, void* client, void* call) {
        auto* d = static_cast<Data*>(client);
        ++*d->fired;
        *d->id = *static_cast<int*>(call);
    });
    w.interactor()->AddObserver(vtkCommand::TimerEvent, cb);
    const int id = w.interactor()->CreateOneShotTimer(10);
    QVERIFY(id > 0);
    QTRY_COMPARE_WITH_TIMEOUT(fired, 1, 2000);
    QCOMPARE(firedId, id);
    QTest::qWait(60);
    QCOMPARE(fired, 1); // one shot

    const int rid = w.interactor()->CreateRepeatingTimer(5);
    QTRY_VERIFY_WITH_TIMEOUT(fired >= 4, 2000);
    w.interactor()->DestroyTimer(rid);
    QTest::qWait(30);
    const int after = fired;
    QTest::qWait(60);
    QCOMPARE(fired, after); // destroyed
}

void TestVtkOpenGLWidget::mouseDragRotatesTheCamera()
{
    VtkOpenGLWidget w;
    vtkNew<vtkRenderer> r;
    w.renderWindow()->AddRenderer(r);
    w.resize(200, 200);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    double before[3];
    r->GetActiveCamera()->GetPosition(before);
    const long long frames = w.frameCount();
    QTest::mousePress(&w, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
    for (int k = 1; k <= 5; ++k) {
        QMouseEvent move(QEvent::MouseMove, QPointF(100 + 10 * k, 100), w.mapToGlobal(QPointF(100 + 10 * k, 100)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &move);
    }
    QTest::mouseRelease(&w, Qt::LeftButton, Qt::NoModifier, QPoint(150, 100));
    double after[3];
    r->GetActiveCamera()->GetPosition(after);
    const double moved = std::hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2]);
    QVERIFY2(moved > 1e-3, qPrintable(QString::number(moved)));
    // the interactor asked for renders, which became repaints
    QTRY_VERIFY_WITH_TIMEOUT(w.frameCount() > frames, 2000);
    w.renderWindow()->RemoveRenderer(r);
}

void TestVtkOpenGLWidget::wheelZooms()
{
    VtkOpenGLWidget w;
    vtkNew<vtkRenderer> r;
    w.renderWindow()->AddRenderer(r);
    w.resize(200, 200);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double d0 = r->GetActiveCamera()->GetDistance();
    QWheelEvent wheel(QPointF(100, 100), w.mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &wheel);
    const double d1 = r->GetActiveCamera()->GetDistance();
    QVERIFY2(d1 < d0, qPrintable(QStringLiteral("%1 -> %2").arg(d0).arg(d1)));
    w.renderWindow()->RemoveRenderer(r);
}

void TestVtkOpenGLWidget::threadedFrameIsBlittedOpaque()
{
    VtkOpenGLWidget w;
    w.setThreadedRendering(true);
    vtkNew<vtkRenderer> r;
    r->SetBackground(0.0, 0.0, 1.0);
    w.renderWindow()->AddRenderer(r);
    w.resize(160, 120);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.threadedRendering());
    const QImage img = w.grabFramebuffer(); // waits for a frame of the current state
    QCOMPARE(img.width(), int(160 * w.devicePixelRatioF()));
    int blue = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            blue += qBlue(p) > 240 && qRed(p) < 15 && qGreen(p) < 15 && qAlpha(p) == 255;
        }
    QCOMPARE(blue, img.width() * img.height());
    QVERIFY(w.frameCount() >= 1);
    QVERIFY(w.renderMilliseconds() > 0.0);

    // a later frame with a new background replaces it
    r->SetBackground(0.0, 1.0, 0.0);
    const QImage green = w.grabFramebuffer();
    const QRgb p = green.pixel(green.width() / 2, green.height() / 2);
    QVERIFY(qGreen(p) > 240 && qRed(p) < 15 && qBlue(p) < 15);
}

void TestVtkOpenGLWidget::slowThreadedFrameLeavesTheGuiThreadFree()
{
    VtkOpenGLWidget w;
    w.setThreadedRendering(true);
    vtkNew<vtkRenderer> r;
    w.renderWindow()->AddRenderer(r);
    SlowFrames slow(r);
    w.resize(200, 200);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.grabFramebuffer(); // a first frame; none in flight now
    const double d0 = r->GetActiveCamera()->GetDistance();
    const long long frames = w.frameCount();

    // a frame that renders for 800 ms
    constexpr int kSlowMs = 800;
    slow.sleepMs = kSlowMs;
    const int started = slow.started;
    w.requestRender();
    QTRY_VERIFY_WITH_TIMEOUT(slow.started > started, 2000);
    slow.sleepMs = 0; // the frames after it are quick

    // while it renders: the event loop keeps turning (on the GUI thread it would stand still
    // for the whole frame), and a wheel turn is taken without waiting for the frame
    tumble::ui::EventLoopProbe probe;
    QElapsedTimer clock;
    clock.start();
    QWheelEvent wheel(QPointF(100, 100), w.mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &wheel);
    QVERIFY2(clock.elapsed() < kSlowMs / 2, qPrintable(QString::number(clock.elapsed())));
    QTest::qWait(kSlowMs / 2);
    QVERIFY2(probe.wakeUps() > 0 && probe.longestMs() < kSlowMs / 2,
             qPrintable(QStringLiteral("%1 wake-ups, longest %2 ms").arg(probe.wakeUps()).arg(probe.longestMs())));
    QCOMPARE(w.frameCount(), frames); // the slow frame is still rendering

    // the slow frame arrives, then the one with the wheel's zoom
    QTRY_VERIFY_WITH_TIMEOUT(w.frameCount() >= frames + 2, 5000);
    w.grabFramebuffer(); // nothing in flight: the camera may be read here
    const double d1 = r->GetActiveCamera()->GetDistance();
    QVERIFY2(d1 < d0, qPrintable(QStringLiteral("%1 -> %2").arg(d0).arg(d1)));
    w.renderWindow()->RemoveRenderer(r);
}

namespace {

// every pixel of img is (r, g, b) within 15, fully opaque
bool uniform(const QImage& img, int r, int g, int b)
{
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QRgb p = img.pixel(x, y);
            if (std::abs(qRed(p) - r) > 15 || std::abs(qGreen(p) - g) > 15 || std::abs(qBlue(p) - b) > 15 ||
                qAlpha(p) != 255)
                return false;
        }
    return img.width() > 0;
}

} // namespace

void TestVtkOpenGLWidget::threadedWidgetSurvivesResizeAndReparenting()
{
    QWidget first;
    QWidget second;
    auto* w = new VtkOpenGLWidget(&first);
    w->setThreadedRendering(true);
    vtkNew<vtkRenderer> r;
    r->SetBackground(1.0, 0.0, 1.0);
    w->renderWindow()->AddRenderer(r);
    w->resize(120, 90);
    first.resize(200, 200);
    first.show();
    QVERIFY(QTest::qWaitForWindowExposed(&first));
    QVERIFY(w->threadedRendering());
    QVERIFY(uniform(w->grabFramebuffer(), 255, 0, 255));

    // a resize: the next frame is rendered at the new size
    w->resize(180, 150);
    QImage img = w->grabFramebuffer();
    QCOMPARE(img.width(), int(std::lround(180 * w->devicePixelRatioF())));
    QCOMPARE(img.height(), int(std::lround(150 * w->devicePixelRatioF())));
    QVERIFY(uniform(img, 255, 0, 255));

    // into another window (Qt makes the widget a new context); VTK's context stays
    w->setParent(&second);
    w->show();
    second.resize(220, 220);
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    r->SetBackground(0.0, 1.0, 1.0);
    QVERIFY(uniform(w->grabFramebuffer(), 0, 255, 255));
    // and it keeps painting by itself
    const long long frames = w->frameCount();
    w->requestRender();
    QTRY_VERIFY_WITH_TIMEOUT(w->frameCount() > frames, 3000);
    delete w; // while shown: the render thread stops and VTK's resources go with it
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestVtkOpenGLWidget t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestVtkOpenGLWidget.moc"
