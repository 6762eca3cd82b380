#include "panels/ControlPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QVBoxLayout>

#include "panels/DtField.h"
#include "panels/PanelLayout.h"
#include "panels/SchemePicker.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"

namespace tumble::ui {

namespace {

// the scene combo's last entry opens a file dialog
const QString kOpenFileId = QStringLiteral("::open-file");

QGroupBox* group(const QString& title, QLayout* layout)
{
    auto* box = new QGroupBox(title);
    box->setLayout(layout);
    return box;
}

// a group holding one widget that lays out its own rows
QGroupBox* group(const QString& title, QWidget* content)
{
    auto* layout = new QVBoxLayout;
    layout->addWidget(content);
    return group(title, layout);
}

} // namespace

// ------------------------------------------------------------------------------------------------
ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent)
{
    auto* root = new QVBoxLayout(this);
    root->setContentsMargins(8, 8, 8, 8);
    root->setSpacing(10);
    QGroupBox* run = runGroup();
    QGroupBox* scene = sceneGroup();
    QGroupBox* timestep = timestepGroup();
    QGroupBox* integrator = integratorGroup();
    QGroupBox* damping = dampingGroup();
    m_simulationGroups = {run, timestep, integrator, damping};
    for (QGroupBox* g : {run, scene, timestep, integrator, damping, viewGroup(), clumpViewGroup(), statusGroup()})
        root->addWidget(g);
    root->addStretch(1);
    setSnapshot(FrameSnapshot{});
}

// run controls
QGroupBox* ControlPanel::runGroup()
{
    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    m_play = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_pause = new QPushButton(style()->standardIcon(QStyle::SP_MediaPause), tr("Pause"));
    m_step = new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Step"));
    m_reset = new QPushButton(style()->standardIcon(QStyle::SP_BrowserReload), tr("Reset"));
    m_play->setToolTip(tr("Run the simulation (Space)"));
    m_pause->setToolTip(tr("Pause (Space)"));
    m_step->setToolTip(tr("Advance one timestep, then pause (S)"));
    m_reset->setToolTip(tr("Back to the scene's initial state, keeping the current "
                           "parameters (R)"));
    for (QPushButton* b : {m_play, m_pause, m_step, m_reset}) {
        b->setFocusPolicy(Qt::NoFocus); // Space stays the play/pause shortcut
        row->addWidget(b);
    }
    connect(m_play, &QPushButton::clicked, this, &ControlPanel::playRequested);
    connect(m_pause, &QPushButton::clicked, this, &ControlPanel::pauseRequested);
    connect(m_step, &QPushButton::clicked, this, &ControlPanel::stepRequested);
    connect(m_reset, &QPushButton::clicked, this, &ControlPanel::resetRequested);

    // slow motion for a projector: throttles the worker, never dt or the physics
    m_speed = new QComboBox;
    for (double f : speeds())
        m_speed->addItem(f > 0.0 ? QStringLiteral("%1x").arg(f) : tr("as fast as possible"), f);
    m_speed->setCurrentIndex(0);
    m_speed->setToolTip(tr("Slow motion: simulated seconds per wall-clock second, from real time (1x) down to "
                           "0.001x, or as fast as the machine steps. The timestep and the physics stay the same; "
                           "only the pace of the run changes."));
    connect(m_speed, &QComboBox::activated, this,
            [this](int i) { emit speedRequested(m_speed->itemData(i).toDouble()); });
    auto* speedRow = new QHBoxLayout;
    speedRow->addWidget(new QLabel(tr("Speed")));
    speedRow->addWidget(m_speed, 1);

    // what matters while it runs, without scrolling: time, pace, energy balance
    m_readout = new QLabel;
    m_readout->setTextFormat(Qt::RichText);
    m_readout->setToolTip(tr("Simulated time, the pace reached (simulated s per wall-clock s), and the energy "
                             "balance error (total + dissipated - external work - E0) relative to |E0| (to |E0| + "
                             "|W| once a driven body did work W), as the energy plot's lower panel shows it."));

    auto* col = new QVBoxLayout;
    col->addLayout(row);
    col->addLayout(speedRow);
    col->addWidget(m_readout);
    return group(tr("Run"), col);
}

const std::vector<double>& ControlPanel::speeds()
{
    static const std::vector<double> s{1.0, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0};
    return s;
}

void ControlPanel::setBalanceError(double relative, bool againstWork)
{
    m_balanceError = relative;
    m_balanceAgainstWork = againstWork;
}

void ControlPanel::showReadout(const FrameSnapshot& s)
{
    const bool loaded = s.scene != nullptr;
    if (!loaded) {
        m_readout->setText(tr("no scene"));
        return;
    }
    // the pace reached: steps per wall second times dt (simulated s per wall s)
    const double reached = s.stepsPerSecond * s.params.dt;
    QString pace;
    if (s.playing) {
        const bool behind = s.speed > 0.0 && reached < 0.9 * s.speed;
        pace = s.speed <= 0.0 ? tr("%1x, unpaced").arg(shortNumber(reached, 2))
               : behind       ? tr("%1x of %2x asked").arg(shortNumber(reached, 2)).arg(s.speed)
                              : tr("%1x").arg(s.speed);
    } else {
        pace = tr("paused");
    }
    m_readout->setText(tr("t = <b>%1 s</b> &nbsp;(%2)<br>balance error <b>%3</b> %4")
                           .arg(QString::number(s.time, 'f', 5))
                           .arg(pace)
                           .arg(shortNumber(m_balanceError, 2))
                           .arg(m_balanceAgainstWork ? tr("(|E0| + |W|)") : tr("|E0|")));
}

// scene picker: built-in scenes, then a file
QGroupBox* ControlPanel::sceneGroup()
{
    auto* col = new QVBoxLayout;
    m_scene = new QComboBox;
    for (const BuiltinSceneInfo& s : builtinScenes()) {
        m_scene->addItem(QString::fromStdString(s.name), QString::fromStdString(s.id));
        m_scene->setItemData(m_scene->count() - 1, QString::fromStdString(s.description), Qt::ToolTipRole);
    }
    m_scene->insertSeparator(m_scene->count());
    m_scene->addItem(tr("Open file\xe2\x80\xa6"), kOpenFileId);
    m_sceneInfo = new QLabel;
    m_sceneInfo->setWordWrap(true);
    m_sceneInfo->setStyleSheet(QStringLiteral("color: #505560;"));
    m_sceneInfo->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    col->addWidget(m_scene);
    col->addWidget(m_sceneInfo);
    connect(m_scene, &QComboBox::activated, this, [this](int index) {
        const QString id = m_scene->itemData(index).toString();
        if (id == kOpenFileId)
            emit openFileRequested();
        else if (!id.isEmpty())
            emit builtinSceneRequested(id);
    });
    return group(tr("Scene"), col);
}

// timestep with the critical timestep beside it (the lanes use the same field)
QGroupBox* ControlPanel::timestepGroup()
{
    m_dtField = new DtField(DtField::Look::Form);
    connect(m_dtField, &DtField::changeRequested, this, &ControlPanel::liveChangeRequested);
    return group(tr("Timestep"), m_dtField);
}

// integrator: preset, then the two schemes, all from the registry (the lanes use the same picker)
QGroupBox* ControlPanel::integratorGroup()
{
    m_schemes = new SchemePicker(SchemePicker::Look::Form);
    connect(m_schemes, &SchemePicker::changeRequested, this, &ControlPanel::liveChangeRequested);
    connect(m_schemes, &SchemePicker::refused, this, &ControlPanel::schemeRefused);
    return group(tr("Integrator"), m_schemes);
}

// damping
QGroupBox* ControlPanel::dampingGroup()
{
    QFormLayout* f = panelForm();
    m_localDamping = new QDoubleSpinBox;
    m_localDamping->setRange(0.0, 0.99);
    m_localDamping->setSingleStep(0.05);
    m_localDamping->setDecimals(3);
    m_localDamping->setKeyboardTracking(false);
    const QString localTip = tr("Cundall local non-viscous damping, alpha in [0, 1): each component of the "
                                "unbalanced force is reduced by alpha |F| against the velocity. Meant for "
                                "quasi-static runs, packings coming to rest. It spoils free fall and ballistic "
                                "motion: a falling sphere falls with acceleration (1 - alpha) g, and every "
                                "dynamic result is damped alike. Keep it 0 for dynamics.");
    m_localDamping->setToolTip(localTip);
    m_localVariant = new QComboBox;
    m_localVariant->addItem(QStringLiteral("pfc"), int(LocalDampingVariant::Pfc));
    m_localVariant->addItem(QStringLiteral("woo"), int(LocalDampingVariant::Woo));
    m_localVariant->setItemData(0,
                                tr("sign of the velocity held at force evaluation "
                                   "(half-step for Verlet)"),
                                Qt::ToolTipRole);
    m_localVariant->setItemData(1, tr("sign of the on-step velocity estimate"), Qt::ToolTipRole);
    m_localVariant->setToolTip(localTip);
    auto* localRow = new QHBoxLayout;
    localRow->addWidget(m_localDamping, 1);
    localRow->addWidget(m_localVariant);
    f->addRow(tr("Local"), localRow);
    // visible, not only in the tooltip: a non-zero alpha silently slows every fall
    m_localNote = new QLabel(tr("Quasi-static runs only (packings coming to rest): a "
                                "falling sphere falls at (1 \xe2\x88\x92 \xce\xb1) g."));
    m_localNote->setWordWrap(true);
    m_localNote->setToolTip(localTip);
    m_localNote->setStyleSheet(QStringLiteral("color: #505560; font-size: small;"));
    f->addRow(QString(), m_localNote);
    m_viscous = new QDoubleSpinBox;
    m_viscous->setRange(0.0, 1e6);
    m_viscous->setDecimals(3);
    m_viscous->setSingleStep(0.5);
    m_viscous->setSuffix(tr(" 1/s"));
    m_viscous->setKeyboardTracking(false);
    m_viscous->setToolTip(tr("Global viscous damping rate beta: F -= beta m v (1/s)"));
    f->addRow(tr("Viscous"), m_viscous);
    connect(m_localDamping, &QDoubleSpinBox::valueChanged, this, &ControlPanel::commitLocalDamping);
    connect(m_localVariant, &QComboBox::activated, this, &ControlPanel::commitLocalDamping);
    connect(m_viscous, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        LiveParams change;
        change.viscousDamping = v;
        emit liveChangeRequested(change);
    });
    return group(tr("Damping"), f);
}

// view: what the sphere colours show
QGroupBox* ControlPanel::viewGroup()
{
    QFormLayout* f = panelForm();
    m_colourMode = new QComboBox;
    m_colourMode->addItem(tr("speed"), int(ColourMode::Speed));
    m_colourMode->addItem(tr("body"), int(ColourMode::Body));
    m_colourMode->setItemData(0, tr("|v| of each body, cool (rest) to warm (fastest)"), Qt::ToolTipRole);
    m_colourMode->setItemData(1, tr("one colour per body: the spheres of a clump alike"), Qt::ToolTipRole);
    m_colourMode->addItem(tr("speed rel. medium"), int(ColourMode::FluctuationSpeed));
    m_colourMode->setItemData(2,
                              tr("|v - L x|: each body's speed relative to the periodic cell's deforming "
                                 "medium (its fluctuation velocity); plain speed in a scene without a cell"),
                              Qt::ToolTipRole);
    const struct {
        const char* name;
        ColourMode mode;
        const char* tip;
    } quantities[] = {
        {QT_TR_NOOP("spin rate"), ColourMode::SpinRate, QT_TR_NOOP("|w| of each body, rad/s")},
        {QT_TR_NOOP("kinetic energy"), ColourMode::KineticEnergy, QT_TR_NOOP("1/2 m v^2 + 1/2 w . L of each body, J")},
        {QT_TR_NOOP("coordination"), ColourMode::Coordination,
         QT_TR_NOOP("the number of other bodies each body touches (walls not counted)")},
        {QT_TR_NOOP("net force"), ColourMode::NetForce,
         QT_TR_NOOP("|F|, the total load on each body (contacts, gravity, damping), N")},
        {QT_TR_NOOP("height"), ColourMode::Height,
         QT_TR_NOOP("each body's centre along up (against gravity; z without gravity), m")},
        {QT_TR_NOOP("body id"), ColourMode::BodyId,
         QT_TR_NOOP("each body's id in the scene, through the scale: shows how the bodies mix")},
    };
    for (const auto& q : quantities) {
        m_colourMode->addItem(tr(q.name), int(q.mode));
        m_colourMode->setItemData(m_colourMode->count() - 1, tr(q.tip), Qt::ToolTipRole);
    }
    m_holdRange = new QCheckBox(tr("hold"));
    m_holdRange->setToolTip(tr("Hold the colour bar's range where it is, so frames compare colour for colour; "
                               "unchecked it follows the values, growing at once and shrinking over a second"));
    auto* colourRow = new QHBoxLayout;
    colourRow->setContentsMargins(0, 0, 0, 0);
    colourRow->addWidget(m_colourMode, 1);
    colourRow->addWidget(m_holdRange);
    f->addRow(tr("Colour by"), colourRow);
    connect(m_colourMode, &QComboBox::activated, this,
            [this](int i) { emit colourModeRequested(static_cast<ColourMode>(m_colourMode->itemData(i).toInt())); });
    connect(m_holdRange, &QCheckBox::toggled, this, &ControlPanel::colourRangeHoldRequested);
    m_forceChains = new QCheckBox(tr("force chains"));
    m_forceChains->setToolTip(tr("A line between the centres of every two touching bodies, wider and warmer with "
                                 "the normal spring force (scale on the left of the view)"));
    f->addRow(tr("Contacts"), m_forceChains);
    connect(m_forceChains, &QCheckBox::toggled, this, [this]() { emit overlayOptionsRequested(overlayOptions()); });
    m_energyPlotMode = new QComboBox;
    m_energyPlotMode->addItem(tr("separate lines"), int(EnergyPlotMode::Separate));
    m_energyPlotMode->addItem(tr("stacked"), int(EnergyPlotMode::Stacked));
    m_energyPlotMode->setItemData(0, tr("one line per energy term, and the total"), Qt::ToolTipRole);
    m_energyPlotMode->setItemData(1,
                                  tr("the terms piled up as bands; the top edge is "
                                     "total + dissipated"),
                                  Qt::ToolTipRole);
    m_energyPlotMode->setToolTip(tr("How the energy plot draws the ledger. Separate: one line per term (kinetic, "
                                    "gravity potential, each elastic spring and dissipation mechanism, external "
                                    "work) and the total. Stacked: the same terms piled up as bands, gravity "
                                    "potential measured from its lowest value in the run, so the top edge is "
                                    "total + dissipated; it stays flat while the energy balance closes and no "
                                    "external work is done. Terms that have been zero all run are not shown."));
    f->addRow(tr("Energy plot"), m_energyPlotMode);
    connect(m_energyPlotMode, &QComboBox::activated, this, [this](int i) {
        emit energyPlotModeRequested(static_cast<EnergyPlotMode>(m_energyPlotMode->itemData(i).toInt()));
    });
    // the sampling the plot and its CSV export use; each sample's band holds every step anyway
    m_sampleStride = new QComboBox;
    m_sampleStride->addItem(tr("default (every %1 steps at the scene's dt)").arg(SimulationRunner::kStepsPerSample), 0);
    for (int n : {1, 10, 100})
        m_sampleStride->addItem(n == 1 ? tr("every step") : tr("every %1 steps").arg(n), n);
    m_sampleStride->setToolTip(tr("How often the energy plot and its CSV export take a sample. Whatever the choice, "
                                  "each sample's band holds the lowest and highest value of every step since the "
                                  "previous sample. Every step gives the CSV every step's energy."));
    f->addRow(tr("Samples"), m_sampleStride);
    connect(m_sampleStride, &QComboBox::activated, this,
            [this](int i) { emit sampleStrideRequested(m_sampleStride->itemData(i).toInt()); });
    return group(tr("View"), f);
}

// clump view: body-axes triads, w and L arrows, the trail of a marked point
QGroupBox* ControlPanel::clumpViewGroup()
{
    QFormLayout* f = panelForm();
    const OverlayOptions defaults;
    m_triads = new QComboBox;
    m_triads->addItem(tr("every clump"), int(TriadMode::EveryClump));
    m_triads->addItem(tr("selected body"), int(TriadMode::Selected));
    m_triads->addItem(tr("off"), int(TriadMode::Off));
    m_triads->setCurrentIndex(m_triads->findData(int(defaults.triads)));
    m_triads->setToolTip(tr("Principal axes e1 e2 e3 (J1 <= J2 <= J3) drawn red, green, blue from each "
                            "body's centre of mass, 1.3 x its radius long; also picks which bodies carry "
                            "the w and L arrows. Watch e2 on the Dzhanibekov clump: it flips over and back "
                            "again while L stays put. A selected sphere gets a triad too."));
    f->addRow(tr("Triads"), m_triads);
    m_arrows = new QCheckBox(tr("w and L arrows"));
    m_arrows->setChecked(defaults.arrows);
    m_arrows->setToolTip(tr("Angular velocity w (orange) and angular momentum L (translucent magenta) from "
                            "the centre of mass. L is 1.5 x the body's radius long at its value at load; w is "
                            "scaled by |L0| / J2, so spinning about e2 the two are equally long. For a "
                            "torque-free body L must stay fixed: a turning or growing L arrow is integrator "
                            "error. w may wander around L (about e1 or e3 it circles it, near e2 it flips)."));
    f->addRow(QString(), m_arrows);
    m_trail = new QCheckBox(tr("trail"));
    m_trail->setChecked(defaults.trail);
    m_trail->setToolTip(tr("A fading trail of the surface point of the member farthest from the centre of "
                           "mass, over the last 300 frames: on the selected body, and on every clump when "
                           "there are at most 8. On the torque-free symmetric top the point weaves a "
                           "rosette inside a band of fixed width across L; a band that widens, narrows or "
                           "tilts is integrator error. The trail restarts on reset."));
    f->addRow(QString(), m_trail);
    auto request = [this]() { emit overlayOptionsRequested(overlayOptions()); };
    connect(m_triads, &QComboBox::activated, this, request);
    connect(m_arrows, &QCheckBox::toggled, this, request);
    connect(m_trail, &QCheckBox::toggled, this, request);
    return group(tr("Clump view"), f);
}

// status
QGroupBox* ControlPanel::statusGroup()
{
    auto* col = new QVBoxLayout;
    m_status = new QLabel;
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont mono = m_status->font();
    mono.setStyleHint(QFont::Monospace);
    mono.setFamily(QStringLiteral("DejaVu Sans Mono"));
    m_status->setFont(mono);
    m_runMessage = new QLabel;
    m_runMessage->setWordWrap(true);
    m_runMessage->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    m_runMessage->hide();
    col->addWidget(m_status);
    col->addWidget(m_runMessage);
    return group(tr("Status"), col);
}

// ------------------------------------------------------------------------------------------------
QLineEdit* ControlPanel::dtField() const
{
    return m_dtField->secondsField();
}
QDoubleSpinBox* ControlPanel::dtFactorBox() const
{
    return m_dtField->factorBox();
}
QLabel* ControlPanel::criticalDtLabel() const
{
    return m_dtField->criticalDtLabel();
}
QLabel* ControlPanel::dtRatioLabel() const
{
    return m_dtField->ratioLabel();
}
DtRatioState ControlPanel::dtRatioState() const
{
    return m_dtField->ratioState();
}
QComboBox* ControlPanel::presetBox() const
{
    return m_schemes->presetBox();
}
QComboBox* ControlPanel::translationBox() const
{
    return m_schemes->translationBox();
}
QComboBox* ControlPanel::rotationBox() const
{
    return m_schemes->rotationBox();
}

void ControlPanel::commitLocalDamping()
{
    LiveParams change;
    change.localDamping = m_localDamping->value();
    change.localDampingVariant = static_cast<LocalDampingVariant>(m_localVariant->currentData().toInt());
    emit liveChangeRequested(change);
}

// ------------------------------------------------------------------------------------------------
void ControlPanel::setCurrentScene(const QString& builtinId, const QString& displayName)
{
    const QSignalBlocker block(m_scene);
    const int i = builtinId.isEmpty() ? -1 : m_scene->findData(builtinId);
    if (i >= 0) {
        m_scene->setCurrentIndex(i);
        m_sceneInfo->setText(m_scene->itemData(i, Qt::ToolTipRole).toString());
    } else {
        // a file: show its name in the combo's editable slot above the separator
        const int fileIndex = m_scene->findData(QStringLiteral("::file"));
        if (fileIndex >= 0)
            m_scene->removeItem(fileIndex);
        m_scene->insertItem(0, displayName, QStringLiteral("::file"));
        m_scene->setCurrentIndex(0);
        m_sceneInfo->setText(tr("from file"));
    }
}

void ControlPanel::setRenderRate(double framesPerSecond)
{
    m_renderFps = framesPerSecond;
}

void ControlPanel::showColourMode(ColourMode mode)
{
    const QSignalBlocker block(m_colourMode);
    m_colourMode->setCurrentIndex(m_colourMode->findData(int(mode)));
}

OverlayOptions ControlPanel::overlayOptions() const
{
    OverlayOptions o;
    o.triads = static_cast<TriadMode>(m_triads->currentData().toInt());
    o.arrows = m_arrows->isChecked();
    o.trail = m_trail->isChecked();
    o.forceChains = m_forceChains->isChecked();
    return o;
}

void ControlPanel::showOverlayOptions(const OverlayOptions& options)
{
    const QSignalBlocker b1(m_triads);
    const QSignalBlocker b2(m_arrows);
    const QSignalBlocker b3(m_trail);
    const QSignalBlocker b4(m_forceChains);
    m_forceChains->setChecked(options.forceChains);
    m_triads->setCurrentIndex(m_triads->findData(int(options.triads)));
    m_arrows->setChecked(options.arrows);
    m_trail->setChecked(options.trail);
}

void ControlPanel::showEnergyPlotMode(EnergyPlotMode mode)
{
    const QSignalBlocker block(m_energyPlotMode);
    m_energyPlotMode->setCurrentIndex(m_energyPlotMode->findData(int(mode)));
}

void ControlPanel::setReplay(bool replay)
{
    // a replayed LAMMPS run has no simulation to drive: its own bar plays it
    for (QGroupBox* g : m_simulationGroups) {
        g->setEnabled(!replay);
        g->setToolTip(replay ? tr("A replayed LAMMPS run: pick a scene to simulate again") : QString());
    }
}

void ControlPanel::setRunMessage(const QString& message)
{
    m_runMessage->setText(message);
    m_runMessage->setVisible(!message.isEmpty());
}

// ------------------------------------------------------------------------------------------------
void ControlPanel::setSnapshot(const FrameSnapshot& s)
{
    const bool loaded = s.scene != nullptr;
    const bool unstable = !s.instabilityMessage.empty();
    m_play->setEnabled(loaded && !s.playing && !unstable);
    m_pause->setEnabled(loaded && s.playing);
    m_step->setEnabled(loaded && !unstable);
    m_reset->setEnabled(loaded);

    // the fields show what is in force, unless the user is typing in them
    const SimParams& p = s.params;
    const double crit = s.criticalDt;
    m_dtField->showInForce(p.dt, crit, p.translation, loaded);
    if (!loaded) {
        m_schemes->clearInForce();
    } else {
        m_schemes->showInForce(p.translation, p.rotation);
        if (!m_localDamping->hasFocus()) {
            const QSignalBlocker b(m_localDamping);
            m_localDamping->setValue(p.localDamping);
        }
        {
            const QSignalBlocker b(m_localVariant);
            m_localVariant->setCurrentIndex(m_localVariant->findData(int(p.localDampingVariant)));
        }
        if (!m_viscous->hasFocus()) {
            const QSignalBlocker b(m_viscous);
            m_viscous->setValue(p.viscousDamping);
        }
    }

    showChoice(m_speed, s.speed);
    showChoice(m_sampleStride, s.sampleStride);
    showReadout(s);

    // status lines, fixed width so the panel does not jitter
    const QString state = !loaded     ? tr("no scene")
                          : unstable  ? tr("<span style='color:#b00020'>unstable</span>")
                          : s.playing ? tr("running")
                                      : tr("paused");
    const QString text =
        QStringLiteral("<table cellspacing='1'>"
                       "<tr><td>state&nbsp;</td><td>%1</td></tr>"
                       "<tr><td>t&nbsp;</td><td>%2 s</td></tr>"
                       "<tr><td>step&nbsp;</td><td>%3</td></tr>"
                       "<tr><td>steps/s&nbsp;</td><td>%4</td></tr>"
                       "<tr><td>bodies&nbsp;</td><td>%5</td></tr>"
                       "<tr><td>contacts&nbsp;</td><td>%6</td></tr>"
                       "<tr><td>dt_crit&nbsp;</td><td>%7 s</td></tr>"
                       "<tr><td>view&nbsp;</td><td>%8 fps</td></tr></table>")
            .arg(state)
            .arg(QString::number(s.time, 'f', 5))
            .arg(s.step)
            .arg(s.playing ? tr("%1 (snapshots %2 %)")
                                 .arg(QString::number(s.stepsPerSecond, 'f', 0))
                                 .arg(QString::number(100.0 * s.publishShare, 'f', 1))
                           : QString::number(s.stepsPerSecond, 'f', 0))
            .arg(s.memberCount() != s.bodyCount() ? tr("%1 (%2 spheres)").arg(s.bodyCount()).arg(s.memberCount())
                                                  : QString::number(s.bodyCount()))
            .arg(s.contactCount)
            .arg(loaded ? shortNumber(crit, 3) : QStringLiteral("\u2014"))
            .arg(QString::number(m_renderFps, 'f', 1));
    m_status->setText(text);
}

} // namespace tumble::ui
