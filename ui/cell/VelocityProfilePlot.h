#pragma once
// VelocityProfilePlot: the velocity profile of a periodic cell (CellState): the bodies' mean lab
// v_x in bins along the cell's second side against the bins' y, with the medium's own v_x = (L x)_x
// at the bins' centres dashed beside it. In steady simple shear the points lie on the dashed line;
// a flow that lags the medium (Lees-Edwards bodies still starting up, or shear bands) leaves it.
//
// Design note. A PlotView of the newest snapshot only (the profile is an instantaneous state, and
// its history is what the stress plot shows); export "velocity-profile". An empty bin is a gap in
// the line. The y range of the plot holds both curves.
#include <optional>

#include "plot/PlotView.h"
#include "session/CellState.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

class VelocityProfilePlot : public PlotView {
    Q_OBJECT
public:
    explicit VelocityProfilePlot(QWidget* parent = nullptr);

    /// Shows the snapshot's profile (none without a cell).
    void setSnapshot(const FrameSnapshot& s);
    void clear();
    /// The profile shown, if any.
    const std::optional<CellState>& cell() const { return m_cell; }

    // ExportablePlot: columns y, mean_vx, medium_vx, count
    QString exportName() const override { return QStringLiteral("velocity-profile"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {320, 200}; }
    QSize minimumSizeHint() const override { return {220, 140}; }

private:
    std::optional<CellState> m_cell;
};

} // namespace tumble::ui
