#pragma once
// PanelLayout: the control panel's form rows, shown choices and short numbers, shared by its
// groups and the widgets it is built from (DtField, SchemePicker), so they line up alike.
#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QString>
#include <QVariant>

#include <cmath>

namespace tumble::ui {

/// A form of right-aligned labels and growing fields, as every group of the panel has.
inline QFormLayout* panelForm()
{
    auto* f = new QFormLayout;
    f->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    f->setHorizontalSpacing(8);
    f->setVerticalSpacing(6);
    return f;
}

/// Shows the item of box whose data is data (none: leaves it), unless the user is choosing in
/// it (it has the focus); sends no signal, so showing a value never requests it again.
inline void showChoice(QComboBox* box, const QVariant& data)
{
    if (box->hasFocus())
        return;
    const QSignalBlocker block(box);
    const int i = box->findData(data);
    if (i >= 0)
        box->setCurrentIndex(i);
}

/// v with `digits` significant digits; an em dash when it is not finite.
inline QString shortNumber(double v, int digits = 3)
{
    if (!std::isfinite(v))
        return QStringLiteral("\u2014"); // em dash
    return QString::number(v, 'g', digits);
}

} // namespace tumble::ui
