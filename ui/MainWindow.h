#pragma once
// MainWindow: the 3D view in the centre, the energy plot below it, the control panel docked
// on the left, the body inspector docked on the right, a status bar; owns the simulation runner.
//
// Design note. The window is the only place that knows both sides: it hands the panel's
// requests to the runner (a live change as the one LiveParams the panel sent) and, on a frame timer, hands the latest
// snapshot to the views. The timer never waits: when the worker has nothing new, the tick does nothing. Scene files are
// parsed here, on the GUI thread, so a bad file is reported (a message box naming file, JSON
// path and problem) before the worker ever sees it, and the running scene stays.
// Selection: a click in the 3D view (or the inspector's keyboard picker) goes through
// selectBody(), which tells the worker (it publishes that body's state), the view (halo) and
// the inspector at once; a new scene clears it, a reset keeps it. A scene with a periodic cell
// shows the Cell docks (its panel's rate changes go to the runner like the panel's dt); a scene
// without one hides it. A bond, clicked in the view,
// goes the same way through selectBond() to the worker, the view (rim, frame, bending plane)
// and the bond inspector, a tab beside the body inspector that comes to the front.
#include <QByteArray>
#include <QFileDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

#include <memory>

#include "plot/EnergyPlotMode.h"
#include "session/FrameSnapshot.h"
#include "view3d/ColourMode.h"

class QLabel;
class QTimer;
class QStackedWidget;
class QDockWidget;
class QAction;

namespace tumble {
struct Scene;
}

namespace tumble::ui {

class BodyInspector;
class BondInspector;
class CellPanel;
class CompareView;
class ControlPanel;
class RotationPanel;
class PhasePanel;
class ReplayBar;
class ReplaySource;
class EnergyPlot;
class ExportMenu;
class HelpOverlay;
class SceneView;
class SimulationRunner;
class StressPlot;
class SweepPanel;
class TimelineBar;
class VelocityProfilePlot;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Frame timer period, ms (about 60 Hz).
    static constexpr int kFrameMs = 16;
    /// The window's size on a screen with room for it, px.
    static constexpr QSize kPreferredSize{1500, 940};
    /// The first window's size on a screen whose available area is available (px): the
    /// preferred size, shrunk to leave room for the window frame, at least 640x480.
    static QSize initialSize(const QSize& available);

    /// Makes VTK's OpenGL surface format the default; call before the QApplication exists.
    static void installSurfaceFormat();

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a built-in scene; false (and a message box) when it cannot be loaded.
    bool openBuiltinScene(const QString& id);
    /// Loads a scene file; false (and a message box) when it has an error.
    bool openSceneFile(const QString& path);

    /// Colours the 3D view by speed or by body; the panel's combo follows.
    void setColourMode(ColourMode mode);
    /// Draws the contact force chains over the spheres, or not (the panel's box follows).
    void setForceChains(bool on);
    /// Draws the energy plot as separate lines or stacked bands; the panel's combo follows.
    void setEnergyPlotMode(EnergyPlotMode mode);
    /// Starts the single view's run (what the play button does).
    void play();
    /// Starts the exact torque-free ghost of the selected body (the Rotation dock's button).
    void startGhost();
    /// Selects body b (-1 or out of range: none) in the worker, the 3D view and the inspector.
    void selectBody(int b);
    /// Selects the bond between the bodies with scene ids a and b (a < 0: none) in the worker,
    /// the 3D view and the bond inspector, and brings the bond inspector's tab to the front.
    void selectBond(int a, int b);

    SceneView* sceneView() const { return m_sceneView; }
    EnergyPlot* energyPlot() const { return m_energyPlot; }
    ControlPanel* controlPanel() const { return m_panel; }
    BodyInspector* inspector() const { return m_inspector; }
    BondInspector* bondInspector() const { return m_bondInspector; }
    RotationPanel* rotationPanel() const { return m_rotation; }
    PhasePanel* phasePanel() const { return m_phase; }
    QDockWidget* phaseDock() const { return m_phaseDock; }
    /// The periodic cell's docks, shown when a scene with a cell loads and hidden otherwise: the
    /// panel in a tab beside the inspector's, the velocity profile and stress plots beside the
    /// rotation dock.
    QDockWidget* cellDock() const { return m_cellDock; }
    QDockWidget* cellPlotsDock() const { return m_cellPlotsDock; }
    CellPanel* cellPanel() const { return m_cellPanel; }
    StressPlot* stressPlot() const { return m_stressPlot; }
    VelocityProfilePlot* velocityProfilePlot() const { return m_profilePlot; }
    /// The single view's runner (paced to real time).
    SimulationRunner* worker() const { return m_runner; }
    /// Compare mode (C): the current scene, as loaded, in several lanes side by side (lanes:
    /// preset names; empty: the default six) in place of the single view, whose run pauses.
    /// Off: back to the single view, which plays again if it played before; the lanes stop. False when it cannot start
    /// (no scene).
    bool setCompareMode(bool on, const QStringList& lanes = {});
    bool compareMode() const;
    /// The compare view (nullptr until compare mode was first entered).
    CompareView* compareView() const { return m_compare; }
    /// The convergence-sweep panel (a bottom dock, hidden until Run > Convergence sweep).
    SweepPanel* sweepPanel() const { return m_sweep; }
    /// The scene last loaded, as loaded (before any live change); null before the first.
    const Scene* currentScene() const { return m_scene.get(); }
    /// Every key and mouse action over the window (Help > Keys and mouse, F1 or ?).
    HelpOverlay* helpOverlay() const { return m_help; }
    /// Opens the keys and mouse help, or closes it.
    void toggleKeysHelp();

    /// Remembers this session for the next (QSettings of the application's organization and
    /// name): restores now the window's size, its docks' layout, the colour mode, the force
    /// chains and, with openLastScene, the scene last shown; saves them again on close. Off
    /// unless called (tumble calls it; tests and screenshots start from the defaults).
    void rememberSession(bool openLastScene);
    /// The docks back where a new window puts them (View > Reset layout).
    void resetLayout();
    /// The strip under the 3D view that scrubs through the recent states.
    TimelineBar* timelineBar() const { return m_timeline; }
    /// Memory the timeline's states may take, MB (Run > Timeline memory; remembered with the
    /// session).
    void setTimelineBudget(int megabytes);
    int timelineBudget() const { return m_timelineBudgetMb; }
    static constexpr int kMaxTimelineMb = 16384;
    /// Pauses the run and, once paused, shows the timeline's state fraction (0 the oldest, 1 the
    /// newest) of the way along it (tumble --scrub).
    void scrubTimeline(double fraction);
    /// File > Save state and Load state: non-blocking dialogs; the runner writes and reads.
    void saveStateDialog();
    void loadStateDialog();
    /// File > Export to LAMMPS: a non-blocking folder dialog, then exportToLammps.
    void exportLammpsDialog();
    /// Writes the scene, as loaded, as a LAMMPS run into dir (io/LammpsExport.h, the same as
    /// tumble-cli export-lammps); the status bar says what was written and how many things
    /// LAMMPS will not run the same. False, with a message box naming the problem, when the
    /// scene cannot be exported or dir cannot be written.
    bool exportToLammps(const QString& dir);
    /// The Export menu: plots to PNG, SVG, CSV, the 3D view to PNG, recording.
    ExportMenu* exportMenu() const { return m_exportMenu; }
    /// The snapshot on screen.
    SnapshotPtr shownSnapshot() const { return m_shown; }
    /// The last scene-error message box, while it is open.
    QMessageBox* errorBox() const { return m_errorBox; }
    /// The Open scene, Save state or Load state dialog, while it is open (non-blocking,
    /// window-modal).
    QFileDialog* fileDialog() const { return m_fileDialog; }
    /// Opens the Open scene dialog (the scene combo's last entry) and returns at once.
    void openFileDialog();
    /// The permanent run line in the status bar.
    QLabel* statusLine() const { return m_statusLine; }

    /// Replays a LAMMPS run (tumble --replay, File > Open LAMMPS run): the dump's frames in the
    /// 3D view with a bar to play, scrub and colour by any column, the thermo log's energies on
    /// the energy plot (log: "" takes log.lammps beside the dump when there is one), clumps from
    /// dump.bodies beside it; the simulation pauses and its controls are disabled until a scene is
    /// opened. Reading goes on in the background (session/ReplaySource.h). False, with a message
    /// box, when the dump cannot be read at all.
    bool openReplay(const QString& dump, const QString& log = QString());
    /// Leaves the replay (opening a scene does); the simulation's view and controls come back.
    void closeReplay();
    /// File > Open LAMMPS run: a non-blocking dialog for the dump, then openReplay.
    void openReplayDialog();
    bool replaying() const { return m_replay != nullptr; }
    ReplaySource* replaySource() const { return m_replay.get(); }
    ReplayBar* replayBar() const { return m_replayBar; }

    /// The whole window with the GL views' current frames, as on screen.
    QImage grabWindowImage();

protected:
    void closeEvent(QCloseEvent* event) override;
    void saveSession() const;

private:
    void onFrame();
    void showSceneError(const QString& title, const QString& text);
    void startScene(Scene scene, const QString& builtinId, const QString& displayName);
    /// The scene combo shows the scene that runs again (after a failed load or a cancelled dialog).
    void showRunningScene();
    /// The scene combo shows the scene from src ("builtin:<id>" or a file path).
    void showScene(const std::string& src);
    /// Shows page (the single view or the compare view) in the centre; the other asks for no room.
    void showCentrePage(QWidget* page);
    void togglePlay();
    void askTimelineBudget();
    /// The periodic cell's docks (hidden): its panel, and its two plots.
    void makeCellDocks();
    /// The overlay options of the control panel's clump view with the cell panel's images.
    void requestOverlayOptions();

    SimulationRunner* m_runner = nullptr;
    std::unique_ptr<ReplaySource> m_replay; // a LAMMPS run replayed in place of the runner
    ReplayBar* m_replayBar = nullptr;
    SceneView* m_sceneView = nullptr;
    TimelineBar* m_timeline = nullptr;
    int m_timelineBudgetMb = 256; // Timeline::kDefaultBudget
    EnergyPlot* m_energyPlot = nullptr;
    ControlPanel* m_panel = nullptr;
    BodyInspector* m_inspector = nullptr;
    BondInspector* m_bondInspector = nullptr;
    QDockWidget* m_inspectorDock = nullptr;
    QDockWidget* m_bondDock = nullptr;
    RotationPanel* m_rotation = nullptr;
    PhasePanel* m_phase = nullptr;
    bool m_rememberSession = false;
    QByteArray m_initialLayout; // saveState() of a new window, for resetLayout
    QDockWidget* m_phaseDock = nullptr;
    CellPanel* m_cellPanel = nullptr;
    StressPlot* m_stressPlot = nullptr;
    VelocityProfilePlot* m_profilePlot = nullptr;
    QDockWidget* m_cellDock = nullptr;
    QDockWidget* m_cellPlotsDock = nullptr;
    long long m_cellRevision = -1; // the scene revision the cell dock was last shown or hidden for
    bool m_cellScene = false;      // and whether that scene had a cell
    QLabel* m_statusLine = nullptr;
    ExportMenu* m_exportMenu = nullptr;
    HelpOverlay* m_help = nullptr;
    QTimer* m_frameTimer = nullptr;
    QStackedWidget* m_centre = nullptr; // the single view, or the compare view
    CompareView* m_compare = nullptr;
    QAction* m_compareAction = nullptr;
    QList<QPointer<QDockWidget>> m_hiddenDocks; // docks compare mode hid, shown again after
    SweepPanel* m_sweep = nullptr;
    std::shared_ptr<const Scene> m_scene;
    QPointer<QMessageBox> m_errorBox;
    QPointer<QFileDialog> m_fileDialog;
    SnapshotPtr m_shown;
    QString m_sceneName;
    bool m_showingInstability = false;
    bool m_resumeAfterCompare = false; // the single view played when compare mode began
};

} // namespace tumble::ui
