#pragma once
// Waiting in GUI tests: for a condition, for the main window to show a snapshot, for a window
// running a scene.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <functional>
#include <memory>

#include "MainWindow.h"
#include "WaitScale.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"

namespace tumble::test {

/// Processes events until pred holds for the window's shown snapshot; false after ms (times
/// waitScale()).
inline bool waitShown(ui::MainWindow& w, const std::function<bool(const ui::FrameSnapshot&)>& pred, int ms = 10000)
{
    QElapsedTimer t;
    t.start();
    ms *= waitScale();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (const ui::SnapshotPtr s = w.shownSnapshot(); s && pred(*s))
            return true;
    }
    return false;
}

/// Processes events (sleeping 2 ms between rounds, so worker threads get the CPU) until pred
/// holds; false after ms (times waitScale()).
inline bool waitUntil(const std::function<bool()>& pred, int ms = 10000)
{
    QElapsedTimer t;
    t.start();
    ms *= waitScale();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (pred())
            return true;
        QThread::msleep(2);
    }
    return pred();
}

/// A 1100 x 760 main window, shown, playing the default scene; nullptr when it cannot be shown.
inline std::unique_ptr<ui::MainWindow> runningWindow()
{
    auto w = std::make_unique<ui::MainWindow>();
    w->resize(1100, 760);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get()))
        return nullptr;
    if (!w->openBuiltinScene(QString::fromStdString(defaultSceneId())))
        return nullptr;
    w->worker()->play();
    return w;
}

} // namespace tumble::test
