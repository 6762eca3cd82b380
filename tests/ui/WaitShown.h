#pragma once
// Waiting for the main window to show a snapshot, for GUI tests.
#include <QCoreApplication>
#include <QElapsedTimer>

#include <functional>

#include "MainWindow.h"

namespace tumble::test {

/// Processes events until pred holds for the window's shown snapshot; false after ms.
inline bool waitShown(ui::MainWindow& w, const std::function<bool(const ui::FrameSnapshot&)>& pred, int ms = 10000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (const ui::SnapshotPtr s = w.shownSnapshot(); s && pred(*s))
            return true;
    }
    return false;
}

} // namespace tumble::test
