#pragma once
// ScreenshotReport: `tumble --screenshot PATH --after SECONDS`. Grabs the whole window (widgets
// and the GL views' frames) after the run has gone on for a while, writes the PNG, prints what
// the frame cost (3D view and energy plot) and how long input waited, and quits; optionally
// after a scripted camera drag, reporting its frame rate (issue 18).
// scripts/screenshot.sh and docs/PERFORMANCE.md read that report.
#include <QString>

namespace tumble::ui {

class MainWindow;

/// Takes the screenshot afterMs ms from now (input waits are measured from 1 s on, past the
/// scene loading) and closes the window; a PNG that cannot be written exits with status 1.
/// With dragMs > 0, at afterMs a scripted drag turns the 3D view's camera for dragMs
/// (ScriptedDrag); halfway through, the 3D view's frame on screen (as rendered, at its level of
/// detail) goes to PATH with "-drag" before its suffix;
/// once the full-quality frame after the release is shown, the report of the drag (frames per
/// second, render time per level of detail, time to full quality, input waits during the drag)
/// is printed and the screenshot taken.
void scheduleScreenshot(MainWindow& window, const QString& path, int afterMs, int dragMs = 0);

} // namespace tumble::ui
