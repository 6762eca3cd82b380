#pragma once
// ControlPanel: run controls, scene picker, timestep, integrator and damping, run status.
//
// Design note. The panel holds no simulation state: it emits requests (the main window turns
// them into worker commands) and shows what the latest snapshot says is in force. A field the
// user is editing is left alone by those updates, so a snapshot never overwrites a half-typed
// value; every programmatic update blocks the widget's signals, so showing a value never
// sends it back as a request. Scheme and preset lists come from the core's registry, never
// from names written here.
//
// Schemes switch as pairs: a preset, or a translation that needs its own rotation (rk4 with
// rk4_quaternion), goes out as one schemesRequested(), so the worker never sees a half-switched
// pair the core refuses; a rotation the current translation cannot run with is refused here
// (schemeRefused()) and the combo goes back to the scheme in force.
#include <QWidget>

#include "panels/DtRatioState.h"
#include "plot/EnergyPlotMode.h"
#include "session/FrameSnapshot.h"
#include "view3d/ColourMode.h"
#include "view3d/OverlayOptions.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tumble::ui {

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

    // for tests and keyboard shortcuts
    QLineEdit* dtField() const { return m_dt; }
    QComboBox* translationBox() const { return m_translation; }
    QComboBox* rotationBox() const { return m_rotation; }
    QComboBox* presetBox() const { return m_preset; }
    QComboBox* sceneBox() const { return m_scene; }
    QDoubleSpinBox* localDampingBox() const { return m_localDamping; }
    QComboBox* localVariantBox() const { return m_localVariant; }
    QDoubleSpinBox* viscousDampingBox() const { return m_viscous; }
    QLabel* criticalDtLabel() const { return m_dtCrit; }
    QLabel* dtRatioLabel() const { return m_dtRatio; }
    QDoubleSpinBox* dtFactorBox() const { return m_dtFactor; }
    QComboBox* colourModeBox() const { return m_colourMode; }
    QComboBox* energyPlotModeBox() const { return m_energyPlotMode; }
    QComboBox* triadsBox() const { return m_triads; }
    QCheckBox* arrowsBox() const { return m_arrows; }
    QCheckBox* trailBox() const { return m_trail; }
    /// The short note under the local damping field (what it is for, what it spoils).
    QLabel* localDampingNote() const { return m_localNote; }
    QLabel* statusLabel() const { return m_status; }
    /// How the shown dt / dt_crit stands against the translation scheme's limit (its colour).
    DtRatioState dtRatioState() const { return m_ratioState; }

signals:
    void playRequested();
    void pauseRequested();
    void stepRequested();
    void resetRequested();
    void builtinSceneRequested(const QString& id);
    void openFileRequested();
    void dtRequested(double dt);
    void translationSchemeRequested(const QString& name);
    void rotationSchemeRequested(const QString& name);
    /// Both schemes in one command; label names the switch for the plot's marker.
    void schemesRequested(const QString& translation, const QString& rotation, const QString& label);
    /// A choice the core would refuse was not sent; message says why (for the status bar).
    void schemeRefused(const QString& message);
    void colourModeRequested(tumble::ui::ColourMode mode);
    void energyPlotModeRequested(tumble::ui::EnergyPlotMode mode);
    void overlayOptionsRequested(const tumble::ui::OverlayOptions& options);
    void localDampingRequested(double alpha, tumble::LocalDampingVariant variant);
    void viscousDampingRequested(double beta);

private:
    void commitDt();
    void commitLocalDamping();
    void commitDtFactor(double factor);
    void choosePreset(int index);
    void chooseTranslation(int index);
    void chooseRotation(int index);
    void showSchemes(const std::string& translation, const std::string& rotation);
    void syncPreset(const SimParams& p);
    void showRatio(double ratio, const std::string& translation);

    QPushButton* m_play = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_reset = nullptr;
    QComboBox* m_scene = nullptr;
    QLabel* m_sceneInfo = nullptr;
    QLineEdit* m_dt = nullptr;
    QLabel* m_dtCrit = nullptr;
    QLabel* m_dtRatio = nullptr;
    QDoubleSpinBox* m_dtFactor = nullptr;
    QComboBox* m_colourMode = nullptr;
    QComboBox* m_energyPlotMode = nullptr;
    QComboBox* m_triads = nullptr;
    QCheckBox* m_arrows = nullptr;
    QCheckBox* m_trail = nullptr;
    QComboBox* m_preset = nullptr;
    QComboBox* m_translation = nullptr;
    QComboBox* m_rotation = nullptr;
    QDoubleSpinBox* m_localDamping = nullptr;
    QComboBox* m_localVariant = nullptr;
    QLabel* m_localNote = nullptr;
    QDoubleSpinBox* m_viscous = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_runMessage = nullptr;

    double m_shownDt = 0.0;   // dt last shown from a snapshot, s
    double m_shownCrit = 0.0; // critical dt last shown, s
    bool m_loaded = false;
    SimParams m_params; // parameters in force at the last snapshot
    DtRatioState m_ratioState = DtRatioState::None;
    double m_renderFps = 0.0;
};

} // namespace tumble::ui
