#pragma once
// CompareView: compare mode. One scene run in several lanes side by side: a grid of small 3D
// views (one per lane, cameras linked, each labelled with its scheme and dt in the lane's
// colour), the lanes' controls on the left (schemes, dt, damping, pause, remove, add), and the
// drift plot of every lane below. A lane's schemes and dt are the control panel's widgets
// (SchemePicker, DtField) in their compact look; each control sends one LiveParams to the lane.
//
// Design note. The lanes (LaneSet) run on their own threads; this widget only reads their
// snapshots and samples on a frame timer and never waits. Software OpenGL (llvmpipe) renders
// each view on the CPU, so a view is handed a new snapshot at most every kViewMs and repaints
// only when its snapshot or the shared camera changed. Camera linking: all views render
// through one vtkCamera (the first view's, adopted by each view after its first frame, so a
// view added later does not reset the others'); a drag in one view moves that camera and the
// frame timer repaints the others when its pose changed.
//
// Lane identity. A lane keeps its number (its LaneSet id + 1), its colour and its place for its
// whole life: through Restart, through a retune (a lane that blew up starts again in place), and
// through the removal of other lanes. Its name is the label of the schemes it runs, so it
// changes only when its schemes do. A new lane gets the next number never used in this compare
// run and the first colour no lane holds, and goes last.
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

#include "plot/DriftPlot.h"
#include "session/LaneSet.h"
#include "session/LaneSettings.h"
#include "session/PhasePoint.h"

class QComboBox;
class QDoubleSpinBox;
class QFrame;
class QGroupBox;
class QLabel;
class QPushButton;
class QTimer;
class QToolButton;
class QVBoxLayout;
class QGridLayout;
class vtkCamera;

namespace tumble::ui {

class DtField;
class SceneView;
class SchemePicker;

class CompareView : public QWidget {
    Q_OBJECT
public:
    /// Frame timer period, ms.
    static constexpr int kFrameMs = 16;
    /// Each view gets a new snapshot at most this often, ms (llvmpipe renders on the CPU).
    static constexpr int kViewMs = 50;
    /// The drift plot and the lanes' time labels are refreshed at most this often, ms.
    static constexpr int kTextMs = 100;

    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    /// Compares scene in lanes (at most LaneSet::kMaxLanes), replacing any running ones;
    /// playing. Lanes whose settings the core refuses are skipped and reported in the status.
    void start(Scene scene, const std::vector<LaneSettings>& lanes);
    /// The default lanes for scene: the presets euler, symplectic_euler, woo, pfc, pfc4, rk4 at
    /// the scene's dt.
    static std::vector<LaneSettings> defaultLanes(const Scene& scene);
    /// Lanes of the given presets: "PRESET" at the scene's dt, "PRESET@DT" at DT seconds,
    /// "PRESET@Fx" at F times the critical timestep (a dt factor the lane's Simulation resolves
    /// against its own); throws std::invalid_argument naming an unknown preset or a bad timestep.
    static std::vector<LaneSettings> presetLanes(const Scene& scene, const std::vector<std::string>& names);

    /// Adds a lane (from t = 0; the others wait until it caught up); its id, -1 when full or
    /// refused (the status says why).
    int addLane(const LaneSettings& settings);
    void removeLane(int id);
    /// A live change for lane id (schemes, dt, damping), applied between its steps by its
    /// Simulation, which validates it; a lane that blew up starts again from t = 0 with its
    /// settings and the change instead (same id, number, place and colour).
    void retuneLane(int id, const LiveParams& change);
    void setLanePaused(int id, bool paused);
    void setPlaying(bool playing);
    bool playing() const;
    /// Every lane again from the scene's initial state, with its current settings; each keeps
    /// its id, number, colour, name and place, and the run keeps playing or paused.
    void restart();
    /// Stops every lane (leaving compare mode); start() begins again.
    void stopAll();

    LaneSet* laneSet() const { return m_set.get(); }
    DriftPlot* driftPlot() const { return m_plot; }
    std::vector<int> laneIds() const;
    SceneView* laneView(int id) const;
    QLabel* laneTitle(int id) const;
    /// "t = ... s" while running, "unstable at t = ... s" once the lane blew up.
    QLabel* laneStatus(int id) const;
    /// Lane id's controls: its scheme picker, dt field and local damping (compact looks).
    SchemePicker* laneSchemes(int id) const;
    DtField* laneDtField(int id) const;
    QDoubleSpinBox* laneDamping(int id) const;
    QColor laneColour(int id) const;
    /// The number lane id is shown with ("Lane 3: pfc"), 1 for the first lane of a compare run.
    static int laneNumber(int id) { return id + 1; }
    /// The title of lane id's control box: "Lane N: label".
    QString laneBoxTitle(int id) const;
    /// Camera position, focal point and view-up of lane id's view (m, m, unit).
    std::array<double, 9> cameraPose(int id) const;
    /// True once lane id's view renders through the shared camera (after its first frame).
    bool cameraLinked(int id) const;
    /// The status line's text (errors, refusals).
    QString statusText() const;

    /// The colour of lane slot i (0..5): the same in the view's frame, its label and its curve.
    static QColor slotColour(int slot);

    /// The body every lane publishes in detail (its phase points: lanePhase); -1 none. Lanes
    /// added later take it too.
    void setSelectedBody(int body);
    int selectedBody() const { return m_selectedBody; }

signals:
    /// The user asked to go back to the single view.
    void exitRequested();
    /// Lane id's new phase points (the selected body's state at its energy samples), with the
    /// lane's name and colour.
    void lanePhase(int id, const QString& name, const QColor& colour,
                   const std::vector<tumble::ui::PhasePoint>& points);
    /// Lane id was removed.
    void laneRemoved(int id);

private:
    struct LaneUi;
    void onFrame();
    void buildLaneUi(int id);
    void laneRestarted(LaneUi& u);
    void layoutGrid();
    LaneUi* ui(int id) const;
    void showStatus(const QString& text);
    void syncCameras();

    std::unique_ptr<LaneSet> m_set;
    int m_selectedBody = -1;
    std::vector<std::unique_ptr<LaneUi>> m_lanes;
    QWidget* m_grid = nullptr;
    QGridLayout* m_gridLayout = nullptr;
    QVBoxLayout* m_laneControls = nullptr;
    DriftPlot* m_plot = nullptr;
    QLabel* m_sceneLabel = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_playButton = nullptr;
    QToolButton* m_addButton = nullptr;
    QComboBox* m_axisCombo = nullptr;
    QComboBox* m_termCombo = nullptr;
    QTimer* m_timer = nullptr;
    vtkCamera* m_camera = nullptr;         // shared by the views (reference held while linked)
    std::array<double, 10> m_cameraSeen{}; // pose last propagated
    qint64 m_paintFreeAtMs = 0;            // wall clock (ms) from which a view may get a new frame
    qint64 m_textAtMs = 0;                 // wall clock (ms) of the last plot and label refresh
};

} // namespace tumble::ui
