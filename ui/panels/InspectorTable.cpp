#include "panels/InspectorTable.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QWidget>

#include <algorithm>

namespace tumble::ui::inspector {

QLabel* hint(const QString& text)
{
    auto* l = new QLabel(text);
    l->setObjectName(QStringLiteral("hint"));
    l->setWordWrap(true);
    l->setStyleSheet(QStringLiteral("color: #505560;"));
    l->setContentsMargins(0, 8, 0, 0);
    return l;
}

QGridLayout* table(QWidget*& widget)
{
    widget = new QWidget;
    QSizePolicy keep = widget->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    widget->setSizePolicy(keep);
    auto* grid = new QGridLayout(widget);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    return grid;
}

QFont monoFont()
{
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setFamily(QStringLiteral("DejaVu Sans Mono"));
    mono.setStyleHint(QFont::Monospace);
    mono.setPointSizeF(std::min(mono.pointSizeF() > 0 ? mono.pointSizeF() : 9.0, 9.0));
    return mono;
}

QLabel* header(const QString& name)
{
    auto* l = new QLabel;
    l->setObjectName(QStringLiteral("value:") + name);
    QFont bold = l->font();
    bold.setBold(true);
    l->setFont(bold);
    return l;
}

QLabel* sectionTitle(const QString& text)
{
    auto* l = new QLabel(text);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    l->setContentsMargins(0, 6, 0, 0);
    return l;
}

QLabel* value(const QString& name, const QFont& mono, const QString& tip)
{
    auto* v = new QLabel;
    v->setObjectName(QStringLiteral("value:") + name);
    v->setFont(mono);
    v->setTextFormat(Qt::PlainText);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setToolTip(tip);
    return v;
}

} // namespace tumble::ui::inspector
