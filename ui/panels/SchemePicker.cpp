#include "panels/SchemePicker.h"

#include <QComboBox>
#include <QGridLayout>
#include <QSignalBlocker>

#include "integrate/IntegratorRegistry.h"
#include "panels/PanelLayout.h"

namespace tumble::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
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
                       .arg(qs(scheme.name).toHtmlEscaped(), qs(scheme.description).toHtmlEscaped())
                       .arg(scheme.order)
                       .arg(limit.isEmpty() ? QString() : QStringLiteral("; ") + limit);
    if (!scheme.equations.empty())
        html += QStringLiteral("<pre style='font-family:\"DejaVu Sans Mono\",monospace'>%1</pre>")
                    .arg(qs(scheme.equations).toHtmlEscaped());
    return html;
}

} // namespace

std::string SchemePicker::pairedRotation(const std::string& translation)
{
    for (const PresetInfo& p : presets())
        if (p.translation == translation && schemeCombinationError(translation, p.rotation).empty())
            return p.rotation;
    for (const SchemeInfo& r : rotationSchemes())
        if (schemeCombinationError(translation, r.name).empty())
            return r.name;
    return {};
}

// ------------------------------------------------------------------------------------------------
SchemePicker::SchemePicker(Look look, QWidget* parent) : QWidget(parent), m_look(look)
{
    const bool form = look == Look::Form;
    m_preset = new QComboBox;
    if (form)
        m_preset->addItem(tr("(custom)"), QString());
    for (const PresetInfo& p : presets()) {
        m_preset->addItem(qs(p.name), qs(p.name));
        if (form)
            m_preset->setItemData(m_preset->count() - 1, qs(p.translation + " + " + p.rotation), Qt::ToolTipRole);
    }
    if (!form) {
        m_preset->addItem(tr("custom"), QString());
        m_preset->setToolTip(tr("Integrator preset (translation + rotation scheme)"));
    }
    m_translation = new QComboBox;
    for (const SchemeInfo& s : translationSchemes()) {
        m_translation->addItem(qs(s.name), qs(s.name));
        m_translation->setItemData(m_translation->count() - 1, form ? schemeToolTip(s, true) : qs(s.equations),
                                   Qt::ToolTipRole);
    }
    m_rotation = new QComboBox;
    for (const SchemeInfo& s : rotationSchemes()) {
        m_rotation->addItem(qs(s.name), qs(s.name));
        m_rotation->setItemData(m_rotation->count() - 1, form ? schemeToolTip(s, false) : qs(s.equations),
                                Qt::ToolTipRole);
    }

    if (form) {
        QFormLayout* f = panelForm();
        f->setContentsMargins(0, 0, 0, 0);
        f->addRow(tr("Preset"), m_preset);
        f->addRow(tr("Translation"), m_translation);
        f->addRow(tr("Rotation"), m_rotation);
        setLayout(f);
    } else {
        m_grid = new QGridLayout(this);
        m_grid->setContentsMargins(0, 0, 0, 0);
        m_grid->setVerticalSpacing(2);
        m_grid->addWidget(m_preset, 0, 0, 1, 2);
        m_grid->addWidget(m_translation, 1, 0, 1, 2);
        m_grid->addWidget(m_rotation, 1, 2, 1, 2);
    }
    connect(m_preset, &QComboBox::activated, this, &SchemePicker::choosePreset);
    connect(m_translation, &QComboBox::activated, this, &SchemePicker::chooseTranslation);
    connect(m_rotation, &QComboBox::activated, this, &SchemePicker::chooseRotation);
}

// ------------------------------------------------------------------------------------------------
void SchemePicker::showInForce(const std::string& translation, const std::string& rotation)
{
    m_known = true;
    m_inForceTranslation = translation;
    m_inForceRotation = rotation;
    showSchemes(translation, rotation);
}

void SchemePicker::showSchemes(const std::string& translation, const std::string& rotation)
{
    const QSignalBlocker b1(m_translation);
    const QSignalBlocker b2(m_rotation);
    const QSignalBlocker b3(m_preset);
    m_translation->setCurrentIndex(m_translation->findData(qs(translation)));
    m_rotation->setCurrentIndex(m_rotation->findData(qs(rotation)));
    // the preset the pair makes, else "custom"
    int match = m_look == Look::Form ? 0 : m_preset->count() - 1;
    for (int i = 0; i < m_preset->count(); ++i) {
        const auto p = findPreset(m_preset->itemData(i).toString().toStdString());
        if (p && p->translation == translation && p->rotation == rotation) {
            match = i;
            break;
        }
    }
    m_preset->setCurrentIndex(match);
}

void SchemePicker::choosePreset(int index)
{
    const std::string name = m_preset->itemData(index).toString().toStdString();
    const std::optional<LiveParams> change = LiveParams::preset(name);
    if (!change) {
        // "custom" is a state, not a choice
        if (m_known)
            showSchemes(m_inForceTranslation, m_inForceRotation);
        return;
    }
    // one change: both switch at one step boundary, with one marker named after the preset
    showSchemes(*change->translation, *change->rotation);
    emit changeRequested(*change);
}

void SchemePicker::chooseTranslation(int index)
{
    const std::string translation = m_translation->itemData(index).toString().toStdString();
    LiveParams change;
    change.translation = translation;
    if (!m_known || schemeCombinationError(translation, m_inForceRotation).empty()) {
        emit changeRequested(change);
        return;
    }
    // the rotation in force cannot run with it: switch both, the rotation combo follows
    const std::string rotation = pairedRotation(translation);
    if (rotation.empty()) {
        emit refused(qs(schemeCombinationError(translation, m_inForceRotation)));
        showSchemes(m_inForceTranslation, m_inForceRotation);
        return;
    }
    showSchemes(translation, rotation);
    change.rotation = rotation;
    change.schemeLabel = translation + " + " + rotation;
    emit changeRequested(change);
}

void SchemePicker::chooseRotation(int index)
{
    const std::string rotation = m_rotation->itemData(index).toString().toStdString();
    const std::string err = m_known ? schemeCombinationError(m_inForceTranslation, rotation) : std::string();
    if (err.empty()) {
        LiveParams change;
        change.rotation = rotation;
        emit changeRequested(change);
        return;
    }
    // refused before it reaches the runner; the combos go back to what runs
    emit refused(tr("rotation %1 cannot run with translation %2 (%3); choose another "
                    "translation first")
                     .arg(qs(rotation), qs(m_inForceTranslation), qs(err)));
    showSchemes(m_inForceTranslation, m_inForceRotation);
}

} // namespace tumble::ui
