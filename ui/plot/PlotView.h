#pragma once
// PlotView: the one plot widget. A subclass describes its figure once (figure(): PlotFigure) and
// PlotView draws it with paintFigure, on screen and in the exports (ExportablePlot::paintPlot),
// so the PNG/SVG and the screen are the same drawing.
//
// Design note. QPainter, no GL context: the plots sit beside GL views that software OpenGL
// renders, and a figure of a few curves reduced to their per-column envelopes (PlotFigure)
// paints in milliseconds. What a view adds to the figure is the on-screen part:
//   - zoom and pan (setInteractive): a drag pans the x axis and the y axis of the panel under
//     the mouse, the wheel zooms both about the mouse (log axes in decades); from then on the
//     axes keep the user's ranges (followsRun() false, and the screen says "paused view -
//     double-click to follow") until a double-click follows the run again. With
//     setZoomKeepsFollowing (plots of a running simulation), a wheel zoom while following keeps
//     following: it sets the window's length along x (its right edge stays at the run's newest
//     sample) and a window within the panel's y range that moves with the run; only a drag
//     pauses. A subclass asks shownX()/shownY() for the ranges to describe, giving its own
//     follow-the-run ranges, so ticks and labels are made for what is shown;
//   - a hover readout (setHoverEnabled): a dashed line at the mouse and a box of hoverLines(x)
//     (by default each labelled curve's value at the nearest point); not in exports;
//   - the paint time, averaged over the last frames (paintMilliseconds());
//   - repaints throttled for plots fed while a run streams in (scheduleRepaint: at most every
//     kMinRepaintMs, so the 3D view gets the CPU).
#include <QElapsedTimer>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

#include "plot/ExportablePlot.h"
#include "plot/PlotFigure.h"

namespace tumble::ui {

class PlotView : public QWidget, public ExportablePlot {
    Q_OBJECT
public:
    explicit PlotView(QWidget* parent = nullptr);

    /// What the plot shows, described once; drawn on screen and by the exports.
    virtual PlotFigure figure() const = 0;
    // ExportablePlot: the figure, painted into rect
    void paintPlot(QPainter& painter, const QRectF& rect) const override;

    /// Whether the axes follow the run (false after the user pans or zooms).
    bool followsRun() const { return m_follow; }
    void setFollowsRun(bool follow);
    /// Drag to pan, wheel to zoom, double-click to follow again.
    void setInteractive(bool on) { m_interactive = on; }
    /// A wheel zoom while following keeps following (see the design note).
    void setZoomKeepsFollowing(bool on) { m_zoomFollows = on; }
    /// Whether a wheel zoom changed the followed window (cleared by a double-click).
    bool zoomedWhileFollowing() const;
    /// What the screen says over the first panel while the view does not follow the run.
    static QString pausedNote();
    /// A readout of the values under the mouse.
    void setHoverEnabled(bool on);

    /// Where the last paint put panel k's plot area and the legend, in widget coordinates
    /// (logical pixels, y down); empty before the first paint.
    QRectF plotArea(std::size_t panel = 0) const;
    QRectF legendArea() const { return m_layout.legend; }
    /// The layout of the current figure in the widget (without painting).
    PlotLayout currentLayout() const;

    /// Wall time of one paint, averaged over the last frames, ms.
    double paintMilliseconds() const { return m_paintMs; }
    /// Frames painted since construction.
    long long frameCount() const { return m_frames; }
    /// scheduleRepaint() repaints at most this often, ms.
    static constexpr int kMinRepaintMs = 100;

signals:
    /// The user panned or zoomed.
    void userInteracted();

protected:
    /// The range to show along x: the user's while not following the run, else [lo, hi].
    std::pair<double, double> shownX(double lo, double hi) const;
    /// The same for panel k's y axis.
    std::pair<double, double> shownY(std::size_t panel, double lo, double hi) const;
    /// Lines of the hover readout at x (data units of the x axis): by default "x = ..." and each
    /// labelled curve's value at its nearest point.
    virtual QStringList hoverLines(double x) const;
    /// Colours of the readout's lines (default: the curves'); index 0 is the heading.
    virtual std::vector<QColor> hoverColours() const;

    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

    /// A repaint kMinRepaintMs after the last paint at the soonest (at once when that is past);
    /// several calls before it make one repaint.
    void scheduleRepaint();

    /// The hovered x in widget coordinates (< 0: none).
    double hoverX() const { return m_hoverX; }

private:
    // the shown ranges of the last paint, to start a pan or zoom from
    void takeShownRanges();
    int panelAt(const QPointF& pos) const;
    void drawHover(QPainter& p, const PlotFigure& fig);

    bool m_follow = true;
    bool m_interactive = false;
    bool m_zoomFollows = false;
    // a zoom while following: the x window's length (in the axis' scale: decades on a log
    // axis), and per panel the y window as fractions [u0, u1] of the followed range (same scale)
    std::optional<double> m_followSpanX;
    std::vector<std::optional<std::pair<double, double>>> m_followWindowY;
    bool m_hover = false;
    std::optional<std::pair<double, double>> m_userX;
    std::vector<std::optional<std::pair<double, double>>> m_userY;
    std::vector<PlotAxis> m_shownY; // per panel, as last painted
    PlotAxis m_shownX;
    PlotLayout m_layout;
    double m_hoverX = -1.0;
    bool m_dragging = false;
    QPointF m_dragFrom;
    int m_dragPanel = -1;
    std::pair<double, double> m_dragX{0.0, 1.0}, m_dragY{0.0, 1.0};
    double m_paintMs = 0.0;
    QTimer* m_repaintTimer = nullptr; // scheduleRepaint's, made at its first call
    QElapsedTimer m_sinceRepaint;     // since the last paint
    std::vector<double> m_recentMs;
    long long m_frames = 0;
    mutable std::vector<QColor> m_hoverColours;
};

} // namespace tumble::ui
