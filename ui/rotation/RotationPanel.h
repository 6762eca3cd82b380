#pragma once
// RotationPanel: the rotation checks for the selected clump: the exact torque-free ghost with
// the drift angle plotted over time, and Poinsot's construction.
//
// Design note. The panel owns the ghost's state (TorqueFreeGhost) and follows the snapshots the
// window hands it; the 3D view only draws what the ghost says (GhostOverlay). The ghost starts
// when the user asks, from the body's state at that moment, because "exact since t0" is what a
// user compares by eye; starting it at load time would hide the schemes switched in between.
// "Restart traces" starts every trace of the selected clump again from its state now: the
// polhode and herpolhode, and the ghost with its drift plot when it is on (as pressing "Exact
// ghost" would), so the ghost and the traces always share their start.
#include <QWidget>

#include "session/FrameSnapshot.h"
#include "session/TorqueFreeGhost.h"

class QLabel;
class QPushButton;

namespace tumble::ui {

class AngleDriftPlot;
class PoinsotView;

class RotationPanel : public QWidget {
    Q_OBJECT
public:
    explicit RotationPanel(QWidget* parent = nullptr);

    /// Follows snapshot s with body b selected (-1: none).
    void setSnapshot(const SnapshotPtr& s, int selectedBody);

    /// Starts the ghost from the selected body's current state; false when none is selected
    /// or its state is not in the last snapshot.
    bool startGhost();
    void stopGhost();
    /// "Restart traces": the Poinsot traces, and the ghost when it is on, again from the
    /// selected body's current state.
    void restartTraces();

    const TorqueFreeGhost& ghost() const { return m_ghost; }
    AngleDriftPlot* driftPlot() const { return m_plot; }
    PoinsotView* poinsotView() const { return m_poinsot; }
    QPushButton* ghostButton() const { return m_ghostButton; }
    QPushButton* restartButton() const { return m_restartButton; }
    QString statusText() const;

signals:
    /// The ghost started, stopped or moved: the 3D view should redraw it.
    void ghostChanged();

private:
    void refreshStatus();

    TorqueFreeGhost m_ghost;
    SnapshotPtr m_snapshot;
    int m_selected = -1;
    QLabel* m_status = nullptr;
    QPushButton* m_ghostButton = nullptr;
    QPushButton* m_restartButton = nullptr;
    AngleDriftPlot* m_plot = nullptr;
    PoinsotView* m_poinsot = nullptr;
};

} // namespace tumble::ui
