#include "export/WidgetImage.h"

#include <QOpenGLWidget>
#include <QPainter>
#include <QWidget>

namespace tumble::ui {

QImage grabWidgetImage(QWidget* widget)
{
    if (!widget)
        return {};
    if (auto* gl = qobject_cast<QOpenGLWidget*>(widget))
        return gl->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QImage image = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QPainter painter(&image);
    for (QOpenGLWidget* gl : widget->findChildren<QOpenGLWidget*>()) {
        if (!gl->isVisibleTo(widget) || !gl->isVisible())
            continue;
        const QImage frame = gl->grabFramebuffer();
        const QPoint topLeft = gl->mapTo(widget, QPoint(0, 0));
        // logical coordinates: the painter maps them to the image's device pixels
        painter.drawImage(QRectF(topLeft.x(), topLeft.y(), gl->width(), gl->height()), frame);
    }
    painter.end();
    return image;
}

} // namespace tumble::ui
