#pragma once
// DriftPlot: every compare lane's relative energy drift (total + dissipated - E0) / |E0| over
// time, overlaid, on a log (of |drift|) or linear axis, with one chosen energy term per lane in
// a panel below; a legend; hovering shows the values under the mouse.
//
// Design note. A PlotView: figure() describes the drift panel and the term panel once, and the
// screen (with the hover readout, zoom and pan) and the PNG/SVG exports draw it (no GL context:
// a VTK chart would be a seventh GL view next to the six lane views on software OpenGL). E0 is
// each lane's own first sample (t = 0), the same state for every lane. The terms are the groups
// of the table of energy terms (energy/EnergyTerms.h). The CSV has one row per shared sample
// time k x interval and one column per lane and term, empty where a lane has no sample (added
// later, or stopped unstable). Each sample's envelope (the lowest and highest total +
// dissipated over the steps it stands for, EnergyEnvelope) is drawn as a translucent band under
// the lane's drift line: on the log axis the band of |drift| over those steps, down to the floor
// when the drift changed sign within them. Per sample the plot keeps the sample and two doubles.
#include <QColor>

#include <vector>

#include "plot/PlotView.h"
#include "session/LaneSample.h"

namespace tumble::ui {

class DriftPlot : public PlotView {
    Q_OBJECT
public:
    enum class Axis { Log, Linear };
    enum class Term { None, Kinetic, Potential, Elastic, Dissipated, Total };
    /// |drift| below this is drawn at it on the log axis: rounding of a double.
    static constexpr double kFloor = 1e-17;

    explicit DriftPlot(QWidget* parent = nullptr);

    /// Adds lane id or renames and recolours it; repaints.
    void setLane(int id, const QString& name, const QColor& colour);
    void removeLane(int id);
    /// Appends lane id's new samples (LaneSample::index ascending); repaints.
    void appendSamples(int id, const std::vector<LaneSample>& samples);
    /// Forgets every lane.
    void clear();
    /// The shared time between samples, s (the CSV's time column is k x interval).
    void setSampleInterval(double seconds) { m_interval = seconds; }

    void setAxis(Axis axis);
    Axis axis() const { return m_axis; }
    /// The energy term drawn per lane in the lower panel (None: no panel).
    void setTerm(Term term);
    Term term() const { return m_term; }
    static QString termName(Term term);
    /// The term's value in a sample, J: its group's energy (energyGroupValue).
    static double termValue(const EnergySample& e, Term term);

    // the data as plotted, per lane
    std::vector<int> laneIds() const;
    std::vector<double> times(int id) const; ///< sample times, s
    std::vector<double> drift(int id) const; ///< (total + dissipated - E0) / |E0|
    /// The lowest and highest drift over the steps each sample stands for (the sample's own
    /// drift when it came without an envelope).
    std::vector<double> driftLow(int id) const;
    std::vector<double> driftHigh(int id) const;
    /// The band the log axis draws: |drift| over each sample's steps, floored at kFloor (the
    /// floor when the drift changed sign within them).
    static std::pair<double, double> magnitudeRange(double lo, double hi);
    std::vector<double> termValues(int id) const; ///< the chosen term, J (empty for None)

    /// What hovering at simulated time t shows: "t = ... s", then one line per lane.
    QStringList hoverLines(double t) const override;
    /// The time under widget x (logical pixels), or NaN outside the plot area.
    double timeAt(double x) const;

    // ExportablePlot
    QString exportName() const override { return QStringLiteral("drift"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {900, 300}; }
    QSize minimumSizeHint() const override { return {300, 160}; }

protected:
    std::vector<QColor> hoverColours() const override;

private:
    struct Series {
        int id = 0;
        QString name;
        QColor colour;
        std::vector<long long> index;
        std::vector<EnergySample> samples;
        std::vector<double> drift, driftLo, driftHi;
    };
    const Series* find(int id) const;

    std::vector<Series> m_series;
    double m_interval = 0.0;
    Axis m_axis = Axis::Log;
    Term m_term = Term::None;
};

} // namespace tumble::ui
