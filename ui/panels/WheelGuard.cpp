#include "panels/WheelGuard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QWheelEvent>

namespace tumble::ui {

bool WheelGuard::guards(const QObject* object)
{
    return qobject_cast<const QComboBox*>(object) || qobject_cast<const QAbstractSpinBox*>(object);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (!guards(watched))
        return false;
    auto* w = static_cast<QWidget*>(watched);
    if (event->type() == QEvent::Polish || event->type() == QEvent::Show) {
        // the wheel must not give the focus either (QComboBox's default is WheelFocus)
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (event->type() != QEvent::Wheel || w->hasFocus())
        return false;
    // not focused: hand the wheel on up, as if the control had ignored it, to the first
    // ancestor that takes it (the scroll area's viewport). Qt does not propagate a wheel event
    // sent from code, so the walk is done here.
    const auto* wheel = static_cast<QWheelEvent*>(event);
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        const QPointF pos = w->mapTo(p, wheel->position());
        QWheelEvent forwarded(pos, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(),
                              wheel->modifiers(), wheel->phase(), wheel->inverted(), wheel->source());
        forwarded.ignore();
        QApplication::sendEvent(p, &forwarded);
        if (forwarded.isAccepted() || p->isWindow())
            break;
    }
    return true;
}

} // namespace tumble::ui
