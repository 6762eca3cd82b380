#pragma once
// PlotFigure: a plot described as data (panels sharing an x axis, series, legend, markers) and
// painted with QPainter, for exports (issue 6).
//
// Design note. The on-screen energy plot is two vtkChartXY in a GL view; an export must be vector
// (SVG) and independent of the GL context, so the plot describes what it shows (ranges, ticks,
// labels, curves with their pens, bands, legend, parameter markers) and paintFigure draws it in
// the same look: grid lines at the ticks, axes on the left and bottom, the legend right of the
// plot area, dashed labelled markers across every panel. Sizes follow the target rectangle (a
// font of about 1/55 of its smaller side, at least 11 px), so a large export for a slide keeps
// the proportions of a small one. Lines are clipped to their panel segment by segment
// (QSvgGenerator writes no clip paths), and a line with many more points than pixel columns
// is reduced to each column's first, lowest, highest and last point, which draws the same
// pixels in a fraction of the file size.
#include <QColor>
#include <QRectF>
#include <QString>

#include <utility>
#include <vector>

class QPainter;

namespace tumble::ui {

struct PlotSeries {
    QString label;      ///< legend text; empty: not listed
    QColor colour;      ///< line colour
    double width = 2.0; ///< line width, in units of the figure's line unit (~1 px)
    Qt::PenStyle style = Qt::SolidLine;
    std::vector<double> x, y; ///< data units, same length; non-finite points break the line
    /// Non-empty (same length as y): a band filled between yLow and y in fill, edged with colour.
    std::vector<double> yLow;
    QColor fill;
};

struct PlotAxis {
    double min = 0.0, max = 1.0; ///< shown range, data units (> 0 for a log axis)
    bool log = false;
    QString title;
    std::vector<double> ticks;   ///< positions, data units
    std::vector<QString> labels; ///< one per tick (empty: no labels)
};

struct PlotPanel {
    PlotAxis x, y;
    std::vector<PlotSeries> series; ///< painted in order
    double weight = 1.0;            ///< share of the height
};

struct PlotLegendEntry {
    QString label;
    QColor colour;
    double width = 2.0;
    Qt::PenStyle style = Qt::SolidLine;
    QColor fill; ///< valid: a filled box (a band), else a line
};

struct PlotFigure {
    std::vector<PlotPanel> panels;                   ///< top to bottom, sharing the time axis
    std::vector<PlotLegendEntry> legend;             ///< top first
    std::vector<std::pair<double, QString>> markers; ///< x (data units), short label
    QString title;                                   ///< above the panels (empty: none)
};

/// Paints figure into rect (the painter's logical units) on whatever background is there.
void paintFigure(QPainter& painter, const QRectF& rect, const PlotFigure& figure);

/// About `count` round tick positions (1, 2 or 5 x 10^k apart) within [lo, hi].
std::vector<double> niceTicks(double lo, double hi, int count = 5);
/// Labels for ticks: the fewest significant digits that tell them apart ("0.5", "1e-05").
std::vector<QString> tickLabels(const std::vector<double>& ticks);

} // namespace tumble::ui
