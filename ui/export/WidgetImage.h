#pragma once
// WidgetImage: a widget as on screen, GL views included, as one image (issue 6 exports).
//
// Design note. QWidget::grab() renders child widgets but not what a QOpenGLWidget shows through
// our VTK bridge; each GL view's own framebuffer (grabFramebuffer, which re-renders it) is drawn
// over its place, as MainWindow::grabWindowImage does for the whole window. A single GL view is
// just its framebuffer, at device resolution.
#include <QImage>

class QWidget;

namespace tumble::ui {

/// widget with every visible GL view inside it composited, opaque, at the device pixel ratio;
/// a null image for a null widget.
QImage grabWidgetImage(QWidget* widget);

} // namespace tumble::ui
