#pragma once
// StressPlot: the stress of the assembly in a periodic cell (CellState::stress, tension positive)
// over the run: sigma_xx, sigma_yy, sigma_zz, sigma_xy and the pressure p = -tr(sigma)/3, against
// time, the shear strain (F - I)_xy or the volumetric strain V / V0 - 1, with the live changes'
// dashed markers (a new L, dt, scheme) as the energy plot shows them.
//
// Design note. A PlotView (one figure on screen and in the exports, "stress"). The stress travels
// in the snapshots (CellState), not in the energy samples, so the plot takes one sample per
// snapshot it is shown; at a frame rate that is far finer than the stress changes in a shear
// test. The history is bounded: at kMaxSamples every other sample is dropped (the first and the
// newest stay). Against strain a marker sits at the strain of the first sample at or after its
// time. A new scene revision (load or reset) starts a new plot.
#include <array>
#include <vector>

#include "plot/PlotView.h"
#include "plot/RunMarkers.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

class StressPlot : public PlotView {
    Q_OBJECT
public:
    /// What the x axis shows.
    enum class XAxis { Time, ShearStrain, VolumetricStrain };
    Q_ENUM(XAxis)
    /// The curves, in legend order.
    enum Curve { SigmaXX, SigmaYY, SigmaZZ, SigmaXY, Pressure, kCurves };
    static constexpr std::size_t kMaxSamples = 4096;

    explicit StressPlot(QWidget* parent = nullptr);

    /// Takes the snapshot's stress when it is newer than the last sample, and its markers; a new
    /// scene revision starts a new plot; nothing without a cell.
    void appendSnapshot(const FrameSnapshot& s);
    void clear();
    void setXAxis(XAxis axis);
    XAxis xAxis() const { return m_xAxis; }

    std::size_t sampleCount() const { return m_time.size(); }
    std::size_t markerCount() const { return m_markers.size(); }
    /// The markers as drawn: x in the current axis' units, label.
    std::vector<std::pair<double, QString>> markers() const;
    /// The values of a curve over the samples, Pa, and the samples' times (s).
    const std::vector<double>& values(Curve c) const { return m_values[std::size_t(c)]; }
    const std::vector<double>& times() const { return m_time; }
    static QString curveLabel(Curve c);

    // ExportablePlot: columns time, shear_strain, volumetric_strain, then the curves (Pa)
    QString exportName() const override { return QStringLiteral("stress"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {320, 200}; }
    QSize minimumSizeHint() const override { return {220, 140}; }

private:
    const std::vector<double>& xValues() const;
    void dropEveryOther();

    XAxis m_xAxis = XAxis::Time;
    long long m_revision = -1;
    long long m_cutSerial = 0; // the timeline cut taken last (TimelineState::cutSerial)
    std::vector<double> m_time, m_shear, m_volumetric;
    std::array<std::vector<double>, kCurves> m_values;
    double m_volume0 = 0.0; // m^3, the first sample's
    RunMarkers m_markers;
};

} // namespace tumble::ui
