#pragma once
// AngleDriftPlot: the angle between the simulated and the exact orientation over time, on a
// log axis, for the torque-free ghost.
//
// Design note. A PlotView: figure() describes one panel (whole decades around the data on a log
// axis, so an integrator's order shows as the spacing of curves between runs; the note, when
// set, inside the panel) and the screen and the exports (ExportablePlot: "angle") draw it.
#include <vector>

#include "plot/PlotView.h"

namespace tumble::ui {

class AngleDriftPlot : public PlotView {
    Q_OBJECT
public:
    /// Angles below this are drawn at it (rad): rounding of a unit quaternion.
    static constexpr double kFloor = 1e-16;

    explicit AngleDriftPlot(QWidget* parent = nullptr);

    /// Simulated times (s) and angles (rad), same length; repaints.
    void setSamples(const std::vector<double>& times, const std::vector<double>& angles);
    void clear();
    /// A note drawn over the plot (e.g. why the curve stopped); empty: none.
    void setNote(const QString& note);

    /// The decades shown on the y axis: log10 of the bottom and top, rad.
    int bottomDecade() const { return m_bottom; }
    int topDecade() const { return m_top; }
    std::size_t sampleCount() const { return m_t.size(); }
    /// The samples as given: times (s) and angles (rad).
    const std::vector<double>& times() const { return m_t; }
    const std::vector<double>& angles() const { return m_a; }

    // ExportablePlot: columns time, angle (the angles as given, unfloored)
    QString exportName() const override { return QStringLiteral("angle"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {300, 150}; }
    QSize minimumSizeHint() const override { return {200, 110}; }

private:
    std::vector<double> m_t, m_a;
    int m_bottom = -16, m_top = 0;
    QString m_note;
};

} // namespace tumble::ui
