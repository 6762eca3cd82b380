#pragma once
// EnergyPlot: every energy term against time, and the relative balance error on a log axis.
//
// Design note. A PlotView (QPainter, no GL context): figure() describes both panels once, and
// the screen and the exports (ExportablePlot: PNG, SVG) draw that one description. The terms,
// their labels, colours, CSV names, the "other" remainders and the stacking order are the rows
// of the table of energy terms in core (energy/EnergyTerms.h); this widget keeps none of its own.
// Top: the ledger's plotted terms in J, either as one line per term (Separate; remainders
// dashed, the total thicker and on top) or piled up as bands (Stacked): the Base row (gravity
// potential) measured from the lowest value it has had in the run, then the Band rows in table
// order, then the Top rows (Hertz-Mindlin's stiffness term, which may be negative), so every
// band below is >= 0 and the top edge is total + dissipated - min potential, flat while the
// balance closes and nothing works from outside. A term that has been exactly zero all run (no
// bonds, no rolling resistance) is hidden, legend entry included, until it is not.
// Bottom, sharing the time axis: |balance error| / max(|E0|, tiny) on a log axis, E0 being the
// total energy of the run's first sample. The legend sits right of the plot area, so it never
// covers the newest samples. Live parameter changes are dashed vertical lines with a short label
// across both panels.
// Every recorded sample is plotted: snapshots carry numbered samples and the plot appends those
// it has not seen, so a skipped snapshot loses nothing; a sample with any non-finite term is
// dropped whole, so no NaN or inf reaches the figure. Each sample comes with the envelope of the
// steps it stands for (EnergyEnvelope: every term's lowest and highest value since the previous
// sample), drawn as a translucent band under its line in the separate view and under the
// relative error, so the plot's extremes are the run's whatever the sampling. A term's band is
// stored only once some sample's range differs from its value (never at a stride of 1).
// The history is bounded: at kMaxSamples plotted samples, neighbours are merged in pairs (the
// later value, the union of the ranges, their steps added up; the line then goes through the
// lowest and highest recorded value each plotted sample stands for, so it looks as the unmerged
// line does per pixel column) and from then on each plotted
// sample stands for twice as many recorded ones, so a long run keeps its whole time span at a
// uniform resolution and every extreme, in at most kMaxSamples x (TermCount + 5 + 2 per moving
// term) doubles. PlotFigure reduces long curves to a
// min/max envelope per pixel column, so a paint costs O(samples) arithmetic and O(width)
// drawing. Axis ranges follow the run (running extrema per term and per stacked sum, O(1) per
// sample); a wheel zoom keeps following (a shorter window ending at the newest sample), a drag
// pauses the view until a double-click follows again. Repaints are throttled
// (PlotView::scheduleRepaint), so the 3D view gets the CPU.
// A conserved total drifting by 1e-12 J around 1.7e-3 J would get labels that all round to the
// same number: when the energy axis' range is below kOffsetLabelsBelow of its magnitude its
// ticks are labelled with the difference from a round offset that the title names
// ("energy - 1.681210346e-3 (J)", labels "+0.2e-12").
// Rejected: vtkChartXY (a second GL view that software OpenGL renders every frame, and a second
// description of the same figure for the exports).
#include <QRectF>

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "energy/EnergyTerms.h"
#include "plot/EnergyPlotMode.h"
#include "plot/PlotView.h"
#include "plot/RunMarkers.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

class EnergyPlot : public PlotView {
    Q_OBJECT
public:
    /// Terms: the ids of the table of energy terms (EnergyPlot::Total, EnergyPlot::ElasticNormal,
    /// ...; EnergyPlot::Term(k) for 0 <= k < TermCount).
    using Term = EnergyTermId;
    using enum energy_term::Id;
    static constexpr int TermCount = energy_term::Count;
    /// The stacked bands' terms, bottom first (the table's Base, Band, then Top rows).
    static const std::vector<Term>& stackOrder();

    /// Plotted samples kept at most (see the design note): twice the widest plot area's pixel
    /// columns, so the per-column envelope loses nothing, and ~1.5 MB for a run whose every
    /// term moves between samples, however long it runs (issue 21: a 2^19 bound grew the GUI by
    /// ~17 MB a minute for its first hours).
    static constexpr std::size_t kMaxSamples = 4096;
    /// Floor of the relative error shown on the log axis (below double precision).
    static constexpr double kErrorFloor = 1e-17;
    /// The energy axis labels differences from an offset (named in its title) when its range
    /// is below this fraction of its largest magnitude: plain labels would all round alike.
    static constexpr double kOffsetLabelsBelow = 1e-4;

    explicit EnergyPlot(QWidget* parent = nullptr);
    ~EnergyPlot() override;

    /// A term's legend label in the separate view.
    static const char* termLabel(Term term);
    /// Legend label of the stacked view's top edge.
    static const char* topEdgeLabel();

    /// Appends the snapshot's samples not plotted yet and takes its markers; a new scene
    /// revision starts a new plot.
    void appendSnapshot(const FrameSnapshot& snapshot);
    /// Forgets every sample and marker.
    void clear();
    /// Drops the samples after time t (s): a run resumed from an earlier state (the snapshot's
    /// timeline cut) goes on from there. The axes follow what is left.
    void cutAfter(double t);
    /// The time of the state the timeline shows (a cursor line), s; NaN while live.
    double cursorTime() const { return m_cursor; }

    /// Separate lines or stacked bands; every sample is kept across switches.
    /// Shows the balance error's panel under the energies (the default), or only the energies
    /// (a replayed LAMMPS log, which has no dissipation to close a balance with).
    void setBalanceShown(bool shown);
    bool balanceShown() const { return m_balanceShown; }
    void setMode(EnergyPlotMode mode);
    EnergyPlotMode mode() const { return m_mode; }

    /// Samples plotted since the last clear (each stands for 2^mergeLevel() recorded ones).
    long long sampleCount() const { return (long long)m_time.size(); }
    /// Plotted samples kept at most (kMaxSamples; smaller for tests, at least 4).
    void setMaxSamples(std::size_t n);
    /// How often the history was merged in pairs.
    int mergeLevel() const { return m_level; }
    /// Bytes the plotted history holds (its arrays' capacities): bounded by kMaxSamples.
    std::size_t storedBytes() const;
    /// Markers shown.
    std::size_t markerCount() const { return m_markers.size(); }
    /// The relative balance error of the newest sample (0 before any).
    double lastRelativeError() const { return m_lastRelError; }
    /// Whether some sample had external work (a drive): the relative error is then taken
    /// against |E0| + |external work| instead of |E0|.
    bool externalWorkSeen() const { return m_externalWorkSeen; }

    /// One term over the plotted samples, J (what the separate view draws).
    std::vector<double> termValues(Term term) const { return m_values[std::size_t(term)]; }
    /// Times of the plotted samples, s.
    std::vector<double> timeValues() const { return m_time; }
    /// |balance error| / |E0| over the plotted samples (floored at kErrorFloor), as drawn.
    std::vector<double> relativeErrorValues() const { return m_relError; }
    /// A term's lowest and highest value over the steps each plotted sample stands for, J.
    std::vector<double> termLow(Term term) const;
    std::vector<double> termHigh(Term term) const;
    /// The same for |balance error| / |E0| (floored as drawn).
    std::vector<double> relativeErrorLow() const { return m_relLo.empty() ? m_relError : m_relLo; }
    std::vector<double> relativeErrorHigh() const { return m_relHi.empty() ? m_relError : m_relHi; }
    /// Steps each plotted sample stands for (0: unknown, or the run's first sample).
    std::vector<long long> sampleSteps() const { return m_steps; }
    /// The timestep of each plotted sample's last step, s (0: unknown).
    std::vector<double> sampleDt() const { return m_dt; }
    /// Whether a term is drawn in the separate view (the total always, other plotted terms
    /// once non-zero).
    bool termShown(Term term) const;
    /// A term's CSV column name, e.g. "kinetic_translational" (the table's name).
    static const char* termCsvName(Term term);

    // ExportablePlot: "energy"; the figure as on screen; CSV columns: time, every shown term
    // (legend order), relative_balance_error, then (appended, so scripts reading the first ones
    // keep working) stride_steps and dt (per row: the steps the sample stands for and the
    // timestep of its last step, s; empty when unknown), and <term>_min, <term>_max per shown
    // term and relative_balance_error_min, _max (the lowest and highest over those steps)
    QString exportName() const override { return QStringLiteral("energy"); }
    QString csvText() const override;
    /// What the screen and the exports draw: the energy panel, then the error panel.
    PlotFigure figure() const override;
    /// Top edge of the stacked bands over the plotted samples, J, as drawn: total + dissipated
    /// minus the lowest gravity potential of the run so far. Empty outside the stacked view.
    std::vector<double> stackedTopEdge() const;
    /// Thickness of a stacked band over the plotted samples, J, as drawn (empty outside the
    /// stacked view or for a term that is not stacked).
    std::vector<double> stackedBand(Term term) const;
    /// Lowest gravity potential over the plotted samples, J (0 before any).
    double lowestPotential() const { return m_haveE0 ? m_potMin : 0.0; }
    /// Labels the legend lists in the current view, top first (hidden terms are not listed).
    std::vector<std::string> legendLabels() const;
    /// Where the legend and the energy panel's plot area were last painted, in widget
    /// coordinates (logical pixels, y down; empty before the first paint).
    QRectF energyPlotArea() const { return plotArea(0); }
    /// The energy axis' tick labels, bottom first, and its title, as drawn.
    std::vector<std::string> energyTickLabels() const;
    std::string energyAxisTitle() const;

private:
    bool m_balanceShown = true;
    // axis ranges that follow the run: time (s), energy (J), error decades (log10)
    struct Ranges {
        double tLo = 0.0, tHi = 1.0, eLo = 0.0, eHi = 1.0;
        int loExp = -17, hiExp = 0;
    };
    // ticks of the energy axis for [lo, hi]: relative to an offset named in the title when the
    // range is narrow (offset true), else plain round numbers
    struct EnergyTicks {
        bool offset = false;
        std::vector<double> ticks; // J
        std::vector<std::string> labels;
        std::string title;
    };
    Ranges runRanges() const;
    EnergyTicks energyTicks(double lo, double hi) const;
    // the stacked view's running sums, bottom band first: tops[k][i], J
    std::vector<std::vector<double>> stackTops() const;
    // one plotted sample: its values and ranges (J; the relative error unitless)
    struct Row {
        double time = 0.0;
        std::array<double, TermCount> v{}, lo{}, hi{};
        std::array<double, TermCount> vLo{}, vHi{}; // the recorded samples' own values' range
        double rel = 0.0, relLo = 0.0, relHi = 0.0;
        double relVLo = 0.0, relVHi = 0.0;
        long long steps = 0;
        double dt = 0.0;
        long long count = 1; // recorded samples it stands for
    };
    static void mergeInto(Row& earlier, const Row& later);
    void take(const Row& row);   // at the current merge level
    void extend(const Row& row); // the axes' running extrema take the row in
    void clearHistory();         // the samples and extrema; E0 and the markers stay
    void push(const Row& row);
    Row rowAt(std::size_t i) const;
    void halve();
    // a line through the plotted samples: their values, or once merged each one's range of
    // recorded values (two points at its time), so a peak of one recorded sample stays on the line
    void lineThrough(PlotSeries& s, const std::vector<double>& v, const std::vector<double>& vLo,
                     const std::vector<double>& vHi) const;

    EnergyPlotMode m_mode = EnergyPlotMode::Separate;
    long long m_revision = -1;
    long long m_nextSeq = 0;   // first sample number not plotted yet
    long long m_cutSerial = 0; // the timeline cut taken last (TimelineState::cutSerial)
    double m_cursor = std::numeric_limits<double>::quiet_NaN(); // s, the timeline's shown moment
    bool m_haveE0 = false;
    bool m_externalWorkSeen = false;
    double m_e0 = 0.0; // J
    double m_lastRelError = 0.0;
    RunMarkers m_markers;

    std::vector<double> m_time;                          // s
    std::array<std::vector<double>, TermCount> m_values; // J, per term
    std::vector<double> m_relError;                      // -
    // ranges per plotted sample; a term's stay empty while every range was its value
    std::array<std::vector<double>, TermCount> m_lo, m_hi; // J
    std::vector<double> m_relLo, m_relHi;                  // -
    // once merged: the range of the recorded samples' values each plotted sample stands for,
    // which the line is drawn through (as the unmerged line would be per pixel column); empty
    // while every range is the value
    std::array<std::vector<double>, TermCount> m_vLo, m_vHi; // J
    std::vector<double> m_relVLo, m_relVHi;                  // -
    std::vector<long long> m_steps;                          // steps each sample stands for
    std::vector<double> m_dt;                                // s
    std::size_t m_maxSamples = kMaxSamples;
    int m_level = 0; // the history was merged in pairs this often
    Row m_pending;   // recorded samples not yet 2^m_level of them
    bool m_hasPending = false;
    std::array<bool, TermCount> m_seen{}; // term has been non-zero this run
    // Stacked sums are measured from the run's first potential (m_potRef) for the running
    // extrema, so those never change when the lowest potential drops.
    double m_potRef = 0.0; // J
    double m_potMin = 0.0; // lowest gravity potential this run, J

    // running extrema for the axes: per term, and per stacked sum before the shift (J)
    double m_tMax = 0.0;
    std::array<double, TermCount> m_termMin{}, m_termMax{};
    std::vector<double> m_stackMin, m_stackMax;
    double m_budgetMin = 0.0, m_budgetMax = 0.0;
    double m_rMin = 0.0, m_rMax = 0.0;
};

} // namespace tumble::ui
