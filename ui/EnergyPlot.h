#pragma once
// EnergyPlot: every energy term against time, and the relative balance error on a log axis.
//
// Design note. Two vtkChartXY in one vtkContextView, rendered through a second
// VtkOpenGLWidget (the bridge's timer rule exists for these charts). Top: kinetic
// (translational, rotational), gravity potential, elastic, dissipated, external work and the
// total mechanical energy, in J. Bottom, sharing the time axis: |balance error| / max(|E0|,
// tiny) on a log axis, E0 being the total energy of the run's first sample. Live parameter
// changes are dashed vertical lines with a short label (PlotMarkerItem) across both charts.
// Every recorded sample is plotted: snapshots carry numbered samples and the plot appends
// those it has not seen, so a skipped snapshot loses nothing. Axis ranges follow the run
// (running extrema, O(1) per sample) until the user pans or zooms; a double-click follows
// again. Repaints are throttled (kMinRepaintMs): a chart redraw re-reads every point, and
// the 3D view should get the CPU.
// Rejected: a QPainter plot (no second GL path needed, but the issue asks for VTK charts and
// vtkChartXY gives legends, ticks, log axes and interaction for free).
#include <QElapsedTimer>

#include <memory>

#include "FrameSnapshot.h"
#include "VtkOpenGLWidget.h"

class QTimer;

namespace tumble::ui {

class EnergyPlot : public VtkOpenGLWidget {
    Q_OBJECT
public:
    /// Repaints at most this often while samples stream in, ms.
    static constexpr int kMinRepaintMs = 100;
    /// Floor of the relative error shown on the log axis (below double precision).
    static constexpr double kErrorFloor = 1e-17;

    explicit EnergyPlot(QWidget* parent = nullptr);
    ~EnergyPlot() override;

    /// Appends the snapshot's samples not plotted yet and takes its markers; a new scene
    /// revision starts a new plot.
    void appendSnapshot(const FrameSnapshot& snapshot);
    /// Forgets every sample and marker.
    void clear();

    /// Samples plotted since the last clear.
    long long sampleCount() const;
    /// Markers shown.
    std::size_t markerCount() const;
    /// The relative balance error of the newest sample (0 before any).
    double lastRelativeError() const { return m_lastRelError; }

    /// Whether the axes follow the run (false after the user pans or zooms).
    bool followsRun() const { return m_follow; }
    void setFollowsRun(bool follow);

protected:
    void prepareRender() override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Pipeline; // VTK objects, kept out of this header
    void layoutCharts();
    void updateRanges();
    void scheduleRepaint();

    std::unique_ptr<Pipeline> m_p;
    long long m_revision = -1;
    long long m_nextSeq = 0;       // first sample number not plotted yet
    bool m_haveE0 = false;
    double m_e0 = 0.0;             // J
    double m_lastRelError = 0.0;
    const void* m_markerSource = nullptr; // the marker list shown (shared, immutable)
    bool m_follow = true;
    bool m_dataChanged = false;

    // running extrema for the axes
    double m_tMax = 0.0;
    double m_eMin = 0.0, m_eMax = 0.0;
    double m_rMin = 0.0, m_rMax = 0.0;

    QTimer* m_repaintTimer = nullptr;
    QElapsedTimer m_sinceRepaint;
};

} // namespace tumble::ui
