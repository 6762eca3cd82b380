#include "sweep/SweepPanel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

#include "integrate/IntegratorRegistry.h"
#include "plot/SweepPlot.h"
#include "session/SweepRunner.h"

namespace tumble::ui {

namespace {

QString tooltipFor(const std::string& name, SweepKind kind)
{
    if (kind == SweepKind::Rotation && findRotationScheme(name))
        return QObject::tr("rotation scheme %1 (under velocity_verlet, exact without forces)")
            .arg(QString::fromStdString(name));
    if (const auto p = findPreset(name))
        return QObject::tr("preset: %1 + %2")
            .arg(QString::fromStdString(p->translation), QString::fromStdString(p->rotation));
    return QObject::tr("translation scheme %1 with the scene's rotation scheme (rk4_quaternion under rk4)")
        .arg(QString::fromStdString(name));
}

QString numberList(const std::vector<double>& xs)
{
    QStringList parts;
    for (double x : xs)
        parts << QString::number(x, 'g', 6);
    return parts.join(QStringLiteral(", "));
}

} // namespace

SweepPanel::SweepPanel(QWidget* parent) : QWidget(parent)
{
    // controls in a column on the left, the plot to the right: fits a wide, low bottom dock
    auto* outer = new QHBoxLayout(this);
    auto* layout = new QVBoxLayout;
    outer->addLayout(layout);

    m_schemesBox = new QGroupBox;
    new QGridLayout(m_schemesBox);
    offerSchemes(SweepKind::Translation);
    layout->addWidget(m_schemesBox);

    auto* form = new QFormLayout;
    m_dts = new QLineEdit;
    m_dts->setToolTip(tr("Timesteps in s, comma-separated"));
    m_duration = new QLineEdit;
    m_duration->setToolTip(tr("The time T at which every run's error is measured, s"));
    form->addRow(tr("dt (s)"), m_dts);
    form->addRow(tr("end time T (s)"), m_duration);
    layout->addLayout(form);
    m_rk4Reference = new QCheckBox(tr("rk4 reference, not the analytic solution"));
    m_rk4Reference->setToolTip(tr("Only for scenes that declare an analytic solution: shows how close the usual rk4 "
                                  "reference comes to the exact one"));
    m_rk4Reference->setEnabled(false);
    layout->addWidget(m_rk4Reference);

    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run sweep"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    layout->addLayout(buttons);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addStretch(1);
    m_plot = new SweepPlot;
    outer->addWidget(m_plot, 1);

    m_runner = new SweepRunner(this);
    connect(m_run, &QPushButton::clicked, this, [this]() { run(); });
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_runner, &SweepRunner::progress, this, [this](double f) {
        if (!m_dropResult)
            m_progress->setValue(int(std::lround(1000.0 * f)));
    });
    connect(m_runner, &SweepRunner::runFinished, this, [this](int done, int total) {
        if (!m_dropResult)
            emit runFinished(done, total);
    });
    connect(m_runner, &SweepRunner::finished, this, [this](const SweepResult& r) {
        if (m_dropResult) { // a sweep of the scene before: not this scene's result
            m_dropResult = false;
            setRunning(false);
            return;
        }
        QStringList varied;
        for (const SweepScheme& s : m_runner->schemes())
            varied << QString::fromStdString(s.varied);
        m_plot->setResult(r, varied);
        setRunning(false);
        if (!r.cancelled)
            m_progress->setValue(m_progress->maximum());
        const QString ref = r.reference == SweepReference::Analytic
                                ? tr("against the analytic solution (%1)").arg(m_runningAnalytic)
                                : tr("against rk4 at the smallest dt / 16");
        showNote(r.cancelled ? tr("Cancelled: the plot shows the runs that finished.") : tr("Errors at T %1.").arg(ref),
                 r.cancelled);
        emit sweepFinished();
    });
    connect(m_runner, &SweepRunner::failed, this, [this](const QString& message) {
        setRunning(false);
        if (std::exchange(m_dropResult, false))
            return;
        showNote(message, true);
        emit sweepFinished();
    });
    setRunning(false);
    showNote(tr("Load a scene, pick schemes and timesteps, then Run."), false);
}

SweepPanel::~SweepPanel() = default;

void SweepPanel::offerSchemes(SweepKind kind)
{
    // the boxes of the kind, two columns; ticks kept for names offered before, else the defaults
    const std::vector<std::string> ticked =
        m_schemeBoxes.empty() || kind != m_kind ? SweepScheme::defaultNames(kind) : schemes();
    m_kind = kind;
    for (auto& [name, box] : m_schemeBoxes)
        delete box;
    m_schemeBoxes.clear();
    auto* grid = static_cast<QGridLayout*>(m_schemesBox->layout());
    const std::vector<std::string> names = SweepScheme::names(kind);
    for (std::size_t i = 0; i < names.size(); ++i) {
        auto* box = new QCheckBox(QString::fromStdString(names[i]));
        box->setToolTip(tooltipFor(names[i], kind));
        grid->addWidget(box, int(i / 2), int(i % 2));
        m_schemeBoxes[names[i]] = box;
    }
    m_schemesBox->setTitle(kind == SweepKind::Rotation ? tr("Rotation schemes (torque-free: translation does nothing)")
                                                       : tr("Translation schemes"));
    setSchemes(ticked);
}

void SweepPanel::setScene(const Scene& scene)
{
    m_scene = std::make_shared<const Scene>(scene);
    if (isRunning()) { // a sweep of the old scene: stopped, its result dropped
        m_dropResult = true;
        m_runner->cancel();
        setRunning(false);
    }
    m_plot->clear();
    m_progress->setValue(0);
    const SweepKind kind = SweepScheme::kindOf(scene);
    if (kind != m_kind)
        offerSchemes(kind);
    const double dt = scene.params.dt;
    setDts({dt, dt / 2.0, dt / 4.0, dt / 8.0});
    setDuration(100.0 * dt);
    m_rk4Reference->setEnabled(!scene.analytic.empty());
    showNote(scene.analytic.empty()
                 ? tr("%1: no analytic solution, the reference is rk4 at the smallest dt / 16.")
                       .arg(QString::fromStdString(scene.name))
                 : tr("%1 declares its analytic solution (%2): errors are exact.")
                       .arg(QString::fromStdString(scene.name), QString::fromStdString(scene.analytic)),
             false);
}

void SweepPanel::setSchemes(const std::vector<std::string>& names)
{
    for (auto& [name, box] : m_schemeBoxes)
        box->setChecked(std::find(names.begin(), names.end(), name) != names.end());
}

std::vector<std::string> SweepPanel::offeredSchemes() const
{
    return SweepScheme::names(m_kind);
}

std::vector<std::string> SweepPanel::schemes() const
{
    // in display order (the map is sorted by name; keep the registry's order instead)
    std::vector<std::string> out;
    for (const std::string& n : SweepScheme::names(m_kind))
        if (m_schemeBoxes.at(n)->isChecked())
            out.push_back(n);
    return out;
}

void SweepPanel::setRk4Reference(bool on)
{
    m_rk4Reference->setChecked(on);
}

void SweepPanel::setDts(const std::vector<double>& dts)
{
    m_dts->setText(numberList(dts));
}

std::optional<std::vector<double>> SweepPanel::dts() const
{
    std::vector<double> out;
    for (const QString& part : m_dts->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double x = part.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(x) || x <= 0.0)
            return std::nullopt;
        out.push_back(x);
    }
    if (out.empty())
        return std::nullopt;
    return out;
}

void SweepPanel::setDuration(double seconds)
{
    m_duration->setText(QString::number(seconds, 'g', 6));
}

std::optional<double> SweepPanel::duration() const
{
    bool ok = false;
    const double t = m_duration->text().trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(t) || t <= 0.0)
        return std::nullopt;
    return t;
}

bool SweepPanel::run()
{
    if (isRunning())
        return false;
    if (!m_scene) {
        showNote(tr("No scene loaded."), true);
        return false;
    }
    const std::vector<std::string> names = schemes();
    if (names.empty()) {
        showNote(tr("Tick at least one scheme."), true);
        return false;
    }
    const auto dtList = dts();
    if (!dtList) {
        showNote(tr("dt: expected positive numbers in seconds, separated by commas."), true);
        return false;
    }
    const auto t = duration();
    if (!t) {
        showNote(tr("end time: expected a positive number of seconds."), true);
        return false;
    }
    m_progress->setValue(0);
    if (!m_runner->start(*m_scene, names, *dtList, *t, !m_rk4Reference->isChecked()))
        return false;
    m_runningAnalytic = QString::fromStdString(m_scene->analytic);
    setRunning(true);
    showNote(tr("Running %n scheme(s)...", nullptr, int(names.size())), false);
    return true;
}

void SweepPanel::cancel()
{
    m_runner->cancel();
}

bool SweepPanel::isRunning() const
{
    return m_runner->isRunning();
}

QString SweepPanel::note() const
{
    return m_note->text();
}

void SweepPanel::setRunning(bool running)
{
    // while a dropped sweep winds down, Run waits for its thread
    m_run->setEnabled(!running && !m_runner->isRunning());
    m_cancel->setEnabled(running);
}

void SweepPanel::showNote(const QString& text, bool error)
{
    m_note->setText(text);
    m_note->setStyleSheet(error ? QStringLiteral("color: rgb(200, 40, 40);") : QString());
}

} // namespace tumble::ui
