#pragma once
// Choosing in a combo box as the user does: the index changes, then activated() (the signal the
// GUI listens to; setCurrentIndex alone does not send it).
#include <QComboBox>
#include <QVariant>

namespace tumble::test {

/// Chooses the item whose data is data; false when there is none.
inline bool activate(QComboBox* box, const QVariant& data)
{
    const int i = box->findData(data);
    if (i < 0)
        return false;
    box->setCurrentIndex(i);
    emit box->activated(i);
    return true;
}

/// Chooses the item whose text is text; false when there is none.
inline bool activateText(QComboBox* box, const QString& text)
{
    const int i = box->findText(text);
    if (i < 0)
        return false;
    box->setCurrentIndex(i);
    emit box->activated(i);
    return true;
}

} // namespace tumble::test
