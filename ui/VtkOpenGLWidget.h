#pragma once
// VtkOpenGLWidget: a QOpenGLWidget that drives a vtkGenericOpenGLRenderWindow.
//
// Design note. Debian 12's VTK 9.1 builds its own Qt widget for Qt 5 only, so Tumble carries
// this bridge (DESIGN.md, ui/). VTK renders into its own framebuffers (frame blit mode "no
// blit"); paintGL asks VTK to render and then blits VTK's display framebuffer into the
// widget's framebuffer, so Qt composes the widget like any other. The rules that make it work
// on Mesa llvmpipe were found the hard way (issue 2):
//   - VTK's make-current request is honoured only when the context is *not* current: calling
//     QOpenGLWidget::makeCurrent() again rebinds Qt's framebuffer behind VTK's state cache, VTK
//     then attaches its textures to Qt's framebuffer and every frame comes out black. After a
//     real context switch VTK's cached framebuffer bindings are reset.
//   - after the blit, alpha is forced to 1 (Mesa leaves it < 1 and the compositor blends the
//     widget with the window behind) and VTK's framebuffer bindings are reset again.
//   - the interactor never renders by itself (EnableRenderOff): its render requests become
//     update(), and its create/destroy-timer requests are served by QTimers (vtkChartXY only
//     redraws after interaction through such timers).
//   - mouse positions are in device pixels with y up; the window DPI is 72 x device pixel
//     ratio; multisampling is off (llvmpipe).
// Rejected: QVTKOpenGLNativeWidget (Qt 5 build only here) and vtkWindowToImageFilter copies
// into a QImage every frame (a CPU round trip per frame).
//
// Subclasses add renderers or a vtkContextView to renderWindow() and override prepareRender()
// to update their pipeline right before VTK renders.
#include <QOpenGLWidget>

#include <QHash>
#include <vector>

class QTimer;
class vtkGenericOpenGLRenderWindow;
class vtkGenericRenderWindowInteractor;
class vtkObject;

namespace tumble::ui {

class VtkOpenGLWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit VtkOpenGLWidget(QWidget* parent = nullptr);
    ~VtkOpenGLWidget() override;

    vtkGenericOpenGLRenderWindow* renderWindow() const;
    vtkGenericRenderWindowInteractor* interactor() const;

    /// Frames painted per second over the last second of painting (0 before the first second).
    double framesPerSecond() const { return m_fps; }
    /// Frames painted since construction.
    long long frameCount() const { return m_frameCount; }
    /// Wall time of one paint (VTK render plus blit), averaged over recent frames, ms.
    double paintMilliseconds() const { return m_paintMs; }

signals:
    /// The user pressed a button or turned the wheel over the view.
    void userInteracted();
    /// Emitted after each painted frame.
    void framePainted();

protected:
    /// Called in paintGL with the context current, right before VTK renders.
    virtual void prepareRender() {}

    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;

    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void onRenderWindowEvent(vtkObject* caller, unsigned long eventId, void* callData);
    void onInteractorEvent(vtkObject* caller, unsigned long eventId, void* callData);
    void forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat = false);
    void setEventPosition(const QPointF& pos, Qt::KeyboardModifiers mods, bool repeat);
    void updateSize();

    vtkGenericOpenGLRenderWindow* m_window = nullptr;
    vtkGenericRenderWindowInteractor* m_interactor = nullptr;
    std::vector<unsigned long> m_windowObservers;
    std::vector<unsigned long> m_interactorObservers;
    QHash<int, QTimer*> m_timers; // platform timer id (= VTK timer id) -> timer
    bool m_initialized = false;
    QMetaObject::Connection m_contextGone;

    // frame rate over a sliding one-second window
    long long m_frameCount = 0;
    long long m_framesAtMark = 0;
    qint64 m_markMs = -1;
    double m_fps = 0.0;
    double m_paintMs = 0.0;
};

} // namespace tumble::ui
