#pragma once
// ScreenshotReport: `tumble --screenshot PATH --after SECONDS`. Grabs the whole window (widgets
// and the GL views' frames) after the run has gone on for a while, writes the PNG, prints what
// the frame cost (3D view and energy plot) and how long input waited, and quits.
// scripts/screenshot.sh and docs/PERFORMANCE.md read that report.
#include <QString>

namespace tumble::ui {

class MainWindow;

/// Takes the screenshot afterMs ms from now (input waits are measured from 1 s on, past the
/// scene loading) and closes the window; a PNG that cannot be written exits with status 1.
void scheduleScreenshot(MainWindow& window, const QString& path, int afterMs);

} // namespace tumble::ui
