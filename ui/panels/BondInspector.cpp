#include "panels/BondInspector.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>

#include "panels/InspectorTable.h"
#include "panels/NumberText.h"

namespace tumble::ui {

using inspector::sectionTitle;

namespace {

// the rows' value label names (valueText fields), in Field order
const char* kRowNames[] = {"theta", "phi",     "psi",    "normal", "shear", "twist", "bend",
                           "load",  "Enormal", "Eshear", "Etwist", "Ebend", "Etotal"};

} // namespace

// ------------------------------------------------------------------------------------------------
BondInspector::BondInspector(QWidget* parent) : QWidget(parent)
{
    static_assert(std::size(kRowNames) == std::size_t(FieldCount));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 6, 8, 6);
    outer->setSpacing(4);

    m_hint = inspector::hint(tr("Nothing selected: click a bond (a line between two spheres) in the 3D view."));
    outer->addWidget(m_hint);

    QGridLayout* grid = inspector::table(m_table);
    const QFont mono = inspector::monoFont();

    m_header = inspector::header(QStringLiteral("bond"));
    m_header->setWordWrap(true);
    grid->addWidget(m_header, 0, 0, 1, 2);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("value:status"));
    m_status->setWordWrap(true);
    grid->addWidget(m_status, 1, 0, 1, 2);

    int line = 2;
    // a section title with the value column's headings beside it
    auto title = [&](const QString& text, const char* a, const char* b) {
        grid->addWidget(sectionTitle(text), line, 0);
        if (a) {
            char heads[64];
            std::snprintf(heads, sizeof heads, "%*s %*s", kNumberColumn, a, kNumberColumn, b);
            auto* l = new QLabel(QString::fromUtf8(heads));
            l->setFont(mono);
            l->setStyleSheet(QStringLiteral("color: #707580;"));
            l->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
            grid->addWidget(l, line, 1);
        }
        ++line;
    };
    auto row = [&](Field f, const QString& name, const QString& tip) {
        auto* n = new QLabel(name);
        n->setToolTip(tip);
        QLabel* v = inspector::value(QLatin1String(kRowNames[f]), mono, tip);
        grid->addWidget(n, line, 0);
        grid->addWidget(v, line++, 1);
        m_rows[f].label = v;
        return n;
    };

    title(tr("Wang's angles"), "rad", "deg");
    row(Theta, tr("\u03b8 bend"), tr("bend: the angle between the two bodies' material lines along the bond"));
    row(Phi, tr("\u03c6 plane"),
        tr("azimuth of the bending plane from the bond frame's x axis (undefined, shown 0, without bend)"));
    row(Psi, tr("\u03c8 twist"), tr("twist about the bond (Wang's eq. 24)"));
    // each mode: what it measures and its generalised force (what the strengths are compared with)
    title(tr("Modes"), "measure", "load");
    row(Normal, tr("normal (m, N)"),
        tr("stretch l - L0 (> 0 stretched), m; normal force N = kn (l - L0) (> 0 pulling together), N"));
    row(Shear, tr("shear (m, N)"),
        tr("slip |u| of the contact point's two material points, m; shear force S = ks |u|, N"));
    row(Twist, tr("twist (rad, N m)"), tr("twist \u03c8, rad; twisting moment T = kt \u03c8, N m"));
    row(Bend, tr("bend (rad, N m)"), tr("bend \u03b8, rad; bending moment B = kb \u03b8, N m"));
    m_loadName = row(Load, tr("load/strength (1)"),
                     tr("the loads against the strengths under the bond's criterion: it breaks at 1"));
    title(tr("Elastic energy (J)"), nullptr, nullptr);
    row(ENormal, tr("normal"), tr("\u00bd kn (l - L0)\u00b2, J"));
    row(EShear, tr("shear"), tr("\u00bd ks |u|\u00b2, J"));
    row(ETwist, tr("twist"), tr("\u00bd kt \u03c8\u00b2, J"));
    row(EBend, tr("bend"), tr("\u00bd kb \u03b8\u00b2, J"));
    row(ETotal, tr("total"), tr("the four modes together, J"));
    grid->setColumnStretch(1, 1);

    // what the 3D view draws for the selected bond
    auto* legend = new QLabel(tr("3D view: bond frame at the contact point (x red, y green, z blue along the "
                                 "bond), bending plane amber."));
    legend->setWordWrap(true);
    legend->setStyleSheet(QStringLiteral("color: #505560;"));
    legend->setContentsMargins(0, 6, 0, 0);
    grid->addWidget(legend, line++, 0, 1, 2);
    outer->addWidget(m_table);
    outer->addStretch(1);

    showHint();
}

BondInspector::~BondInspector() = default;

// ------------------------------------------------------------------------------------------------
QStringList BondInspector::fields()
{
    QStringList out{QStringLiteral("bond"), QStringLiteral("status")};
    for (const char* name : kRowNames)
        out << QLatin1String(name);
    return out;
}

QString BondInspector::valueText(const QString& field) const
{
    if (showsHint())
        return {};
    if (field == QLatin1String("bond"))
        return m_header->text();
    if (field == QLatin1String("status"))
        return m_status->text();
    for (int f = 0; f < FieldCount; ++f)
        if (field == QLatin1String(kRowNames[f]))
            return m_rows[std::size_t(f)].label->text().simplified();
    return {};
}

// ------------------------------------------------------------------------------------------------
void BondInspector::setSelectedBond(int a, int b)
{
    const std::array<int, 2> pair = a >= 0 && b >= 0 ? std::array<int, 2>{a, b} : std::array<int, 2>{-1, -1};
    const bool same = (pair == m_requested) || (pair[0] == m_requested[1] && pair[1] == m_requested[0]);
    m_requested = pair;
    if (pair[0] < 0 || !same)
        showHint(); // the new bond shows with the first snapshot that carries it
}

void BondInspector::setSnapshot(const SnapshotPtr& snapshot)
{
    if (!snapshot || m_requested[0] < 0 || !snapshot->selectedBond)
        return;
    const BondState& b = *snapshot->selectedBond;
    // a snapshot published before the worker saw the selection carries another bond: skip it
    const bool match = (b.bodies[0] == m_requested[0] && b.bodies[1] == m_requested[1]) ||
                       (b.bodies[0] == m_requested[1] && b.bodies[1] == m_requested[0]);
    if (match)
        showBond(b);
}

void BondInspector::clear()
{
    setSelectedBond(-1, -1);
}

// ------------------------------------------------------------------------------------------------
void BondInspector::showHint()
{
    m_shownAny = false;
    m_shown = BondState();
    m_statusKey = -1;
    m_statusTime = -1.0;
    m_header->clear();
    for (Row& r : m_rows) { // a selection changes: no numbers of the last bond stay behind
        r.text[0] = '\0';
        r.label->clear();
    }
    m_hint->setVisible(true);
    m_table->setVisible(false);
}

void BondInspector::setRow(Field f, const char* text)
{
    Row& r = m_rows[std::size_t(f)];
    if (std::strncmp(r.text.data(), text, r.text.size()) == 0)
        return; // unchanged: no string, no relayout
    std::snprintf(r.text.data(), r.text.size(), "%s", text);
    r.label->setText(QString::fromUtf8(r.text.data()));
}

void BondInspector::showBond(const BondState& b)
{
    const bool first = !m_shownAny;
    if (first || b.bodies[0] != m_shown.bodies[0] || b.bodies[1] != m_shown.bodies[1])
        m_header->setText(b.formulation == BondFormulation::Incremental
                              ? tr("Bond between bodies %1 and %2, incremental law").arg(b.bodies[0]).arg(b.bodies[1])
                              : tr("Bond between bodies %1 and %2").arg(b.bodies[0]).arg(b.bodies[1]));
    m_shownAny = true;
    m_hint->setVisible(false);
    m_table->setVisible(true);

    // the status: intact, or when it broke (the last numbers stay on show)
    const int key = b.broken ? 1 : 0;
    if (key != m_statusKey || (b.broken && b.breakTime != m_statusTime)) {
        m_statusKey = key;
        m_statusTime = b.broken ? b.breakTime : -1.0;
        if (b.broken) {
            m_status->setText(tr("broken at t = %1 s").arg(QString::number(b.breakTime, 'g', 6)));
            m_status->setStyleSheet(QStringLiteral("color: #b01818; font-weight: bold;"));
        } else {
            m_status->setText(b.breakable() ? tr("intact") : tr("intact (no strength given: never breaks)"));
            m_status->setStyleSheet(QStringLiteral("color: #2a6a2a;"));
        }
    }
    if (b.broken) {
        if (first) { // selected after it broke: no numbers to keep
            for (int f = 0; f < FieldCount; ++f)
                setRow(Field(f), "-");
        }
        m_shown.broken = true;
        m_shown.breakTime = b.breakTime;
        m_shown.bodies[0] = b.bodies[0];
        m_shown.bodies[1] = b.bodies[1];
        return;
    }
    m_shown = b;

    const BondInspection& s = b.inspection;
    char text[128];
    auto angle = [&](Field f, double rad) {
        char r[64], d[64];
        formatNumber(r, sizeof r, rad, 5);
        formatNumber(d, sizeof d, rad * 180.0 / std::numbers::pi, 5);
        std::snprintf(text, sizeof text, "%*s %*s", kNumberColumn, r, kNumberColumn, d);
        setRow(f, text);
    };
    auto pair = [&](Field f, double measure, double load) {
        char m[64], l[64];
        formatNumber(m, sizeof m, measure, 5);
        formatNumber(l, sizeof l, load, 5);
        std::snprintf(text, sizeof text, "%*s %*s", kNumberColumn, m, kNumberColumn, l);
        setRow(f, text);
    };
    auto scalar = [&](Field f, double v) {
        formatScalar(text, sizeof text, v);
        setRow(f, text);
    };
    angle(Theta, s.loads.theta);
    angle(Phi, s.phi);
    angle(Psi, s.loads.psi);
    pair(Normal, s.loads.stretch, s.tension);
    pair(Shear, s.loads.slip, s.shearForce);
    pair(Twist, s.loads.psi, s.twistMoment);
    pair(Bend, s.loads.theta, s.bendMoment);
    m_loadName->setVisible(b.breakable());
    m_rows[Load].label->setVisible(b.breakable());
    if (b.breakable())
        scalar(Load, double(b.loadRatio));
    else
        setRow(Load, "");
    scalar(ENormal, s.loads.energy[kBondNormal]);
    scalar(EShear, s.loads.energy[kBondShear]);
    scalar(ETwist, s.loads.energy[kBondTwist]);
    scalar(EBend, s.loads.energy[kBondBend]);
    scalar(ETotal, s.energy());
}

} // namespace tumble::ui
