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
// when the drift changed sign within them.
// The history is bounded (issue 21: an hour of compare mode must not grow): every lane keeps at
// most kMaxSamples buckets. A bucket stands for 2^mergeLevel() consecutive shared sample
// numbers (index >> level, the same for every lane, so the CSV's rows stay aligned across
// lanes); when the fullest lane reaches the bound every lane's buckets are merged in pairs (the
// later sample's values, the union of the ranges). A bucket keeps its latest sample's time,
// drift and group energies and the lowest and highest drift and group energies of every step
// and sample in it, so every peak survives; the term panel draws that range as a band once
// buckets were merged. The CSV then has a row per bucket: the time of its latest sample, each
// lane's latest drift and term there, and the lowest and highest drift over the bucket.
#include <QColor>

#include <array>
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
    /// Buckets kept per lane at most (see the design note): twice the widest plot's pixels.
    static constexpr std::size_t kMaxSamples = 4096;

    explicit DriftPlot(QWidget* parent = nullptr);

    /// Adds lane id or renames and recolours it; repaints.
    void setLane(int id, const QString& name, const QColor& colour);
    void removeLane(int id);
    /// Appends lane id's new samples (LaneSample::index ascending); repaints.
    void appendSamples(int id, const std::vector<LaneSample>& samples);
    /// Forgets every lane.
    void clear();
    /// Buckets kept per lane at most (kMaxSamples; smaller for tests, at least 4).
    void setMaxSamples(std::size_t n);
    /// How often the history was merged in pairs: a bucket stands for 2^mergeLevel() samples.
    int mergeLevel() const { return m_level; }
    /// Buckets stored over every lane (what the plot's memory grows with).
    std::size_t storedSamples() const;
    /// Bytes the plotted history holds (every lane's buckets' capacity): bounded by kMaxSamples.
    std::size_t storedBytes() const;
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
    /// The chosen term's lowest and highest value over the samples each bucket stands for, J.
    std::vector<double> termLow(int id) const;
    std::vector<double> termHigh(int id) const;

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
    // one plotted bucket: the samples whose index >> level is key
    struct Bucket {
        long long key = 0;
        long long last = 0; // the latest sample's index
        double time = 0.0;  // the latest sample's, s
        double drift = 0.0, driftLo = 0.0, driftHi = 0.0;
        std::array<double, kEnergyGroupCount> group{}, groupLo{}, groupHi{}; // J
    };
    struct Series {
        int id = 0;
        QString name;
        QColor colour;
        bool haveE0 = false;
        double e0 = 0.0; // J, the lane's first sample's total
        std::vector<Bucket> buckets;
    };
    const Series* find(int id) const;
    static void mergeInto(Bucket& earlier, const Bucket& later);
    void halve();
    std::vector<double> column(int id, double Bucket::*field) const;
    std::vector<double> groupColumn(int id, std::array<double, kEnergyGroupCount> Bucket::*field) const;

    std::vector<Series> m_series;
    std::size_t m_maxSamples = kMaxSamples;
    int m_level = 0;
    double m_interval = 0.0;
    Axis m_axis = Axis::Log;
    Term m_term = Term::None;
};

} // namespace tumble::ui
