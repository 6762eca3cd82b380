#include "panels/BodyInspector.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "panels/InspectorTable.h"
#include "panels/NumberText.h"

namespace tumble::ui {

using inspector::sectionTitle;

namespace {

// a number's column width, characters (NumberText.h)
constexpr int kColumn = kNumberColumn;

// the rows' names (valueText fields, but the quaternion's two rows make one "quaternion")
const char* kRowNames[] = {"mass",  "moments", "position", "velocity", "qw",     "qxyz", "wWorld",
                           "wBody", "LWorld",  "LBody",    "Lnorm",    "Etrans", "Erot", "Etotal"};

} // namespace

// ------------------------------------------------------------------------------------------------
BodyInspector::BodyInspector(QWidget* parent) : QWidget(parent)
{
    static_assert(std::size(kRowNames) == std::size_t(FieldCount));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 6, 8, 6);
    outer->setSpacing(4);

    // keyboard picker: a body id (none at -1), or the next clump
    {
        auto* row = new QHBoxLayout;
        auto* label = new QLabel(tr("Body"));
        m_bodyBox = new QSpinBox;
        m_bodyBox->setObjectName(QStringLiteral("bodyBox"));
        m_bodyBox->setRange(-1, -1);
        m_bodyBox->setSpecialValueText(tr("none"));
        m_bodyBox->setKeyboardTracking(false); // typed ids land on Enter, arrows at once
        m_bodyBox->setToolTip(tr("Body id (scene order); the 3D view selects by click"));
        label->setBuddy(m_bodyBox);
        m_nextClump = new QPushButton(tr("Next clump"));
        m_nextClump->setObjectName(QStringLiteral("nextClump"));
        m_nextClump->setEnabled(false);
        row->addWidget(label);
        row->addWidget(m_bodyBox, 1);
        row->addWidget(m_nextClump);
        outer->addLayout(row);
        connect(m_bodyBox, &QSpinBox::valueChanged, this, [this](int b) { emit bodyRequested(b); });
        connect(m_nextClump, &QPushButton::clicked, this, &BodyInspector::selectNextClump);
    }

    m_hint = inspector::hint(tr("Nothing selected: click a body in the 3D view."));
    outer->addWidget(m_hint);

    // the table: section titles, then "name  value" rows; values in a monospace font
    QGridLayout* grid = inspector::table(m_table);
    const QFont mono = inspector::monoFont();

    m_header = inspector::header(QStringLiteral("body"));
    grid->addWidget(m_header, 0, 0, 1, 2);

    int line = 1;
    auto title = [&](const QString& text) { grid->addWidget(sectionTitle(text), line++, 0, 1, 2); };
    auto columns = [&](const char* a, const char* b, const char* c) {
        char text[64];
        std::snprintf(text, sizeof text, "%*s %*s %*s", kColumn, a, kColumn, b, kColumn, c);
        auto* l = new QLabel(QString::fromLatin1(text));
        l->setFont(mono);
        l->setStyleSheet(QStringLiteral("color: #707580;"));
        grid->addWidget(l, line++, 1);
    };
    auto row = [&](Field f, const QString& name, const QString& tip) {
        auto* n = new QLabel(name);
        n->setToolTip(tip);
        QLabel* v = inspector::value(QLatin1String(kRowNames[f]), mono, tip);
        grid->addWidget(n, line, 0);
        grid->addWidget(v, line++, 1);
        m_rows[f].label = v;
    };

    title(tr("Mass properties"));
    row(Mass, tr("m (kg)"), tr("mass, kg"));
    row(Moments, tr("J (kg m\u00b2)"),
        tr("principal moments of inertia J1 <= J2 <= J3 about the centre of mass, kg m^2"));
    title(tr("Translation (world frame)"));
    columns("x", "y", "z");
    row(Position, tr("x (m)"), tr("centre of mass, world frame, m"));
    row(Velocity, tr("v (m/s)"), tr("centre-of-mass velocity, world frame, m/s"));
    title(tr("Orientation q"));
    const QString qTip = tr("unit quaternion rotating the principal (body) frame into the world frame");
    row(QuatW, tr("w"), qTip);
    row(QuatXyz, tr("x y z"), qTip);
    title(tr("Angular velocity \u03c9 (rad/s)"));
    columns("x|e1", "y|e2", "z|e3");
    row(WWorld, tr("world"), tr("angular velocity, world frame x y z, rad/s"));
    row(WBody, tr("body"), tr("angular velocity on the principal axes e1 e2 e3 (q^-1 \u03c9), rad/s"));
    title(tr("Angular momentum L (kg m\u00b2/s)"));
    row(LWorld, tr("world"), tr("angular momentum about the centre of mass, world frame x y z"));
    row(LBody, tr("body"), tr("angular momentum on the principal axes e1 e2 e3 (q^-1 L)"));
    row(LNorm, tr("|L|"), tr("magnitude of the angular momentum"));
    title(tr("Kinetic energy (J)"));
    row(ETrans, tr("transl."), tr("translational: \u00bd m v\u00b2"));
    row(ERot, tr("rot."), tr("rotational: \u00bd \u03c9 \u00b7 L"));
    row(ETotal, tr("total"), tr("translational + rotational"));
    grid->setColumnStretch(1, 1);
    outer->addWidget(m_table);
    outer->addStretch(1);

    showHint();
}

BodyInspector::~BodyInspector() = default;

// ------------------------------------------------------------------------------------------------
QStringList BodyInspector::fields()
{
    return {QStringLiteral("body"),     QStringLiteral("mass"),     QStringLiteral("moments"),
            QStringLiteral("position"), QStringLiteral("velocity"), QStringLiteral("quaternion"),
            QStringLiteral("wWorld"),   QStringLiteral("wBody"),    QStringLiteral("LWorld"),
            QStringLiteral("LBody"),    QStringLiteral("Lnorm"),    QStringLiteral("Etrans"),
            QStringLiteral("Erot"),     QStringLiteral("Etotal")};
}

QString BodyInspector::valueText(const QString& field) const
{
    if (showsHint())
        return {};
    if (field == QLatin1String("body"))
        return m_header->text();
    if (field == QLatin1String("quaternion"))
        return (m_rows[QuatW].label->text() + QLatin1Char(' ') + m_rows[QuatXyz].label->text()).simplified();
    for (int f = 0; f < FieldCount; ++f)
        if (f != QuatW && f != QuatXyz && field == QLatin1String(kRowNames[f]))
            return m_rows[f].label->text().simplified();
    return {};
}

bool BodyInspector::showsHint() const
{
    return m_shownId < 0;
}

// ------------------------------------------------------------------------------------------------
void BodyInspector::setSelectedBody(int body)
{
    m_requested = body < 0 ? -1 : body;
    {
        const QSignalBlocker block(m_bodyBox);
        if (m_requested > m_bodyBox->maximum())
            m_bodyBox->setMaximum(m_requested);
        m_bodyBox->setValue(m_requested);
    }
    if (m_requested < 0)
        showHint();
    else if (m_snapshot && m_snapshot->selected && m_snapshot->selected->id == m_requested)
        showBody(*m_snapshot->selected, *m_snapshot);
    // else: the body shows with the first snapshot that carries it
}

void BodyInspector::setSnapshot(const SnapshotPtr& snapshot)
{
    if (!snapshot)
        return;
    m_snapshot = snapshot;
    const FrameSnapshot& s = *snapshot;
    const int last = int(s.bodyCount()) - 1;
    if (m_bodyBox->maximum() != std::max(last, m_requested)) {
        const QSignalBlocker block(m_bodyBox);
        m_bodyBox->setMaximum(std::max(last, m_requested));
    }
    m_nextClump->setEnabled(!s.clumps.empty());
    // a snapshot published before the worker saw the selection carries another body: skip it
    if (m_requested >= 0 && s.selected && s.selected->id == m_requested)
        showBody(*s.selected, s);
}

void BodyInspector::clear()
{
    m_snapshot.reset();
    m_countRevision = -1;
    m_countBody = -1;
    setSelectedBody(-1);
    const QSignalBlocker block(m_bodyBox);
    m_bodyBox->setMaximum(-1);
    m_nextClump->setEnabled(false);
}

void BodyInspector::selectNextClump()
{
    if (!m_snapshot || m_snapshot->clumps.empty())
        return;
    // the first clump after the selection, wrapping round (clumps are in body order)
    int next = m_snapshot->clumps.front().id;
    for (const BodyState& c : m_snapshot->clumps)
        if (c.id > m_requested) {
            next = c.id;
            break;
        }
    emit bodyRequested(next);
}

// ------------------------------------------------------------------------------------------------
void BodyInspector::showHint()
{
    m_shownId = -1;
    m_shownType = -1;
    m_hint->setVisible(true);
    m_table->setVisible(false);
}

int BodyInspector::memberCount(const FrameSnapshot& s, int body)
{
    const long long revision = s.scene ? s.scene->revision : -1;
    if (revision != m_countRevision || body != m_countBody) {
        // once per scene revision and body: members of a body are few, the loop is over all
        int n = 0;
        for (std::size_t i = 0; i < s.memberCount(); ++i)
            n += s.bodyOf(i) == body;
        m_countRevision = revision;
        m_countBody = body;
        m_count = n;
    }
    return m_count;
}

void BodyInspector::setRow(Field f, const char* text)
{
    Row& r = m_rows[f];
    if (std::strncmp(r.text.data(), text, r.text.size()) == 0)
        return; // unchanged: no string, no relayout
    std::snprintf(r.text.data(), r.text.size(), "%s", text);
    r.label->setText(QString::fromLatin1(r.text.data()));
}

void BodyInspector::showBody(const BodyState& b, const FrameSnapshot& s)
{
    // header: id, type, members (changes with the selection only)
    const bool clump = b.type == BodyType::Clump;
    const int members = clump ? memberCount(s, b.id) : 1;
    // what the header says: sphere or clump of so many, and how the body moves
    const int headerKey = 3 * (clump ? 1 + members : 0) + static_cast<int>(b.motion);
    if (b.id != m_shownId || headerKey != m_shownType) {
        // a held body says so: its motion is prescribed, not the loads' doing
        const QString held = b.motion == BodyMotion::Fixed    ? tr(", fixed")
                             : b.motion == BodyMotion::Driven ? tr(", driven")
                                                              : QString();
        m_header->setText(
            (clump ? tr("Body %1: clump of %2 spheres").arg(b.id).arg(members) : tr("Body %1: sphere").arg(b.id)) +
            held);
        m_shownType = headerKey;
    }
    m_shownId = b.id;
    m_hint->setVisible(false);
    m_table->setVisible(true);

    char text[256];
    formatScalar(text, sizeof text, b.mass);
    setRow(Mass, text);
    formatVector(text, sizeof text, b.moments);
    setRow(Moments, text);
    formatVector(text, sizeof text, b.position);
    setRow(Position, text);
    formatVector(text, sizeof text, b.velocity);
    setRow(Velocity, text);
    // quaternion components lie in [-1, 1]: five decimals, w above the x y z columns
    const Quat& q = b.orientation;
    std::snprintf(text, sizeof text, "%*.5f", kColumn, q.w());
    setRow(QuatW, text);
    std::snprintf(text, sizeof text, "%*.5f %*.5f %*.5f", kColumn, q.x(), kColumn, q.y(), kColumn, q.z());
    setRow(QuatXyz, text);
    formatVector(text, sizeof text, b.angularVelocity);
    setRow(WWorld, text);
    formatVector(text, sizeof text, b.angularVelocityBody());
    setRow(WBody, text);
    formatVector(text, sizeof text, b.angularMomentum);
    setRow(LWorld, text);
    formatVector(text, sizeof text, b.angularMomentumBody());
    setRow(LBody, text);
    formatScalar(text, sizeof text, b.angularMomentum.norm());
    setRow(LNorm, text);
    const double et = b.translationalEnergy();
    const double er = b.rotationalEnergy();
    formatScalar(text, sizeof text, et);
    setRow(ETrans, text);
    formatScalar(text, sizeof text, er);
    setRow(ERot, text);
    formatScalar(text, sizeof text, et + er);
    setRow(ETotal, text);
}

} // namespace tumble::ui
