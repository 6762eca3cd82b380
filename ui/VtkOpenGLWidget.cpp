#include "VtkOpenGLWidget.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QTimer>
#include <QWheelEvent>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>

#include <cmath>

namespace tumble::ui {

// ------------------------------------------------------------------------------------------------
VtkOpenGLWidget::VtkOpenGLWidget(QWidget* parent) : QOpenGLWidget(parent)
{
    // the widget's own format: no multisampling (llvmpipe), a depth buffer for VTK
    QSurfaceFormat fmt = format();
    fmt.setSamples(0);
    setFormat(fmt);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true); // hover feedback for charts
    setMinimumSize(120, 90);

    m_window = vtkGenericOpenGLRenderWindow::New();
    m_window->SetReadyForRendering(false); // until initializeGL has a context
    m_window->SetMultiSamples(0);
    m_window->SetFrameBlitModeToNoBlit();
    m_window->SetForceMaximumHardwareLineWidth(1);
    m_window->SetOwnContext(0);

    m_interactor = vtkGenericRenderWindowInteractor::New();
    m_interactor->SetRenderWindow(m_window);
    m_interactor->EnableRenderOff(); // render requests become update()
    vtkNew<vtkInteractorStyleTrackballCamera> style;
    m_interactor->SetInteractorStyle(style);

    // render window requests: make current, is current, frame done
    for (unsigned long ev : {unsigned(vtkCommand::WindowMakeCurrentEvent),
                             unsigned(vtkCommand::WindowIsCurrentEvent),
                             unsigned(vtkCommand::WindowFrameEvent)})
        m_windowObservers.push_back(
            m_window->AddObserver(ev, this, &VtkOpenGLWidget::onRenderWindowEvent));
    // interactor requests: render, create and destroy timers
    for (unsigned long ev : {unsigned(vtkCommand::RenderEvent),
                             unsigned(vtkCommand::CreateTimerEvent),
                             unsigned(vtkCommand::DestroyTimerEvent)})
        m_interactorObservers.push_back(
            m_interactor->AddObserver(ev, this, &VtkOpenGLWidget::onInteractorEvent));

    m_interactor->Initialize();
}

// ------------------------------------------------------------------------------------------------
VtkOpenGLWidget::~VtkOpenGLWidget()
{
    // observers go first: a vtkContextView or a mapper may keep the window alive after us
    for (unsigned long id : m_windowObservers)
        m_window->RemoveObserver(id);
    for (unsigned long id : m_interactorObservers)
        m_interactor->RemoveObserver(id);
    qDeleteAll(m_timers);
    m_timers.clear();

    // release GL resources while our context still exists
    disconnect(m_contextGone);
    if (m_initialized && context()) {
        makeCurrent();
        m_window->Finalize();
        doneCurrent();
    }
    m_initialized = false;
    m_window->SetReadyForRendering(false);
    m_interactor->SetRenderWindow(nullptr);
    m_window->SetInteractor(nullptr);
    m_interactor->Delete();
    m_window->Delete();
}

vtkGenericOpenGLRenderWindow* VtkOpenGLWidget::renderWindow() const { return m_window; }
vtkGenericRenderWindowInteractor* VtkOpenGLWidget::interactor() const { return m_interactor; }

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::onRenderWindowEvent(vtkObject*, unsigned long eventId, void* callData)
{
    switch (eventId) {
    case vtkCommand::WindowMakeCurrentEvent: {
        // only switch when needed: makeCurrent() on a current context rebinds Qt's framebuffer
        // behind VTK's state cache (black frames)
        if (QOpenGLContext::currentContext() != context() && context()) {
            makeCurrent();
            m_window->GetState()->ResetFramebufferBindings();
        }
        break;
    }
    case vtkCommand::WindowIsCurrentEvent: {
        bool& current = *static_cast<bool*>(callData);
        current = context() && QOpenGLContext::currentContext() == context();
        break;
    }
    case vtkCommand::WindowFrameEvent:
        // the blit happens in paintGL; nothing to swap here
        break;
    default:
        break;
    }
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::onInteractorEvent(vtkObject*, unsigned long eventId, void*)
{
    switch (eventId) {
    case vtkCommand::RenderEvent:
        update();
        break;
    case vtkCommand::CreateTimerEvent: {
        // the platform id is the VTK id: unique, and it lets the timeout name the VTK timer
        const int vtkId = m_interactor->GetTimerEventId();
        const bool oneShot =
            m_interactor->GetTimerEventType() == vtkRenderWindowInteractor::OneShotTimer;
        auto* timer = new QTimer(this);
        timer->setSingleShot(oneShot);
        timer->setInterval(std::max(1, m_interactor->GetTimerEventDuration()));
        connect(timer, &QTimer::timeout, this, [this, vtkId, oneShot]() {
            int id = vtkId;
            m_interactor->InvokeEvent(vtkCommand::TimerEvent, &id);
            if (oneShot)
                m_interactor->DestroyTimer(vtkId); // fires DestroyTimerEvent below
        });
        m_timers.insert(vtkId, timer);
        m_interactor->SetTimerEventPlatformId(vtkId);
        timer->start();
        break;
    }
    case vtkCommand::DestroyTimerEvent: {
        const int platformId = m_interactor->GetTimerEventPlatformId();
        if (QTimer* timer = m_timers.take(platformId)) {
            timer->stop();
            timer->deleteLater(); // we may be inside its timeout
        }
        break;
    }
    default:
        break;
    }
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::initializeGL()
{
    // a new context (first show, or re-parenting): VTK sets up its GL state in it
    m_window->SetReadyForRendering(false);
    m_window->SetOwnContext(0);
    m_window->SetMultiSamples(0);
    m_window->OpenGLInitContext();
    m_window->GetState()->ResetFramebufferBindings();
    m_window->SetReadyForRendering(true);
    m_initialized = true;
    disconnect(m_contextGone);
    m_contextGone = connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this]() {
        if (!m_initialized)
            return;
        makeCurrent();
        m_window->Finalize();
        m_window->SetReadyForRendering(false);
        m_initialized = false;
        doneCurrent();
    });
    updateSize();
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::resizeGL(int, int) { updateSize(); }

void VtkOpenGLWidget::updateSize()
{
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    m_interactor->UpdateSize(w, h); // also resizes the render window
    m_window->SetSize(w, h);
    m_window->SetDPI(int(std::lround(72.0 * dpr)));
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::paintGL()
{
    if (!m_initialized)
        return;
    QElapsedTimer paintTimer;
    paintTimer.start();
    // Qt made the context current and bound its framebuffer: VTK's cached bindings are stale
    m_window->GetState()->ResetFramebufferBindings();
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    if (m_window->GetSize()[0] != w || m_window->GetSize()[1] != h)
        updateSize();

    prepareRender();
    m_window->Render();

    // a render may have switched contexts (another widget painted meanwhile)
    if (QOpenGLContext::currentContext() != context())
        makeCurrent();

    QOpenGLExtraFunctions* f = context()->extraFunctions();
    vtkOpenGLState* state = m_window->GetState();

    // blit VTK's display framebuffer into Qt's, scissor off
    f->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum drawBuffer = GL_COLOR_ATTACHMENT0;
    f->glDrawBuffers(1, &drawBuffer);
    const GLboolean scissor = f->glIsEnabled(GL_SCISSOR_TEST);
    if (scissor) {
        state->vtkglDisable(GL_SCISSOR_TEST);
        f->glDisable(GL_SCISSOR_TEST);
    }
    const int* src = m_window->GetRenderFramebuffer()->GetLastSize();
    m_window->BlitDisplayFramebuffer(0, 0, 0, src[0], src[1], 0, 0, w, h, GL_COLOR_BUFFER_BIT,
                                     GL_NEAREST);

    // force alpha to 1: Mesa leaves VTK's alpha < 1 and the compositor would blend with it
    f->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    GLboolean mask[4];
    f->glGetBooleanv(GL_COLOR_WRITEMASK, mask);
    GLfloat clear[4];
    f->glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
    GLint viewport[4];
    f->glGetIntegerv(GL_VIEWPORT, viewport);
    f->glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    f->glClearColor(0.f, 0.f, 0.f, 1.f);
    f->glViewport(0, 0, w, h);
    f->glClear(GL_COLOR_BUFFER_BIT);
    f->glColorMask(mask[0], mask[1], mask[2], mask[3]);
    f->glClearColor(clear[0], clear[1], clear[2], clear[3]);
    f->glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    if (scissor) {
        state->vtkglEnable(GL_SCISSOR_TEST);
        f->glEnable(GL_SCISSOR_TEST);
    }
    // we changed bindings behind VTK's cache
    state->ResetFramebufferBindings();

    // frame rate and paint cost bookkeeping (glFinish-free: the cost seen by the GUI thread)
    const double ms = double(paintTimer.nsecsElapsed()) * 1e-6;
    m_paintMs = m_frameCount == 0 ? ms : 0.8 * m_paintMs + 0.2 * ms;
    ++m_frameCount;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_markMs < 0) {
        m_markMs = now;
        m_framesAtMark = m_frameCount;
    } else if (now - m_markMs >= 1000) {
        m_fps = double(m_frameCount - m_framesAtMark) * 1000.0 / double(now - m_markMs);
        m_markMs = now;
        m_framesAtMark = m_frameCount;
    }
    emit framePainted();
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::setEventPosition(const QPointF& pos, Qt::KeyboardModifiers mods, bool repeat)
{
    // device pixels, y up
    const double dpr = devicePixelRatioF();
    const int h = m_interactor->GetSize()[1];
    const int x = int(std::lround(pos.x() * dpr));
    const int y = h - 1 - int(std::lround(pos.y() * dpr));
    m_interactor->SetEventInformation(x, y, (mods & Qt::ControlModifier) ? 1 : 0,
                                      (mods & Qt::ShiftModifier) ? 1 : 0, 0, repeat ? 1 : 0);
    m_interactor->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
}

void VtkOpenGLWidget::forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat)
{
    setEventPosition(event->position(), event->modifiers(), repeat);
    m_interactor->InvokeEvent(vtkEvent, event);
    event->accept();
}

namespace {
unsigned long pressEventFor(Qt::MouseButton b)
{
    switch (b) {
    case Qt::LeftButton: return vtkCommand::LeftButtonPressEvent;
    case Qt::MiddleButton: return vtkCommand::MiddleButtonPressEvent;
    case Qt::RightButton: return vtkCommand::RightButtonPressEvent;
    default: return vtkCommand::NoEvent;
    }
}
unsigned long releaseEventFor(Qt::MouseButton b)
{
    switch (b) {
    case Qt::LeftButton: return vtkCommand::LeftButtonReleaseEvent;
    case Qt::MiddleButton: return vtkCommand::MiddleButtonReleaseEvent;
    case Qt::RightButton: return vtkCommand::RightButtonReleaseEvent;
    default: return vtkCommand::NoEvent;
    }
}
} // namespace

void VtkOpenGLWidget::mousePressEvent(QMouseEvent* event)
{
    const unsigned long ev = pressEventFor(event->button());
    if (ev != vtkCommand::NoEvent) {
        emit userInteracted();
        forwardMouse(event, ev);
    }
}

void VtkOpenGLWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    const unsigned long ev = pressEventFor(event->button());
    if (ev != vtkCommand::NoEvent)
        forwardMouse(event, ev, true);
}

void VtkOpenGLWidget::mouseReleaseEvent(QMouseEvent* event)
{
    const unsigned long ev = releaseEventFor(event->button());
    if (ev != vtkCommand::NoEvent)
        forwardMouse(event, ev);
}

void VtkOpenGLWidget::mouseMoveEvent(QMouseEvent* event)
{
    forwardMouse(event, vtkCommand::MouseMoveEvent);
}

void VtkOpenGLWidget::wheelEvent(QWheelEvent* event)
{
    const int dy = event->angleDelta().y();
    if (dy == 0)
        return;
    emit userInteracted();
    setEventPosition(event->position(), event->modifiers(), false);
    m_interactor->InvokeEvent(dy > 0 ? vtkCommand::MouseWheelForwardEvent
                                     : vtkCommand::MouseWheelBackwardEvent,
                              event);
    event->accept();
}

void VtkOpenGLWidget::enterEvent(QEnterEvent* event)
{
    setEventPosition(event->position(), event->modifiers(), false);
    m_interactor->InvokeEvent(vtkCommand::EnterEvent, event);
}

void VtkOpenGLWidget::leaveEvent(QEvent* event)
{
    m_interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
}

} // namespace tumble::ui
