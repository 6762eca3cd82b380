// RenderThread: jobs run on the render thread, in the order posted, with its context current;
// waitIdle() waits for them; stop() runs what was posted first and takes nothing after. Under
// X11 the context is on a display connection of its own (a second llvmpipe rasteriser).
#include <QtTest>

#include <QGuiApplication>
#include <QThread>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "vtk/RenderThread.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble::ui;

class TestRenderThread : public QObject {
    Q_OBJECT
private slots:
    void jobsRunInOrderOnTheThreadWithTheContextCurrent();
    void stopFinishesThePostedJobsAndTakesNoMore();
};

void TestRenderThread::jobsRunInOrderOnTheThreadWithTheContextCurrent()
{
    RenderThread t(QSurfaceFormat::defaultFormat());
    QVERIFY(t.isValid());
    QCOMPARE(t.ownDisplay(), QGuiApplication::platformName() == QLatin1String("xcb"));
    QVERIFY(!t.onThread());

    std::vector<int> order; // written by the render thread only, read after waitIdle
    int offThread = 0;
    int notCurrent = 0;
    QThread* gui = QThread::currentThread();
    for (int i = 0; i < 100; ++i)
        t.post([&, i]() {
            order.push_back(i);
            offThread += !t.onThread() || QThread::currentThread() == gui;
            notCurrent += !t.isCurrent();
            if (i % 10 == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        });
    t.waitIdle();
    QCOMPARE(int(order.size()), 100);
    for (int i = 0; i < 100; ++i)
        QCOMPARE(order[std::size_t(i)], i);
    QCOMPARE(offThread, 0);
    QCOMPARE(notCurrent, 0);
}

void TestRenderThread::stopFinishesThePostedJobsAndTakesNoMore()
{
    RenderThread t(QSurfaceFormat::defaultFormat());
    QVERIFY(t.isValid());
    std::atomic<int> ran{0};
    for (int i = 0; i < 5; ++i)
        t.post([&]() {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            ++ran;
        });
    t.stop();
    QVERIFY(t.stopped());
    QCOMPARE(ran.load(), 5);
    t.post([&]() { ++ran; }); // ignored: the thread has ended
    t.waitIdle();             // returns at once
    QCOMPARE(ran.load(), 5);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QGuiApplication app(argc, argv);
    TestRenderThread t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestRenderThread.moc"
