#include "panels/DtField.h"

#include <QDoubleSpinBox>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>

#include <cmath>

#include "integrate/IntegratorRegistry.h"
#include "panels/PanelLayout.h"

namespace tumble::ui {

DtField::DtField(Look look, QWidget* parent) : QWidget(parent)
{
    m_dt = new QLineEdit;
    // one validator: seconds in the C locale, scientific notation, as many digits as a double
    auto* validator = new QDoubleValidator(0.0, 1e3, 17, m_dt);
    validator->setNotation(QDoubleValidator::ScientificNotation);
    validator->setLocale(QLocale::c());
    m_dt->setValidator(validator);
    connect(m_dt, &QLineEdit::editingFinished, this, &DtField::commitSeconds);

    if (look == Look::Compact) {
        m_dt->setToolTip(tr("Timestep, s (Enter applies). A smaller dt takes more steps to the same time."));
        auto* row = new QHBoxLayout(this);
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(m_dt);
        setSizePolicy(m_dt->sizePolicy()); // laid out as the line edit alone would be
        return;
    }

    // the panel: dt with the critical timestep beside it
    m_dt->setToolTip(tr("Timestep in seconds; scientific notation such as 2e-5 is fine. "
                        "Applied within one frame when you press Enter."));
    QFormLayout* f = panelForm();
    f->setContentsMargins(0, 0, 0, 0);
    auto* dtRow = new QHBoxLayout;
    dtRow->addWidget(m_dt, 1);
    dtRow->addWidget(new QLabel(tr("s")));
    f->addRow(tr("dt"), dtRow);
    m_crit = new QLabel;
    m_crit->setToolTip(tr("Critical timestep estimate sqrt(m/k) over all bodies and "
                          "materials, reduced for the dashpot damping"));
    f->addRow(tr("dt crit"), m_crit);
    m_ratio = new QLabel;
    m_ratio->setTextFormat(Qt::PlainText);
    f->addRow(tr("dt / dt crit"), m_ratio);
    // dt as a fraction of dt_crit: the natural unit when comparing schemes' limits
    m_factor = new QDoubleSpinBox;
    m_factor->setRange(0.001, 20.0);
    m_factor->setDecimals(3);
    m_factor->setSingleStep(0.05);
    m_factor->setKeyboardTracking(false);
    m_factor->setSuffix(tr(" \xc3\x97 dt crit"));
    m_factor->setToolTip(tr("Set dt to this multiple of the critical timestep (Enter or the "
                            "arrows apply it); shows the ratio in force otherwise"));
    f->addRow(tr("set dt to"), m_factor);
    setLayout(f);
    connect(m_factor, &QDoubleSpinBox::valueChanged, this, &DtField::commitFactor);
}

// ------------------------------------------------------------------------------------------------
void DtField::commitSeconds()
{
    bool ok = false;
    const double dt = QLocale::c().toDouble(m_dt->text().trimmed(), &ok);
    if (!ok || !(dt > 0.0) || !std::isfinite(dt))
        return;
    if (dt == m_shownDt)
        return;
    LiveParams change;
    change.dt = dt;
    emit changeRequested(change);
}

void DtField::commitFactor(double factor)
{
    // the factor itself: the simulation multiplies it by its own critical timestep
    if (!m_loaded || !(factor > 0.0))
        return;
    LiveParams change;
    change.dtFactor = factor;
    emit changeRequested(change);
}

// ------------------------------------------------------------------------------------------------
void DtField::showInForce(double dt, double criticalDt, const std::string& translation, bool loaded)
{
    // the field shows what is in force, unless the user is typing in it
    if (!m_dt->hasFocus() || dt != m_shownDt) {
        if (dt != m_shownDt || m_dt->text().isEmpty()) {
            const QSignalBlocker block(m_dt);
            m_dt->setText(QString::number(dt, 'g', 6));
        }
    }
    m_shownDt = dt;
    m_loaded = loaded;
    if (!m_factor)
        return;
    m_crit->setText(loaded ? shortNumber(criticalDt, 3) + tr(" s") : QString());
    const double ratio = (loaded && criticalDt > 0.0 && std::isfinite(criticalDt)) ? dt / criticalDt : 0.0;
    showRatio(ratio, translation);
    m_factor->setEnabled(ratio > 0.0);
    if (ratio > 0.0 && !m_factor->hasFocus()) {
        const QSignalBlocker block(m_factor);
        m_factor->setValue(ratio);
    }
}

void DtField::showRatio(double ratio, const std::string& translation)
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
    m_ratio->setText(text);
    m_ratio->setToolTip(tip);
    if (state == m_ratioState)
        return;
    m_ratioState = state;
    // red past the limit; amber for a scheme with no stable dt at all (damping may save it)
    switch (state) {
    case DtRatioState::BeyondLimit:
        m_ratio->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
        break;
    case DtRatioState::NoLimit:
        m_ratio->setStyleSheet(QStringLiteral("color: #a05a00; font-weight: bold;"));
        break;
    default:
        m_ratio->setStyleSheet(QString());
    }
}

} // namespace tumble::ui
