#pragma once
// SweepPlot: a convergence sweep's error against dt on log-log axes, one colour and marker per
// scheme, with the fitted slope (the observed order) per scheme in the legend.
//
// Design note. A PlotView (figure() described once, drawn on screen and by the exports,
// ExportablePlot: "sweep"). Both axes span whole decades around the data, so a slope reads off
// the grid: order p climbs p decades of error per decade of dt. The legend sits to the right of
// the plot area, so it never covers a point. Unstable runs (infinite error) are left out of the
// curve and listed in the legend.
#include <QColor>
#include <QStringList>

#include <vector>

#include "plot/PlotView.h"
#include "sim/ConvergenceSweep.h"

namespace tumble::ui {

class SweepPlot : public PlotView {
    Q_OBJECT
public:
    explicit SweepPlot(QWidget* parent = nullptr);

    /// Shows a sweep's result; repaints. varied[k] names what scheme k of the result varied
    /// ("rotation: rk4_quaternion", SweepScheme::varied); the scheme's name when not given.
    void setResult(const SweepResult& result, const QStringList& varied = {});
    void clear();
    const SweepResult& result() const { return m_result; }

    /// One line per scheme as drawn: "translation: rk4  order 3.98" ("order -" with fewer than
    /// 2 points).
    QStringList legendLabels() const;
    /// The colour of scheme k (in the result's order).
    static QColor schemeColour(int k);
    /// Axis extents in decades: log10 of the left/right dt (s) and bottom/top error.
    int dtDecadeLow() const { return m_xLo; }
    int dtDecadeHigh() const { return m_xHi; }
    int errorDecadeLow() const { return m_yLo; }
    int errorDecadeHigh() const { return m_yHi; }

    // ExportablePlot: the CLI's columns, scheme,dt,steps,error,reference,measure
    QString exportName() const override { return QStringLiteral("sweep"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {320, 200}; }

private:
    QString variedText(std::size_t k) const;

    SweepResult m_result;
    QStringList m_varied;
    int m_xLo = -6, m_xHi = -4, m_yLo = -12, m_yHi = -6;
};

} // namespace tumble::ui
