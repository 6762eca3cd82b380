#pragma once
// PlotFigure: a plot described as data (panels sharing an x axis, series, legend, markers) and
// painted with QPainter: the one drawing of every plot, on screen (PlotView) and in exports.
//
// Design note. Each plot (energy, drift, angle, sweep) describes what it shows once (ranges,
// ticks and their labels, curves with their pens, bands, point symbols, the legend, parameter
// markers) and paintFigure draws it in one look: grid lines at the ticks (faint minor ones where
// given), axes on the left and bottom (or a frame), the legend right of the plot area so it never
// covers the newest samples, dashed labelled markers across every panel (labels placed in rows
// inside the first panel so that they never cover the legend or each other). Sizes follow the target
// rectangle (a font of about 1/55 of its smaller side, at least fontPx), so a large export for a
// slide keeps the proportions of a small one. Lines and bands are clipped to their panel by
// geometry, not by a clip path (QSvgGenerator writes none), and a curve with more points than
// pixel columns is reduced to each column's first, lowest, highest and last point (a band to
// each column's envelope): the same pixels, every peak kept, at a cost bounded by the width.
// layoutFigure gives the panels' rectangles without painting, for mouse hit tests.
#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

#include <utility>
#include <vector>

class QPainter;
class QPaintDevice;

namespace tumble::ui {

/// A marker drawn at every point of a series.
enum class PlotSymbol { None, Circle, Square, Triangle, Diamond, TriangleDown };

struct PlotSeries {
    QString label;      ///< for hover readouts; the legend is PlotFigure::legend
    QColor colour;      ///< line colour (fully transparent: a band without an edge line)
    double width = 2.0; ///< line width, in units of the figure's line unit (~1 px)
    Qt::PenStyle style = Qt::SolidLine;
    std::vector<double> x, y; ///< data units, same length; non-finite points break the line
    /// Non-empty (same length as y): a band filled between yLow and y in fill, edged with colour.
    std::vector<double> yLow;
    QColor fill;
    PlotSymbol symbol = PlotSymbol::None; ///< at every point, filled in colour, edged darker
    double symbolSize = 1.0;              ///< the symbols' size, times the default (about a third of a line of text)
    bool joined = true;                   ///< false: the points' symbols alone, no line through them
};

struct PlotAxis {
    double min = 0.0, max = 1.0; ///< shown range, data units (> 0 for a log axis)
    bool log = false;
    QString title;
    std::vector<double> ticks;   ///< positions, data units (grid lines)
    std::vector<QString> labels; ///< one per tick; empty strings (or none) leave a tick unlabelled
    std::vector<double> minor;   ///< faint grid lines without labels
};

struct PlotPanel {
    PlotAxis x, y;
    std::vector<PlotSeries> series; ///< painted in order
    double weight = 1.0;            ///< share of the height
    QString title;                  ///< above the panel (empty: none)
    QString note;                   ///< wrapped text in the panel's top left (empty: none)
    QColor noteColour = QColor(200, 40, 40);
};

struct PlotLegendEntry {
    QString label;
    QColor colour;
    double width = 2.0;
    Qt::PenStyle style = Qt::SolidLine;
    QColor fill;                          ///< valid: a filled box (a band), else a line
    PlotSymbol symbol = PlotSymbol::None; ///< on the line
};

struct PlotFigure {
    std::vector<PlotPanel> panels;                   ///< top to bottom, sharing the x axis
    std::vector<PlotLegendEntry> legend;             ///< top first
    std::vector<std::pair<double, QString>> markers; ///< x (data units), short label
    QString title;                                   ///< above the panels (empty: none)
    QString legendNote;                              ///< under the legend (empty: none)
    QColor legendNoteColour = QColor(200, 40, 40);
    bool frame = false;   ///< a box around each panel (else axes left and bottom)
    double fontPx = 11.0; ///< smallest label font, px
};

/// A marker's label as placed: inside the first panel's plot area, clear of the legend and of
/// every other label.
struct PlotMarkerLabel {
    std::size_t marker = 0; ///< index in PlotFigure::markers
    QRectF rect;            ///< where the text goes
    QString text;           ///< the label, elided to fit when it had no room
};

/// Where paintFigure puts things in a rectangle.
struct PlotLayout {
    std::vector<QRectF> areas; ///< per panel, the plot area
    QRectF legend;             ///< the legend's rows (empty without a legend)
    /// Marker labels, in rows from the first panel's top: right of their line, else left of it,
    /// in the first row where they fit; elided, or left out, when no row has room.
    std::vector<PlotMarkerLabel> markerLabels;
    double unit = 11.0; ///< label font size, px
    bool valid() const { return !areas.empty(); }
};

/// The layout paintFigure uses for figure in rect, text measured with font on device.
PlotLayout layoutFigure(const QRectF& rect, const PlotFigure& figure, const QFont& font, QPaintDevice* device);
/// Paints figure into rect (the painter's logical units) on whatever background is there.
PlotLayout paintFigure(QPainter& painter, const QRectF& rect, const PlotFigure& figure);

/// Maps a data value to a pixel along an axis spanning [p0, p1] (NaN where a log axis cannot
/// show it), and back.
double plotToPixel(const PlotAxis& axis, double v, double p0, double p1);
double plotFromPixel(const PlotAxis& axis, double pixel, double p0, double p1);

/// About `count` round tick positions (1, 2 or 5 x 10^k apart) within [lo, hi].
std::vector<double> niceTicks(double lo, double hi, int count = 5);
/// Labels for ticks: the fewest significant digits that tell them apart ("0.5", "1e-5"), with
/// numbers from 1 to 1e5 written out ("10", "15", "2500").
std::vector<QString> tickLabels(const std::vector<double>& ticks);
/// A log axis over whole decades [10^lo, 10^hi]: a grid line per decade, labelled "1e<d>" every
/// stride decades from `from` (hi: from the top, else from the bottom); minor lines at 2..9 x 10^d
/// when withMinor.
void setDecades(PlotAxis& axis, int lo, int hi, int stride, bool fromTop, bool withMinor = false);

} // namespace tumble::ui
