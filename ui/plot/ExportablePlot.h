#pragma once
// ExportablePlot: what a plot offers to the exporters (PNG, SVG, CSV; issue 6).
//
// Design note. Every plot a teacher may put on a slide (the energy plot, the compare lanes'
// drift plot, the convergence sweep's error plot, the ghost's angle plot) implements this, so
// one set of exporters and one "Export" menu serve them all. paintPlot() draws the plot as on
// screen into any QPainter device: a QImage gives PNG, a QSvgGenerator gives SVG with real
// vector lines and text (not a screenshot). csvText() gives the numbers behind the curves with
// 17 significant digits, so a CSV read back gives the same doubles.
#include <QRectF>
#include <QString>

class QPainter;

namespace tumble::ui {

class ExportablePlot {
public:
    virtual ~ExportablePlot() = default;

    /// A short lower-case name for file names: "energy", "drift", "sweep", "angle".
    virtual QString exportName() const = 0;
    /// Paints the whole plot (axes, curves, legend) into rect, in device units of painter.
    virtual void paintPlot(QPainter& painter, const QRectF& rect) const = 0;
    /// The plotted data: one header line of column names, then one row per point, comma
    /// separated, numbers with 17 significant digits ("%.17g"); lines end in '\n'.
    virtual QString csvText() const = 0;
};

} // namespace tumble::ui
