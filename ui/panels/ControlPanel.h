#pragma once
// ControlPanel: run controls, scene picker, timestep, integrator and damping, run status.
//
// Design note. The panel holds no simulation state: it emits requests (the main window turns
// them into live changes for the runner) and shows what the latest snapshot says is in force. A field the
// user is editing is left alone by those updates, so a snapshot never overwrites a half-typed
// value; every programmatic update blocks the widget's signals, so showing a value never
// sends it back as a request. Scheme and preset lists come from the core's registry, never
// from names written here.
//
// Built from the widgets the compare lanes use too: the timestep is a DtField and the schemes a
// SchemePicker (which decides scheme pairs: a preset, or rk4 with its rotation, goes out as one
// change; a pair the core would refuse is refused there, schemeRefused()). Every live change
// leaves as one LiveParams (liveChangeRequested()), which the main window hands to the runner
// and the core validates and applies.
#include <QList>
#include <QWidget>

#include <vector>

#include "panels/DtRatioState.h"
#include "plot/EnergyPlotMode.h"
#include "session/FrameSnapshot.h"
#include "sim/LiveParams.h"
#include "view3d/ColourMode.h"
#include "view3d/OverlayOptions.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tumble::ui {

class DtField;
class SchemePicker;

class ControlPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlPanel(QWidget* parent = nullptr);

    /// Shows the snapshot's time, step, rates, contacts, critical dt and parameters.
    void setSnapshot(const FrameSnapshot& snapshot);
    /// Shows which scene is loaded: a built-in id, or empty with a file's display name.
    void setCurrentScene(const QString& builtinId, const QString& displayName);
    /// The 3D view's frame rate, for the status lines.
    void setRenderRate(double framesPerSecond);
    /// Shows the view's colour mode (set from elsewhere, e.g. the command line).
    void showColourMode(ColourMode mode);
    /// Shows the energy plot's mode (set from elsewhere).
    void showEnergyPlotMode(EnergyPlotMode mode);
    /// Shows the 3D view's overlay options (triads, arrows, trail).
    void showOverlayOptions(const OverlayOptions& options);
    /// The overlay options the "Clump view" controls show.
    OverlayOptions overlayOptions() const;
    /// A message about the run (instability), shown in red until cleared with "".
    void setRunMessage(const QString& message);
    /// While a LAMMPS run is replayed the run, timestep, integrator and damping groups are
    /// disabled (the scene picker leaves the replay).
    void setReplay(bool replay);
    /// The energy balance error relative to |E0|, or to |E0| + |external work| when a drive did
    /// work (againstWork; the energy plot's last sample), shown in the Run group beside the time.
    void setBalanceError(double relative, bool againstWork = false);
    /// The speeds the Speed combo offers: simulated s per wall-clock s, fastest first; 0 (the
    /// last) is "as fast as possible".
    static const std::vector<double>& speeds();

    // for tests and keyboard shortcuts
    QLineEdit* dtField() const;
    QComboBox* translationBox() const;
    QComboBox* rotationBox() const;
    QComboBox* presetBox() const;
    QComboBox* sceneBox() const { return m_scene; }
    QDoubleSpinBox* localDampingBox() const { return m_localDamping; }
    QComboBox* localVariantBox() const { return m_localVariant; }
    QDoubleSpinBox* viscousDampingBox() const { return m_viscous; }
    QLabel* criticalDtLabel() const;
    QLabel* dtRatioLabel() const;
    QDoubleSpinBox* dtFactorBox() const;
    QComboBox* colourModeBox() const { return m_colourMode; }
    QComboBox* energyPlotModeBox() const { return m_energyPlotMode; }
    /// How often the energy is sampled for the plot and its CSV (every step's extremes are in
    /// each sample's band whatever the choice).
    QComboBox* sampleStrideBox() const { return m_sampleStride; }
    QComboBox* triadsBox() const { return m_triads; }
    QCheckBox* arrowsBox() const { return m_arrows; }
    QCheckBox* holdRangeBox() const { return m_holdRange; }
    QCheckBox* forceChainsBox() const { return m_forceChains; }
    QCheckBox* trailBox() const { return m_trail; }
    /// The short note under the local damping field (what it is for, what it spoils).
    QLabel* localDampingNote() const { return m_localNote; }
    QLabel* statusLabel() const { return m_status; }
    /// Slow motion: the real-time factor (SimulationRunner::setSpeed), beside the time.
    QComboBox* speedBox() const { return m_speed; }
    /// The Run group's readout: time, speed and balance error.
    QLabel* runReadout() const { return m_readout; }
    /// How the shown dt / dt_crit stands against the translation scheme's limit (its colour).
    DtRatioState dtRatioState() const;
    /// The timestep and the scheme widgets (shared with the compare lanes).
    DtField* timestep() const { return m_dtField; }
    SchemePicker* schemes() const { return m_schemes; }

signals:
    void playRequested();
    void pauseRequested();
    void stepRequested();
    void resetRequested();
    void builtinSceneRequested(const QString& id);
    void openFileRequested();
    /// A live change (timestep, schemes, damping) for the runner; the core validates it.
    void liveChangeRequested(const tumble::LiveParams& change);
    /// A choice the core would refuse was not sent; message says why (for the status bar).
    void schemeRefused(const QString& message);
    void colourModeRequested(tumble::ui::ColourMode mode);
    /// The user holds (or releases) the colour bar's range.
    void colourRangeHoldRequested(bool held);
    void energyPlotModeRequested(tumble::ui::EnergyPlotMode mode);
    void overlayOptionsRequested(const tumble::ui::OverlayOptions& options);
    /// Slow motion: at most factor simulated s per wall-clock s; 0: as fast as possible.
    void speedRequested(double factor);
    /// Steps between energy samples (0: the default interval, 1: every step).
    void sampleStrideRequested(int steps);

private:
    QList<QGroupBox*> m_simulationGroups; // what setReplay disables
    // the groups, top to bottom
    QGroupBox* runGroup();
    QGroupBox* sceneGroup();
    QGroupBox* timestepGroup();
    QGroupBox* integratorGroup();
    QGroupBox* dampingGroup();
    QGroupBox* viewGroup();
    QGroupBox* clumpViewGroup();
    QGroupBox* statusGroup();
    void commitLocalDamping();
    void showReadout(const FrameSnapshot& snapshot);

    QPushButton* m_play = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_reset = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_readout = nullptr;
    double m_balanceError = 0.0;       // relative to |E0| (+ |W| when m_balanceAgainstWork)
    bool m_balanceAgainstWork = false; // some external work was done
    QComboBox* m_scene = nullptr;
    QLabel* m_sceneInfo = nullptr;
    DtField* m_dtField = nullptr;
    SchemePicker* m_schemes = nullptr;
    QComboBox* m_colourMode = nullptr;
    QComboBox* m_energyPlotMode = nullptr;
    QComboBox* m_sampleStride = nullptr;
    QComboBox* m_triads = nullptr;
    QCheckBox* m_arrows = nullptr;
    QCheckBox* m_holdRange = nullptr;
    QCheckBox* m_forceChains = nullptr;
    QCheckBox* m_trail = nullptr;
    QDoubleSpinBox* m_localDamping = nullptr;
    QComboBox* m_localVariant = nullptr;
    QLabel* m_localNote = nullptr;
    QDoubleSpinBox* m_viscous = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_runMessage = nullptr;

    double m_renderFps = 0.0;
};

} // namespace tumble::ui
