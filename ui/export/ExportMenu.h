#pragma once
// ExportMenu: the window's "Export" menu: every registered plot to PNG, SVG and CSV, the 3D
// view to PNG, and a recording of the 3D view as numbered PNGs (issue 6).
//
// Design note. The menu knows plots only as ExportablePlot, so a new plot (the compare lanes'
// drift plot, the sweep plot) joins with one addPlot() line. Each action asks for a file with
// a dialog that starts in the current directory at the ExportNaming name for the snapshot on
// screen ("settling-box_pfc_dt2e-05_energy.svg"); the work itself is in plain functions
// (exportPlot, exportView, startRecording) that tests and scripts call without dialogs. Every
// outcome is told in the status bar; a failure also gets a message box naming the file and the
// problem. "3D view as PNG" captures what setViewSource names (the compare lanes' grid in
// compare mode), the recording always the single 3D view. Plot images are kPlotSize logical pixels at kPlotPixelRatio
// (crisp on a projector); the 3D view is saved at its on-screen resolution.
#include <QObject>
#include <QPointer>
#include <QSize>
#include <QString>

#include <functional>
#include <vector>

#include "session/FrameSnapshot.h"

class QAction;
class QMainWindow;
class QMenu;
class QWidget;

namespace tumble::ui {

class ExportablePlot;
class FrameRecorder;
class VtkOpenGLWidget;

class ExportMenu : public QObject {
    Q_OBJECT
public:
    enum class Format { Png, Svg, Csv };

    /// Plot exports: logical size and pixel ratio of a PNG, view box of an SVG.
    static constexpr QSize kPlotSize{1200, 750};
    static constexpr double kPlotPixelRatio = 2.0;
    /// Recording: every kRecordEvery-th painted frame, at most kRecordMaxFrames files.
    static constexpr int kRecordEvery = 2;
    static constexpr int kRecordMaxFrames = 600;

    /// The menu reports in window's status bar and names files from snapshot() (may be null).
    ExportMenu(QMainWindow* window, VtkOpenGLWidget* view, std::function<SnapshotPtr()> snapshot);
    ~ExportMenu() override;

    /// The "Export" menu (owned by the window).
    QMenu* menu() const { return m_menu; }
    /// Adds PNG, SVG and CSV entries for plot, titled e.g. "Energy plot"; plot must outlive
    /// the menu.
    void addPlot(ExportablePlot* plot, const QString& title);

    /// The default file name: ExportNaming for the shown snapshot, in the current directory.
    QString defaultPath(const QString& what, const QString& extension) const;

    /// Writes plot in format to path; empty on success, else the error (named file, problem).
    static QString exportPlot(const ExportablePlot& plot, Format format, const QString& path);
    /// What "3D view as PNG" captures: the widget source() returns (the single view, or the
    /// compare lanes' grid), GL views composited; by default the view given to the constructor.
    void setViewSource(std::function<QWidget*()> source) { m_viewSource = std::move(source); }
    /// Writes the view (setViewSource) as on screen to path as PNG; empty on success, else the
    /// error.
    QString exportView(const QString& path) const;
    /// Starts recording the 3D view into directory; empty on success, else the error.
    QString startRecording(const QString& directory);
    void stopRecording();
    const FrameRecorder& recorder() const { return *m_recorder; }

    QAction* viewAction() const { return m_viewAction; }
    QAction* recordAction() const { return m_recordAction; }

private:
    void askPlot(ExportablePlot* plot, const QString& title, Format format);
    void askView();
    void toggleRecording();
    void report(const QString& error, const QString& done);

    QMainWindow* m_window;
    QPointer<VtkOpenGLWidget> m_view;
    std::function<SnapshotPtr()> m_snapshot;
    std::function<QWidget*()> m_viewSource;
    QMenu* m_menu = nullptr;
    QAction* m_plotsEnd = nullptr; // plot entries go before this separator
    QAction* m_viewAction = nullptr;
    QAction* m_recordAction = nullptr;
    FrameRecorder* m_recorder = nullptr;
};

} // namespace tumble::ui
