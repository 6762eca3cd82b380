#include "compare/CompareView.h"

#include <QComboBox>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <vtkCamera.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "integrate/IntegratorRegistry.h"
#include "panels/DtField.h"
#include "panels/SchemePicker.h"
#include "sim/Simulation.h"
#include "view3d/SceneView.h"

namespace tumble::ui {

namespace {

vtkCamera* cameraOf(const SceneView* v)
{
    vtkRenderer* r = v->renderWindow()->GetRenderers()->GetFirstRenderer();
    return r ? r->GetActiveCamera() : nullptr;
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

// ------------------------------------------------------------------------------------------------
struct CompareView::LaneUi {
    int id = 0;
    int slot = 0;
    QFrame* tile = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;
    SceneView* view = nullptr;
    QGroupBox* box = nullptr;
    SchemePicker* schemes = nullptr;
    DtField* dt = nullptr;
    QDoubleSpinBox* damping = nullptr;
    QPushButton* pause = nullptr;
    QPushButton* remove = nullptr;
    SnapshotPtr shown;    // on the view
    SnapshotPtr statusOf; // on the status label
    qint64 shownAtMs = 0;
    bool cameraLinked = false;
    std::string shownName; // the settings' name on the title
    bool shownUnstable = false;
};

QColor CompareView::slotColour(int slot)
{
    // distinct on white and on the views' light grey, and in grey print by lightness
    static const QColor colours[LaneSet::kMaxLanes] = {QColor(214, 39, 40),  QColor(255, 127, 14),  QColor(44, 160, 44),
                                                       QColor(31, 119, 180), QColor(148, 103, 189), QColor(23, 23, 23)};
    return colours[std::clamp(slot, 0, LaneSet::kMaxLanes - 1)];
}

// ------------------------------------------------------------------------------------------------
CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    // left: run controls, plot options and one box per lane
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(6, 6, 6, 6);
    m_sceneLabel = new QLabel;
    m_sceneLabel->setWordWrap(true);
    QFont bold = m_sceneLabel->font();
    bold.setBold(true);
    m_sceneLabel->setFont(bold);
    leftLayout->addWidget(m_sceneLabel);
    auto* runRow = new QHBoxLayout;
    m_playButton = new QPushButton(tr("Pause"));
    m_playButton->setToolTip(tr("Play or pause every lane (they stay in lockstep)"));
    connect(m_playButton, &QPushButton::clicked, this, [this]() { setPlaying(!playing()); });
    auto* reset = new QPushButton(tr("Restart"));
    reset->setToolTip(tr("Start every lane again from the scene's initial state, with its settings"));
    connect(reset, &QPushButton::clicked, this, &CompareView::restart);
    m_addButton = new QToolButton;
    m_addButton->setText(tr("Add lane"));
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    auto* addMenu = new QMenu(m_addButton);
    for (const PresetInfo& p : presets())
        addMenu->addAction(qs(p.name), this, [this, name = p.name]() {
            if (m_set)
                addLane(LaneSettings::fromPreset(name, m_set->scene().params.dt));
        });
    m_addButton->setMenu(addMenu);
    auto* back = new QPushButton(tr("Single view"));
    back->setToolTip(tr("Leave compare mode (C)"));
    connect(back, &QPushButton::clicked, this, &CompareView::exitRequested);
    runRow->addWidget(m_playButton);
    runRow->addWidget(reset);
    runRow->addWidget(m_addButton);
    runRow->addWidget(back);
    leftLayout->addLayout(runRow);
    m_timeLabel = new QLabel;
    leftLayout->addWidget(m_timeLabel);

    auto* plotRow = new QHBoxLayout;
    m_axisCombo = new QComboBox;
    m_axisCombo->addItem(tr("log |drift|"));
    m_axisCombo->addItem(tr("linear drift"));
    m_termCombo = new QComboBox;
    for (DriftPlot::Term t : {DriftPlot::Term::None, DriftPlot::Term::Kinetic, DriftPlot::Term::Potential,
                              DriftPlot::Term::Elastic, DriftPlot::Term::Dissipated, DriftPlot::Term::Total})
        m_termCombo->addItem(t == DriftPlot::Term::None ? tr("no energy term") : DriftPlot::termName(t) + tr(" energy"),
                             int(t));
    plotRow->addWidget(new QLabel(tr("Plot:")));
    plotRow->addWidget(m_axisCombo);
    plotRow->addWidget(m_termCombo);
    leftLayout->addLayout(plotRow);

    auto* laneList = new QWidget;
    m_laneControls = new QVBoxLayout(laneList);
    m_laneControls->setContentsMargins(0, 0, 0, 0);
    m_laneControls->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(laneList);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftLayout->addWidget(scroll, 1);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setStyleSheet(QStringLiteral("color: #b02020;"));
    leftLayout->addWidget(m_status);
    left->setFixedWidth(340);

    // right: the lane views above the drift plot
    m_grid = new QWidget;
    m_gridLayout = new QGridLayout(m_grid);
    m_gridLayout->setContentsMargins(2, 2, 2, 2);
    m_gridLayout->setSpacing(4);
    m_plot = new DriftPlot;
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_grid);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(left);
    layout->addWidget(split, 1);

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_plot->setAxis(i == 0 ? DriftPlot::Axis::Log : DriftPlot::Axis::Linear); });
    connect(m_termCombo, &QComboBox::currentIndexChanged, this,
            [this](int) { m_plot->setTerm(DriftPlot::Term(m_termCombo->currentData().toInt())); });

    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &CompareView::onFrame);
}

CompareView::~CompareView()
{
    m_timer->stop();
    m_set.reset(); // lanes stop and join before the views go
    if (m_camera)
        m_camera->UnRegister(nullptr);
}

// ------------------------------------------------------------------------------------------------
std::vector<LaneSettings> CompareView::presetLanes(const Scene& scene, const std::vector<std::string>& names)
{
    std::vector<LaneSettings> lanes;
    for (const std::string& n : names) {
        // "PRESET", "PRESET@DT" (s) or "PRESET@Fx" (F times the scene's critical timestep)
        const std::size_t at = n.find('@');
        LaneSettings lane = LaneSettings::fromPreset(n.substr(0, at), scene.params.dt);
        if (at != std::string::npos) {
            std::string value = n.substr(at + 1);
            const bool factor = !value.empty() && value.back() == 'x';
            if (factor)
                value.pop_back();
            std::size_t used = 0;
            double v = 0.0;
            try {
                v = std::stod(value, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == 0 || used != value.size() || !std::isfinite(v) || v <= 0.0)
                throw std::invalid_argument("lane '" + n +
                                            "': the timestep after '@' must be a positive number of "
                                            "seconds, or a factor of the critical timestep like 0.5x");
            if (factor) { // the lane's Simulation takes it of its own critical timestep
                lane.live.dt.reset();
                lane.live.dtFactor = v;
            } else {
                lane.live.dt = v;
            }
        }
        lanes.push_back(std::move(lane));
    }
    return lanes;
}

std::vector<LaneSettings> CompareView::defaultLanes(const Scene& scene)
{
    return presetLanes(scene, defaultLanePresets());
}

void CompareView::start(Scene scene, const std::vector<LaneSettings>& lanes)
{
    stopAll();
    m_sceneLabel->setText(tr("Compare: %1").arg(qs(scene.name)));
    m_set = std::make_unique<LaneSet>(std::move(scene));
    m_plot->setSampleInterval(m_set->sampleInterval());
    showStatus(QString());
    for (const LaneSettings& s : lanes)
        addLane(s);
    setPlaying(true);
    m_timer->start(kFrameMs);
}

void CompareView::restart()
{
    if (!m_set)
        return;
    m_set->restart(); // same ids, order and parameters
    for (const auto& u : m_lanes)
        laneRestarted(*u);
    showStatus(QString());
}

void CompareView::laneRestarted(LaneUi& u)
{
    // a fresh runner under the same id: its curve starts again, its labels follow its snapshots
    m_plot->removeLane(u.id);
    m_plot->setLane(u.id, qs(u.shownName), slotColour(u.slot));
    u.shown.reset();
    u.statusOf.reset();
    u.shownUnstable = false;
    u.status->setStyleSheet(QString());
    u.status->setToolTip(QString());
    if (SimulationRunner* lane = m_set->lane(u.id))
        u.pause->setText(lane->paused() ? tr("Resume") : tr("Pause"));
}

void CompareView::stopAll()
{
    m_timer->stop();
    m_set.reset();
    for (auto& l : m_lanes) {
        delete l->tile;
        delete l->box;
    }
    m_lanes.clear();
    m_plot->clear();
    if (m_camera) {
        m_camera->UnRegister(nullptr);
        m_camera = nullptr;
    }
    m_cameraSeen = {};
}

int CompareView::addLane(const LaneSettings& settings)
{
    if (!m_set)
        return -1;
    if (m_set->laneCount() >= LaneSet::kMaxLanes) {
        showStatus(tr("At most %1 lanes.").arg(LaneSet::kMaxLanes));
        return -1;
    }
    int id = -1;
    try {
        id = m_set->addLane(settings); // the core validates the settings
    } catch (const std::exception& e) {
        showStatus(tr("Lane %1 refused: %2").arg(qs(settings.label), qs(e.what())));
        return -1;
    }
    buildLaneUi(id);
    layoutGrid();
    return id;
}

void CompareView::removeLane(int id)
{
    auto it = std::find_if(m_lanes.begin(), m_lanes.end(), [id](const auto& l) { return l->id == id; });
    if (it == m_lanes.end() || !m_set)
        return;
    m_set->removeLane(id);
    m_plot->removeLane(id);
    emit laneRemoved(id);
    if (m_camera && (*it)->cameraLinked && m_camera == cameraOf((*it)->view)) {
        // the view goes, the camera stays with the others (it is reference counted)
    }
    (*it)->tile->deleteLater();
    (*it)->box->deleteLater();
    m_lanes.erase(it);
    layoutGrid();
}

void CompareView::retuneLane(int id, const LiveParams& change)
{
    SimulationRunner* lane = m_set ? m_set->lane(id) : nullptr;
    if (!lane)
        return;
    showStatus(QString());
    if (lane->unstable()) {
        // a blown-up run cannot go on: the lane starts again from t = 0 with the new settings,
        // under its id (number, place, colour), and catches up with the others
        const LaneSettings settings =
            LaneSettings::inForce(LaneSettings{{}, change}.over(lane->params(), m_set->criticalDt()));
        try {
            m_set->restartLane(id, settings); // the core validates the settings
        } catch (const std::exception& e) {
            showStatus(tr("Lane %1 refused: %2").arg(laneNumber(id)).arg(qs(e.what())));
            return;
        }
        if (LaneUi* u = ui(id))
            laneRestarted(*u);
        return;
    }
    lane->apply(change);
}

void CompareView::setLanePaused(int id, bool paused)
{
    if (SimulationRunner* lane = m_set ? m_set->lane(id) : nullptr) {
        lane->setPaused(paused);
        if (LaneUi* u = ui(id))
            u->pause->setText(paused ? tr("Resume") : tr("Pause"));
    }
}

void CompareView::setPlaying(bool on)
{
    if (m_set)
        m_set->setPlaying(on);
    m_playButton->setText(on ? tr("Pause") : tr("Play"));
}

bool CompareView::playing() const
{
    return m_set && m_set->playing();
}

// ------------------------------------------------------------------------------------------------
void CompareView::setSelectedBody(int body)
{
    m_selectedBody = body;
    if (m_set)
        for (const auto& u : m_lanes)
            if (SimulationRunner* lane = m_set->lane(u->id))
                lane->selectBody(body);
}

void CompareView::buildLaneUi(int id)
{
    const LaneSettings s = LaneSettings::inForce(m_set->lane(id)->params());
    m_set->lane(id)->selectBody(m_selectedBody); // its phase points
    auto u = std::make_unique<LaneUi>();
    u->id = id;
    // the lowest colour no lane holds; the lane goes last
    for (int slot = LaneSet::kMaxLanes - 1; slot >= 0; --slot)
        if (std::none_of(m_lanes.begin(), m_lanes.end(), [slot](const auto& l) { return l->slot == slot; }))
            u->slot = slot;
    const QColor colour = slotColour(u->slot);
    const QString hex = colour.name();

    // the tile: title, view, status, in a frame of the lane's colour
    u->tile = new QFrame;
    u->tile->setObjectName(QStringLiteral("laneTile"));
    u->tile->setStyleSheet(QStringLiteral("QFrame#laneTile { border: 3px solid %1; border-radius: 3px; }").arg(hex));
    auto* tl = new QVBoxLayout(u->tile);
    tl->setContentsMargins(3, 2, 3, 3);
    tl->setSpacing(2);
    u->title = new QLabel;
    u->title->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(hex));
    u->status = new QLabel;
    u->status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // neither label may widen the tile: six tiles in three columns must fit a 1280 px window
    // beside the lane controls without growing it (issue 25); the title is clipped, its tooltip
    // and the lane's box say it whole
    u->title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    u->title->setMinimumWidth(0);
    u->view = new SceneView;
    u->view->setCompact(true); // small: the tile's title says scheme and dt
    // the lanes' views share one vtkCamera and edit it directly: they render on the GUI thread
    u->view->setThreadedRendering(false);
    u->view->setMinimumSize(160, 120);
    // the title above the view, the status ("t = ...", "unstable at t = ...") below it
    tl->addWidget(u->title);
    tl->addWidget(u->view, 1);
    tl->addWidget(u->status);

    // the controls: the panel's scheme picker and dt field, compact, in the lane's colour
    u->box = new QGroupBox;
    u->box->setStyleSheet(QStringLiteral("QGroupBox { border: 2px solid %1; border-radius: 3px; margin-top: 1.1em; }"
                                         "QGroupBox::title { color: %1; subcontrol-origin: margin; left: 6px; }")
                              .arg(hex));
    auto* boxLayout = new QVBoxLayout(u->box);
    boxLayout->setContentsMargins(6, 4, 6, 4);
    u->schemes = new SchemePicker(SchemePicker::Look::Compact);
    u->dt = new DtField(DtField::Look::Compact);
    u->damping = new QDoubleSpinBox;
    u->damping->setRange(0.0, 0.99);
    u->damping->setSingleStep(0.05);
    u->damping->setDecimals(2);
    u->damping->setToolTip(tr("Cundall local damping alpha"));
    u->pause = new QPushButton(tr("Pause"));
    u->pause->setToolTip(tr("Pause this lane; the others go on, it catches up when resumed"));
    u->remove = new QPushButton(tr("Remove"));
    // beside the picker's combos: preset | pause remove; translation | rotation; dt | damping
    QGridLayout* form = u->schemes->grid();
    form->addWidget(u->pause, 0, 2);
    form->addWidget(u->remove, 0, 3);
    form->addWidget(new QLabel(tr("dt (s)")), 2, 0);
    form->addWidget(u->dt, 2, 1);
    form->addWidget(new QLabel(tr("local \xce\xb1")), 2, 2);
    form->addWidget(u->damping, 2, 3);
    boxLayout->addWidget(u->schemes);
    m_laneControls->insertWidget(int(m_lanes.size()), u->box);

    u->schemes->showInForce(*s.live.translation, *s.live.rotation);
    u->dt->showInForce(*s.live.dt, m_set->criticalDt(), *s.live.translation);
    {
        const QSignalBlocker block(u->damping);
        u->damping->setValue(*s.live.localDamping);
    }
    const int laneId = id;
    const auto retune = [this, laneId](const LiveParams& change) { retuneLane(laneId, change); };
    connect(u->schemes, &SchemePicker::changeRequested, this, retune);
    connect(u->schemes, &SchemePicker::refused, this, &CompareView::showStatus);
    connect(u->dt, &DtField::changeRequested, this, retune);
    connect(u->damping, &QDoubleSpinBox::valueChanged, this, [retune](double alpha) {
        LiveParams change;
        change.localDamping = alpha;
        retune(change);
    });
    connect(u->pause, &QPushButton::clicked, this, [this, laneId]() {
        if (SimulationRunner* lane = m_set ? m_set->lane(laneId) : nullptr)
            setLanePaused(laneId, !lane->paused());
    });
    connect(u->remove, &QPushButton::clicked, this, [this, laneId]() { removeLane(laneId); });

    m_plot->setLane(id, qs(s.displayName()), colour);
    m_lanes.push_back(std::move(u));
}

void CompareView::layoutGrid()
{
    while (m_gridLayout->count() > 0)
        delete m_gridLayout->takeAt(0);
    const int n = int(m_lanes.size());
    const int columns = n <= 1 ? 1 : n <= 4 ? 2 : 3;
    for (int i = 0; i < n; ++i)
        m_gridLayout->addWidget(m_lanes[std::size_t(i)]->tile, i / columns, i % columns);
    for (int c = 0; c < 3; ++c)
        m_gridLayout->setColumnStretch(c, c < columns ? 1 : 0);
}

CompareView::LaneUi* CompareView::ui(int id) const
{
    for (const auto& l : m_lanes)
        if (l->id == id)
            return l.get();
    return nullptr;
}

void CompareView::showStatus(const QString& text)
{
    m_status->setText(text);
}
QString CompareView::statusText() const
{
    return m_status->text();
}

std::vector<int> CompareView::laneIds() const
{
    std::vector<int> ids;
    for (const auto& l : m_lanes)
        ids.push_back(l->id);
    return ids;
}

SceneView* CompareView::laneView(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->view : nullptr;
}
QLabel* CompareView::laneTitle(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->title : nullptr;
}
QLabel* CompareView::laneStatus(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->status : nullptr;
}
SchemePicker* CompareView::laneSchemes(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->schemes : nullptr;
}
DtField* CompareView::laneDtField(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->dt : nullptr;
}
QDoubleSpinBox* CompareView::laneDamping(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->damping : nullptr;
}
QColor CompareView::laneColour(int id) const
{
    LaneUi* u = ui(id);
    return u ? slotColour(u->slot) : QColor();
}
QString CompareView::laneBoxTitle(int id) const
{
    LaneUi* u = ui(id);
    return u ? u->box->title() : QString();
}

bool CompareView::cameraLinked(int id) const
{
    LaneUi* u = ui(id);
    return u && u->cameraLinked;
}

std::array<double, 9> CompareView::cameraPose(int id) const
{
    std::array<double, 9> pose{};
    LaneUi* u = ui(id);
    vtkCamera* c = u ? cameraOf(u->view) : nullptr;
    if (!c)
        return pose;
    c->GetPosition(&pose[0]);
    c->GetFocalPoint(&pose[3]);
    c->GetViewUp(&pose[6]);
    return pose;
}

// ------------------------------------------------------------------------------------------------
void CompareView::onFrame()
{
    if (!m_set)
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    LaneUi* next = nullptr;
    // the plot and the labels at most every kTextMs (a blow-up shows at once)
    const bool refresh = now - m_textAtMs >= kTextMs;
    if (refresh)
        m_textAtMs = now;
    for (const auto& up : m_lanes) {
        LaneUi& u = *up;
        SimulationRunner* lane = m_set->lane(u.id);
        if (!lane)
            continue;
        if (refresh) {
            const std::vector<LaneSample> samples = lane->takeSamples();
            m_plot->appendSamples(u.id, samples);
            if (m_selectedBody >= 0) {
                std::vector<PhasePoint> points;
                points.reserve(samples.size());
                for (const LaneSample& sample : samples)
                    points.push_back(sample.phase);
                emit lanePhase(u.id, qs(LaneSettings::inForce(lane->params()).displayName()), slotColour(u.slot),
                               points);
            }
        }
        const LaneSettings set = LaneSettings::inForce(lane->params());
        const SnapshotPtr s = lane->latestSnapshot();
        const bool unstable = s && !s->instabilityMessage.empty();
        if (s && s != u.statusOf && (refresh || unstable != u.shownUnstable)) {
            u.statusOf = s;
            if (unstable) {
                u.status->setText(tr("unstable at t = %1 s").arg(s->time, 0, 'g', 4));
                u.status->setStyleSheet(
                    QStringLiteral("color: white; background: #c02020; font-weight: bold; padding: 0 4px;"));
                u.status->setToolTip(qs(s->instabilityMessage));
                if (!u.shownUnstable)
                    showStatus(tr("Lane %1: %2").arg(qs(set.label), qs(s->instabilityMessage)));
            } else {
                u.status->setText(tr("t = %1 s").arg(s->time, 0, 'f', 3));
                u.status->setStyleSheet(QString());
                u.status->setToolTip(tr("step %1").arg(s->step));
            }
            u.shownUnstable = unstable;
        }
        // the view that has waited longest for a new frame
        if (s && s != u.shown && (!next || u.shownAtMs < next->shownAtMs))
            next = &u;
        const std::string name = set.displayName();
        if (name != u.shownName) {
            u.shownName = name;
            u.title->setText(qs(name));
            u.title->setToolTip(qs(name));
            u.box->setTitle(tr("Lane %1: %2").arg(laneNumber(u.id)).arg(qs(set.label)));
            m_plot->setLane(u.id, qs(name), slotColour(u.slot));
            // the controls follow what the lane accepted
            u.schemes->showInForce(*set.live.translation, *set.live.rotation);
            u.dt->showInForce(*set.live.dt, m_set->criticalDt(), *set.live.translation);
            const QSignalBlocker block(u.damping);
            u.damping->setValue(*set.live.localDamping);
        }
        if (const std::string e = lane->lastError(); !e.empty() && statusText().isEmpty())
            showStatus(tr("Lane %1 refused: %2").arg(qs(set.label), qs(e)));
        u.pause->setEnabled(!lane->unstable());
    }
    // one view gets a new frame per turn, and the views paint at most half of the GUI's time
    // (llvmpipe renders on the CPU: a small view takes tens of ms)
    if (next && now >= m_paintFreeAtMs) {
        next->shown = next->statusOf;
        next->shownAtMs = now;
        next->view->setSnapshot(next->shown);
        const qint64 perView = std::max<qint64>(kViewMs / qint64(m_lanes.size()), 1);
        m_paintFreeAtMs = now + std::max<qint64>(perView, qint64(2.0 * next->view->paintMilliseconds()));
    }
    m_timeLabel->setText(tr("shared time %1 s%2")
                             .arg(m_set->targetTime(), 0, 'f', 3)
                             .arg(m_set->playing() ? QString() : tr(" (paused)")));
    m_addButton->setEnabled(m_set->laneCount() < LaneSet::kMaxLanes);
    syncCameras();
}

void CompareView::syncCameras()
{
    // adopt the shared camera once a view has drawn its first frame (its own reset done)
    for (const auto& u : m_lanes) {
        if (u->cameraLinked || !u->shown || u->view->frameCount() == 0)
            continue;
        vtkRenderer* r = u->view->renderWindow()->GetRenderers()->GetFirstRenderer();
        if (!r)
            continue;
        if (!m_camera) {
            m_camera = r->GetActiveCamera();
            m_camera->Register(nullptr);
        } else {
            r->SetActiveCamera(m_camera);
            u->view->update();
        }
        u->cameraLinked = true;
    }
    if (!m_camera)
        return;
    // the pose changed (a drag or wheel in one view): repaint the others
    std::array<double, 10> pose{};
    m_camera->GetPosition(&pose[0]);
    m_camera->GetFocalPoint(&pose[3]);
    m_camera->GetViewUp(&pose[6]);
    pose[9] = m_camera->GetViewAngle();
    if (pose != m_cameraSeen) {
        m_cameraSeen = pose;
        for (const auto& u : m_lanes)
            if (u->cameraLinked)
                u->view->update();
    }
}

} // namespace tumble::ui
