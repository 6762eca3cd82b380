#include "panels/ControlPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QVBoxLayout>

#include <cmath>

#include "integrate/IntegratorRegistry.h"
#include "scene/BuiltinScenes.h"

namespace tumble::ui {

namespace {

// the scene combo's last entry opens a file dialog
const QString kOpenFileId = QStringLiteral("::open-file");

QString sci(double v, int digits = 3)
{
    if (!std::isfinite(v))
        return QStringLiteral("\xe2\x80\x94"); // em dash
    return QString::number(v, 'g', digits);
}

QGroupBox* group(const QString& title, QLayout* layout)
{
    auto* box = new QGroupBox(title);
    box->setLayout(layout);
    return box;
}

// a scheme's tooltip: its one-line description, order, stability limit and update equations
QString schemeToolTip(const SchemeInfo& scheme, bool translation)
{
    QString limit;
    if (translation) {
        const double l = stabilityLimitInCriticalSteps(scheme);
        limit = l > 0.0 ? QObject::tr("stable up to dt = %1 dt_crit without damping").arg(QString::number(l, 'g', 4))
                        : QObject::tr("unstable at any dt without damping");
    }
    QString html = QStringLiteral("<p style='white-space:pre-wrap'><b>%1</b><br>%2</p>"
                                  "<p>order %3%4</p>")
                       .arg(QString::fromStdString(scheme.name).toHtmlEscaped(),
                            QString::fromStdString(scheme.description).toHtmlEscaped())
                       .arg(scheme.order)
                       .arg(limit.isEmpty() ? QString() : QStringLiteral("; ") + limit);
    if (!scheme.equations.empty())
        html += QStringLiteral("<pre style='font-family:\"DejaVu Sans Mono\",monospace'>%1</pre>")
                    .arg(QString::fromStdString(scheme.equations).toHtmlEscaped());
    return html;
}

// the rotation a translation scheme must run with, when the current one is refused: a preset's
// pairing first (rk4 -> rk4_quaternion), else the first the core accepts; empty if none
std::string pairedRotation(const std::string& translation)
{
    for (const PresetInfo& p : presets())
        if (p.translation == translation && schemeCombinationError(translation, p.rotation).empty())
            return p.rotation;
    for (const SchemeInfo& r : rotationSchemes())
        if (schemeCombinationError(translation, r.name).empty())
            return r.name;
    return {};
}

QFormLayout* form()
{
    auto* f = new QFormLayout;
    f->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    f->setHorizontalSpacing(8);
    f->setVerticalSpacing(6);
    return f;
}

} // namespace

// ------------------------------------------------------------------------------------------------
ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent)
{
    auto* root = new QVBoxLayout(this);
    root->setContentsMargins(8, 8, 8, 8);
    root->setSpacing(10);

    // run controls
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
        root->addWidget(group(tr("Run"), row));
    }

    // scene picker: built-in scenes, then a file
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
        root->addWidget(group(tr("Scene"), col));
    }

    // timestep with the critical timestep beside it
    {
        auto* f = form();
        m_dt = new QLineEdit;
        auto* validator = new QDoubleValidator(0.0, 1e3, 12, m_dt);
        validator->setNotation(QDoubleValidator::ScientificNotation);
        validator->setLocale(QLocale::c());
        m_dt->setValidator(validator);
        m_dt->setToolTip(tr("Timestep in seconds; scientific notation such as 2e-5 is fine. "
                            "Applied within one frame when you press Enter."));
        auto* dtRow = new QHBoxLayout;
        dtRow->addWidget(m_dt, 1);
        dtRow->addWidget(new QLabel(tr("s")));
        f->addRow(tr("dt"), dtRow);
        m_dtCrit = new QLabel;
        m_dtCrit->setToolTip(tr("Critical timestep estimate sqrt(m/k) over all bodies and "
                                "materials, reduced for the dashpot damping"));
        f->addRow(tr("dt crit"), m_dtCrit);
        m_dtRatio = new QLabel;
        m_dtRatio->setTextFormat(Qt::PlainText);
        f->addRow(tr("dt / dt crit"), m_dtRatio);
        // dt as a fraction of dt_crit: the natural unit when comparing schemes' limits
        m_dtFactor = new QDoubleSpinBox;
        m_dtFactor->setRange(0.001, 20.0);
        m_dtFactor->setDecimals(3);
        m_dtFactor->setSingleStep(0.05);
        m_dtFactor->setKeyboardTracking(false);
        m_dtFactor->setSuffix(tr(" \xc3\x97 dt crit"));
        m_dtFactor->setToolTip(tr("Set dt to this multiple of the critical timestep (Enter or the "
                                  "arrows apply it); shows the ratio in force otherwise"));
        f->addRow(tr("set dt to"), m_dtFactor);
        connect(m_dt, &QLineEdit::editingFinished, this, &ControlPanel::commitDt);
        connect(m_dtFactor, &QDoubleSpinBox::valueChanged, this, &ControlPanel::commitDtFactor);
        root->addWidget(group(tr("Timestep"), f));
    }

    // integrator: preset, then the two schemes, all from the registry
    {
        auto* f = form();
        m_preset = new QComboBox;
        m_preset->addItem(tr("(custom)"), QString());
        for (const PresetInfo& p : presets()) {
            m_preset->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
            m_preset->setItemData(m_preset->count() - 1, QString::fromStdString(p.translation + " + " + p.rotation),
                                  Qt::ToolTipRole);
        }
        m_translation = new QComboBox;
        for (const SchemeInfo& s : translationSchemes()) {
            m_translation->addItem(QString::fromStdString(s.name), QString::fromStdString(s.name));
            m_translation->setItemData(m_translation->count() - 1, schemeToolTip(s, true), Qt::ToolTipRole);
        }
        m_rotation = new QComboBox;
        for (const SchemeInfo& s : rotationSchemes()) {
            m_rotation->addItem(QString::fromStdString(s.name), QString::fromStdString(s.name));
            m_rotation->setItemData(m_rotation->count() - 1, schemeToolTip(s, false), Qt::ToolTipRole);
        }
        f->addRow(tr("Preset"), m_preset);
        f->addRow(tr("Translation"), m_translation);
        f->addRow(tr("Rotation"), m_rotation);
        connect(m_preset, &QComboBox::activated, this, &ControlPanel::choosePreset);
        connect(m_translation, &QComboBox::activated, this, &ControlPanel::chooseTranslation);
        connect(m_rotation, &QComboBox::activated, this, &ControlPanel::chooseRotation);
        root->addWidget(group(tr("Integrator"), f));
    }

    // damping
    {
        auto* f = form();
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
        connect(m_viscous, &QDoubleSpinBox::valueChanged, this, [this](double v) { emit viscousDampingRequested(v); });
        root->addWidget(group(tr("Damping"), f));
    }

    // view: what the sphere colours show
    {
        auto* f = form();
        m_colourMode = new QComboBox;
        m_colourMode->addItem(tr("speed"), int(ColourMode::Speed));
        m_colourMode->addItem(tr("body"), int(ColourMode::Body));
        m_colourMode->setItemData(0, tr("|v| of each body, cool (rest) to warm (fastest)"), Qt::ToolTipRole);
        m_colourMode->setItemData(1, tr("one colour per body: the spheres of a clump alike"), Qt::ToolTipRole);
        f->addRow(tr("Colour by"), m_colourMode);
        connect(m_colourMode, &QComboBox::activated, this, [this](int i) {
            emit colourModeRequested(static_cast<ColourMode>(m_colourMode->itemData(i).toInt()));
        });
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
        root->addWidget(group(tr("View"), f));
    }

    // clump view: body-axes triads, w and L arrows, the trail of a marked point
    {
        auto* f = form();
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
        root->addWidget(group(tr("Clump view"), f));
    }

    // status
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
        root->addWidget(group(tr("Status"), col));
    }
    root->addStretch(1);
    setSnapshot(FrameSnapshot{});
}

// ------------------------------------------------------------------------------------------------
void ControlPanel::commitDt()
{
    bool ok = false;
    const double dt = QLocale::c().toDouble(m_dt->text().trimmed(), &ok);
    if (!ok || !(dt > 0.0) || !std::isfinite(dt))
        return;
    if (dt == m_shownDt)
        return;
    emit dtRequested(dt);
}

void ControlPanel::commitLocalDamping()
{
    const auto variant = static_cast<LocalDampingVariant>(m_localVariant->currentData().toInt());
    emit localDampingRequested(m_localDamping->value(), variant);
}

void ControlPanel::commitDtFactor(double factor)
{
    // dt_crit as last shown: the worker's own value, so dt lands as factor * dt_crit exactly
    if (!m_loaded || !(m_shownCrit > 0.0) || !std::isfinite(m_shownCrit) || !(factor > 0.0))
        return;
    const double dt = factor * m_shownCrit;
    if (dt == m_shownDt)
        return;
    emit dtRequested(dt);
}

void ControlPanel::choosePreset(int index)
{
    const std::string name = m_preset->itemData(index).toString().toStdString();
    if (name.empty()) {
        syncPreset(m_params); // "(custom)" is a state, not a choice
        return;
    }
    if (const auto p = findPreset(name)) {
        showSchemes(p->translation, p->rotation);
        // one command: the worker switches both at one step boundary, with one marker
        emit schemesRequested(QString::fromStdString(p->translation), QString::fromStdString(p->rotation),
                              QString::fromStdString(name));
    }
}

void ControlPanel::chooseTranslation(int index)
{
    const QString name = m_translation->itemData(index).toString();
    const std::string translation = name.toStdString();
    if (!m_loaded || schemeCombinationError(translation, m_params.rotation).empty()) {
        emit translationSchemeRequested(name);
        return;
    }
    // the rotation in force cannot run with it: switch both, the rotation combo follows
    const std::string rotation = pairedRotation(translation);
    if (rotation.empty()) {
        emit schemeRefused(QString::fromStdString(schemeCombinationError(translation, m_params.rotation)));
        showSchemes(m_params.translation, m_params.rotation);
        return;
    }
    showSchemes(translation, rotation);
    emit schemesRequested(name, QString::fromStdString(rotation),
                          QString::fromStdString(translation + " + " + rotation));
}

void ControlPanel::chooseRotation(int index)
{
    const QString name = m_rotation->itemData(index).toString();
    const std::string rotation = name.toStdString();
    const std::string err = m_loaded ? schemeCombinationError(m_params.translation, rotation) : std::string();
    if (err.empty()) {
        emit rotationSchemeRequested(name);
        return;
    }
    // refused before it reaches the worker; the combo goes back to what runs
    emit schemeRefused(tr("rotation %1 cannot run with translation %2 (%3); choose another "
                          "translation first")
                           .arg(name, QString::fromStdString(m_params.translation), QString::fromStdString(err)));
    showSchemes(m_params.translation, m_params.rotation);
}

void ControlPanel::showSchemes(const std::string& translation, const std::string& rotation)
{
    const QSignalBlocker b1(m_translation);
    const QSignalBlocker b2(m_rotation);
    m_translation->setCurrentIndex(m_translation->findData(QString::fromStdString(translation)));
    m_rotation->setCurrentIndex(m_rotation->findData(QString::fromStdString(rotation)));
    SimParams shown = m_params;
    shown.translation = translation;
    shown.rotation = rotation;
    syncPreset(shown);
}

void ControlPanel::showRatio(double ratio, const std::string& translation)
{
    const SchemeInfo* scheme = findTranslationScheme(translation);
    DtRatioState state = DtRatioState::None;
    QString tip = tr("dt / dt crit, the timestep in units of the critical timestep");
    QString text;
    if (ratio > 0.0 && std::isfinite(ratio) && scheme) {
        const double limit = stabilityLimitInCriticalSteps(*scheme);
        const QString name = QString::fromStdString(scheme->name);
        if (limit <= 0.0) {
            state = DtRatioState::NoLimit;
            text = tr("%1   (no stable dt)").arg(QString::number(ratio, 'f', 3));
            tip = tr("explicit Euler gains energy at any dt without damping");
        } else {
            state = ratio > limit ? DtRatioState::BeyondLimit : DtRatioState::WithinLimit;
            text = tr("%1   (limit %2)").arg(QString::number(ratio, 'f', 3), QString::number(limit, 'g', 4));
            tip = tr("dt / dt crit. The limit that applies is the translation scheme's: %1 is "
                     "stable up to %2 dt crit (w dt < %3 on the stiffest contact, undamped)%4")
                      .arg(name, QString::number(limit, 'g', 4), QString::number(scheme->stabilityLimit, 'g', 4),
                           state == DtRatioState::BeyondLimit
                               ? tr("; beyond it a stiff contact grows until the run blows up")
                               : QString());
        }
    }
    m_dtRatio->setText(text);
    m_dtRatio->setToolTip(tip);
    if (state == m_ratioState)
        return;
    m_ratioState = state;
    // red past the limit; amber for a scheme with no stable dt at all (damping may save it)
    switch (state) {
    case DtRatioState::BeyondLimit:
        m_dtRatio->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
        break;
    case DtRatioState::NoLimit:
        m_dtRatio->setStyleSheet(QStringLiteral("color: #a05a00; font-weight: bold;"));
        break;
    default:
        m_dtRatio->setStyleSheet(QString());
    }
}

void ControlPanel::syncPreset(const SimParams& params)
{
    int match = 0;
    for (int i = 1; i < m_preset->count(); ++i) {
        const auto p = findPreset(m_preset->itemData(i).toString().toStdString());
        if (p && p->translation == params.translation && p->rotation == params.rotation) {
            match = i;
            break;
        }
    }
    const QSignalBlocker block(m_preset);
    m_preset->setCurrentIndex(match);
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
    return o;
}

void ControlPanel::showOverlayOptions(const OverlayOptions& options)
{
    const QSignalBlocker b1(m_triads);
    const QSignalBlocker b2(m_arrows);
    const QSignalBlocker b3(m_trail);
    m_triads->setCurrentIndex(m_triads->findData(int(options.triads)));
    m_arrows->setChecked(options.arrows);
    m_trail->setChecked(options.trail);
}

void ControlPanel::showEnergyPlotMode(EnergyPlotMode mode)
{
    const QSignalBlocker block(m_energyPlotMode);
    m_energyPlotMode->setCurrentIndex(m_energyPlotMode->findData(int(mode)));
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

    const SimParams& p = s.params;
    // the fields show what is in force, unless the user is typing in them
    if (!m_dt->hasFocus() || p.dt != m_shownDt) {
        if (p.dt != m_shownDt || m_dt->text().isEmpty()) {
            const QSignalBlocker block(m_dt);
            m_dt->setText(QString::number(p.dt, 'g', 6));
        }
    }
    m_shownDt = p.dt;
    const double crit = s.criticalDt;
    m_loaded = loaded;
    m_params = p;
    m_shownCrit = crit;
    m_dtCrit->setText(loaded ? sci(crit, 3) + tr(" s") : QString());
    const double ratio = (loaded && crit > 0.0 && std::isfinite(crit)) ? p.dt / crit : 0.0;
    showRatio(ratio, p.translation);
    m_dtFactor->setEnabled(ratio > 0.0);
    if (ratio > 0.0 && !m_dtFactor->hasFocus()) {
        const QSignalBlocker block(m_dtFactor);
        m_dtFactor->setValue(ratio);
    }

    if (loaded) {
        showSchemes(p.translation, p.rotation);
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
            .arg(loaded ? sci(crit, 3) : QStringLiteral("\xe2\x80\x94"))
            .arg(QString::number(m_renderFps, 'f', 1));
    m_status->setText(text);
}

} // namespace tumble::ui
