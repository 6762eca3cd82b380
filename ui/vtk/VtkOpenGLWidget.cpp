#include "vtk/VtkOpenGLWidget.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QImage>
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
#include <vtkTimerLog.h>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "vtk/RenderThread.h"
#include "vtk/VtkTextLock.h"

namespace tumble::ui {

// one finished frame: RGBA rows bottom-up, as glReadPixels gives them
struct RenderedFrame {
    std::vector<unsigned char> rgba;
    int width = 0;
    int height = 0;
    long long serial = 0; // the request it answers
    double renderMs = 0.0;
    bool abandoned = false; // camera input cut it short: nothing to show
};

// threaded mode: the render thread and what passes between it and the GUI thread
struct VtkOpenGLWidget::Async {
    std::unique_ptr<RenderThread> thread;
    std::mutex pipeline; // held by the render thread while it renders; see the design note

    // render thread only (or under `pipeline`)
    bool cancellable = false;            // the frame in flight may be cut short
    std::atomic<bool> cancel{false};     // camera input came: cut it short
    bool vtkReady = false;               // VTK initialised its GL state in the render context
    std::vector<unsigned char> readBack; // the frame being read back

    // handed over under `frames`
    std::mutex frames;
    RenderedFrame ready;

    // GUI thread only
    bool inFlight = false;       // a frame requested and not yet taken
    bool dirty = true;           // something changed since the last frame was requested
    bool presentPending = false; // a finished frame waits to be shown
    bool inPaintEvent = false;   // paintGL from a paint event, not from a grab
    bool editing = false;        // inside a pipeline edit or prepareRender
    bool shutDown = false;
    long long requested = 0; // serial of the last frame requested
    std::vector<std::function<void()>> edits;
    RenderedFrame shown;
    bool shownNew = false;    // shown not yet uploaded into the texture
    unsigned int texture = 0; // in the widget's context, with its framebuffer
    unsigned int framebuffer = 0;
    int textureWidth = 0;
    int textureHeight = 0;
};

// ------------------------------------------------------------------------------------------------
VtkOpenGLWidget::VtkOpenGLWidget(QWidget* parent) : QOpenGLWidget(parent)
{
    // VTK marks every render in one global timing table (vtkTimerLog, on by default) that nobody
    // reads here, and it is not thread-safe: the 3D view's render thread and the plots' GUI-thread
    // renders wrote it at once (ThreadSanitizer, issue 21). Off once, before any render thread.
    static const bool timerLogOff = [] {
        vtkTimerLog::LoggingOff();
        return true;
    }();
    (void)timerLogOff;
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
    for (unsigned long ev : {unsigned(vtkCommand::WindowMakeCurrentEvent), unsigned(vtkCommand::WindowIsCurrentEvent),
                             unsigned(vtkCommand::WindowFrameEvent)})
        m_windowObservers.push_back(m_window->AddObserver(ev, this, &VtkOpenGLWidget::onRenderWindowEvent));
    // interactor requests: render, create and destroy timers
    for (unsigned long ev : {unsigned(vtkCommand::RenderEvent), unsigned(vtkCommand::CreateTimerEvent),
                             unsigned(vtkCommand::DestroyTimerEvent)})
        m_interactorObservers.push_back(m_interactor->AddObserver(ev, this, &VtkOpenGLWidget::onInteractorEvent));

    m_interactor->Initialize();

    connect(this, &VtkOpenGLWidget::frameRendered, this, &VtkOpenGLWidget::onFrameReady, Qt::QueuedConnection);

    // the camera counts as still kSettleMs after the last drag move or wheel turn
    m_settle = new QTimer(this);
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMs);
    connect(m_settle, &QTimer::timeout, this, [this]() {
        m_settling = false;
        if (!m_dragging)
            interactionEnded();
    });
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
    if (m_async) {
        shutDownRendering(); // VTK's resources, in the render context
        if (context()) {
            makeCurrent();
            releaseBlitResources();
            doneCurrent();
        }
    } else if (m_initialized && context()) {
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
    m_async.reset(); // the render context goes last
}

vtkGenericOpenGLRenderWindow* VtkOpenGLWidget::renderWindow() const
{
    return m_window;
}
vtkGenericRenderWindowInteractor* VtkOpenGLWidget::interactor() const
{
    return m_interactor;
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::onRenderWindowEvent(vtkObject*, unsigned long eventId, void* callData)
{
    switch (eventId) {
    case vtkCommand::WindowMakeCurrentEvent: {
        if (m_async) {
            // VTK's context is the render thread's; the GUI thread makes no GL calls for VTK
            // (its resources are released on the thread, shutDownRendering)
            RenderThread& t = *m_async->thread;
            if (t.onThread() && !t.isCurrent()) {
                t.makeCurrent();
                m_window->GetState()->ResetFramebufferBindings();
            }
            break;
        }
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
        if (m_async) {
            const RenderThread& t = *m_async->thread;
            current = t.onThread() && t.isCurrent();
            break;
        }
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
        requestRender();
        break;
    case vtkCommand::CreateTimerEvent: {
        // the platform id is the VTK id: unique, and it lets the timeout name the VTK timer
        const int vtkId = m_interactor->GetTimerEventId();
        const bool oneShot = m_interactor->GetTimerEventType() == vtkRenderWindowInteractor::OneShotTimer;
        auto* timer = new QTimer(this);
        timer->setSingleShot(oneShot);
        timer->setInterval(std::max(1, m_interactor->GetTimerEventDuration()));
        connect(timer, &QTimer::timeout, this, [this, vtkId, oneShot]() {
            editPipeline([this, vtkId, oneShot]() {
                int id = vtkId;
                m_interactor->InvokeEvent(vtkCommand::TimerEvent, &id);
                if (oneShot)
                    m_interactor->DestroyTimer(vtkId); // fires DestroyTimerEvent below
            });
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
    if (m_wantThreaded && !m_async) {
        auto async = std::make_unique<Async>();
        QSurfaceFormat fmt = format();
        fmt.setSamples(0);
        async->thread = std::make_unique<RenderThread>(fmt);
        if (async->thread->isValid())
            m_async = std::move(async);
        else
            qWarning("VtkOpenGLWidget: no OpenGL on a second thread here; rendering on the GUI thread");
    }
    if (m_async) {
        // VTK lives in the render thread's context; ours only shows the finished frames
        m_initialized = true;
        m_async->shownNew = !m_async->shown.rgba.empty(); // a new context needs the texture again
        disconnect(m_contextGone);
        m_contextGone = connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this]() {
            makeCurrent();
            releaseBlitResources();
            doneCurrent();
        });
        editPipeline([this]() { updateSize(); });
        requestRender();
        return;
    }
    // a new context (first show, or re-parenting): VTK sets up its GL state in it
    initVtkContext();
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
void VtkOpenGLWidget::resizeGL(int, int)
{
    editPipeline([this]() { updateSize(); });
    requestRender();
}

void VtkOpenGLWidget::updateSize()
{
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    m_interactor->UpdateSize(w, h); // also resizes the render window
    m_window->SetSize(w, h);
    m_window->SetDPI(int(std::lround(72.0 * dpr)));
}

QSize VtkOpenGLWidget::viewPixels() const
{
    const double dpr = devicePixelRatioF();
    return QSize(std::max(1, int(std::lround(width() * dpr))), std::max(1, int(std::lround(height() * dpr))));
}

void VtkOpenGLWidget::setFrameScale(double scale)
{
    m_frameScale = std::clamp(scale, 0.05, 1.0);
}

bool VtkOpenGLWidget::applyFrameScale()
{
    // pipeline free (GUI thread, no frame in flight); the scale holds for this frame only
    const double scale = m_frameScale;
    m_frameScale = 1.0;
    if (scale >= 1.0)
        return false;
    const int* size = m_window->GetSize();
    m_fullSize[0] = size[0];
    m_fullSize[1] = size[1];
    m_fullDpi = m_window->GetDPI();
    const int w = std::max(1, int(std::lround(m_fullSize[0] * scale)));
    const int h = std::max(1, int(std::lround(m_fullSize[1] * scale)));
    // not through the interactor (UpdateSize): event positions stay in full-size pixels
    m_window->SetSize(w, h);
    m_window->SetDPI(std::max(1, int(std::lround(m_fullDpi * scale)))); // text keeps its size
    m_scaledFrame = true;
    return true;
}

void VtkOpenGLWidget::restoreFullSize()
{
    // on the thread that rendered, with the pipeline held
    if (!m_scaledFrame)
        return;
    m_window->SetSize(m_fullSize[0], m_fullSize[1]);
    m_window->SetDPI(m_fullDpi);
    m_scaledFrame = false;
}

QImage VtkOpenGLWidget::shownFrameImage()
{
    if (!m_async)
        return grabFramebuffer(); // the GUI thread renders: a frame of the state as it is
    const RenderedFrame& f = m_async->shown;
    if (f.rgba.empty() || f.width <= 0 || f.height <= 0)
        return {};
    // rows bottom-up, as read back
    return QImage(f.rgba.data(), f.width, f.height, 4 * f.width, QImage::Format_RGBA8888).mirrored();
}

bool VtkOpenGLWidget::cancelRequested() const
{
    return m_async && m_async->cancel.load();
}

void VtkOpenGLWidget::noteCameraInput()
{
    m_settling = true;
    m_settle->start();
    if (m_async && m_async->inFlight && m_async->cancellable)
        m_async->cancel = true; // the rest of a slow frame
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::initVtkContext()
{
    // VTK sets up its GL state in the context current on this thread (not its own, no MSAA)
    m_window->SetReadyForRendering(false);
    m_window->SetOwnContext(0);
    m_window->SetMultiSamples(0);
    m_window->OpenGLInitContext();
    m_window->GetState()->ResetFramebufferBindings();
    m_window->SetReadyForRendering(true);
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::paintEvent(QPaintEvent* event)
{
    // paintGL from here is a repaint; from anywhere else (grabFramebuffer) a grab
    if (m_async)
        m_async->inPaintEvent = true;
    m_inPaintEvent = true;
    QOpenGLWidget::paintEvent(event);
    m_inPaintEvent = false;
    if (m_async)
        m_async->inPaintEvent = false;
}

void VtkOpenGLWidget::paintGL()
{
    if (!m_initialized)
        return;
    if (m_async) {
        paintThreaded();
        return;
    }
    QElapsedTimer paintTimer;
    paintTimer.start();
    // Qt made the context current and bound its framebuffer: VTK's cached bindings are stale
    m_window->GetState()->ResetFramebufferBindings();
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    if (m_window->GetSize()[0] != w || m_window->GetSize()[1] != h)
        updateSize();

    {
        // the render thread may draw text meanwhile (it holds this lock only for its text
        // actors, a few ms); prepareRender may measure text too (the energy plot's labels)
        std::lock_guard<std::recursive_mutex> text(vtkTextLock());
        prepareRender();
        applyFrameScale();
        m_window->Render();
    }
    afterRender();
    const int renderedW = m_window->GetSize()[0];
    const int renderedH = m_window->GetSize()[1];
    restoreFullSize();
    const double renderMs = double(paintTimer.nsecsElapsed()) * 1e-6;
    m_renderMs = m_frameCount == 0 ? renderMs : 0.8 * m_renderMs + 0.2 * renderMs;

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
    const bool same = src[0] == w && src[1] == h;
    m_window->BlitDisplayFramebuffer(0, 0, 0, src[0], src[1], 0, 0, w, h, GL_COLOR_BUFFER_BIT,
                                     same ? GL_NEAREST : GL_LINEAR);
    forceOpaque(w, h);
    if (scissor) {
        state->vtkglEnable(GL_SCISSOR_TEST);
        f->glEnable(GL_SCISSOR_TEST);
    }
    // we changed bindings behind VTK's cache
    state->ResetFramebufferBindings();

    m_shownSize = QSize(renderedW, renderedH);
    m_shownRenderMs = renderMs;
    frameShown();
    // glFinish-free: the cost seen by the GUI thread
    countFrame(double(paintTimer.nsecsElapsed()) * 1e-6);
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::forceOpaque(int w, int h)
{
    // force alpha to 1: Mesa leaves VTK's alpha < 1 and the compositor would blend with it
    QOpenGLExtraFunctions* f = context()->extraFunctions();
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
}

void VtkOpenGLWidget::countFrame(double paintMs)
{
    // frame rate and paint cost bookkeeping (paintMs < 0: not timed)
    if (paintMs >= 0.0)
        m_paintMs = m_paintMs == 0.0 ? paintMs : 0.8 * m_paintMs + 0.2 * paintMs;
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
// threaded mode

void VtkOpenGLWidget::setThreadedRendering(bool on)
{
    // TUMBLE_RENDER_THREAD=0 keeps every view on the GUI thread (for comparisons)
    static const bool allowed = qEnvironmentVariable("TUMBLE_RENDER_THREAD") != QLatin1String("0");
    if (!m_initialized && !m_async)
        m_wantThreaded = on && allowed;
}

bool VtkOpenGLWidget::threadedRendering() const
{
    return m_async != nullptr;
}

double VtkOpenGLWidget::renderMilliseconds() const
{
    return m_renderMs;
}

void VtkOpenGLWidget::requestRender()
{
    if (!m_async) {
        update();
        return;
    }
    m_async->dirty = true;
    if (!m_async->inFlight) // else the frame's arrival paints, and the paint asks again
        update();
}

void VtkOpenGLWidget::editPipeline(std::function<void()> edit)
{
    if (!m_async || m_async->editing || m_async->shutDown) {
        edit();
        return;
    }
    if (m_async->inFlight) {
        m_async->edits.push_back(std::move(edit));
        return;
    }
    std::lock_guard<std::mutex> lock(m_async->pipeline); // free: no frame renders
    m_async->editing = true;
    edit();
    m_async->editing = false;
}

void VtkOpenGLWidget::flushPipeline()
{
    if (!m_async || m_async->shutDown)
        return;
    waitForFrame();
    if (m_async->presentPending)
        update(); // show what was waited for
    if (m_async->edits.empty())
        return;
    runEdits();
}

void VtkOpenGLWidget::runEdits()
{
    // no frame in flight: the pipeline is free. The edits ask for a frame if they need one
    // (a camera move requests a render; a hover does not).
    Async& a = *m_async;
    std::lock_guard<std::mutex> lock(a.pipeline);
    a.editing = true;
    std::vector<std::function<void()>> edits;
    edits.swap(a.edits);
    for (auto& e : edits)
        e();
    a.editing = false;
}

void VtkOpenGLWidget::shutDownRendering()
{
    if (!m_async || m_async->shutDown)
        return;
    Async& a = *m_async;
    a.shutDown = true;
    a.thread->waitIdle();
    // VTK's GL resources go in the context that made them, on the thread that owns it
    a.thread->post([this]() {
        std::lock_guard<std::mutex> lock(m_async->pipeline);
        if (m_async->vtkReady)
            m_window->Finalize();
        m_async->vtkReady = false;
        m_window->SetReadyForRendering(false);
    });
    a.thread->stop();
    a.inFlight = false;
    a.edits.clear();
}

void VtkOpenGLWidget::paintThreaded()
{
    Async& a = *m_async;
    if (a.shutDown)
        return;
    QElapsedTimer paintTimer;
    paintTimer.start();
    if (!a.inPaintEvent) {
        // a grab: show the state as it is now, waiting for it
        waitForFrame();
        kickFrame();
        waitForFrame();
    } else {
        takeFrame();
        if (!a.inFlight && !a.edits.empty())
            runEdits(); // input that came during the last frame
        const bool wanted = a.dirty || !a.presentPending || renderWanted();
        if (wanted && !a.inFlight)
            kickFrame();
        else if (wanted)
            a.dirty = true; // when the frame in flight arrives
    }
    a.presentPending = false;
    const bool fresh = a.shownNew;
    presentFrame();
    if (fresh) // a grab's wait for its frame is not a paint's cost
        countFrame(a.inPaintEvent ? double(paintTimer.nsecsElapsed()) * 1e-6 : -1.0);
}

void VtkOpenGLWidget::kickFrame()
{
    Async& a = *m_async;
    {
        std::lock_guard<std::mutex> lock(a.pipeline); // free: no frame renders
        a.editing = true;
        std::vector<std::function<void()>> edits;
        edits.swap(a.edits);
        for (auto& e : edits)
            e();
        const double dpr = devicePixelRatioF();
        const int w = std::max(1, int(std::lround(width() * dpr)));
        const int h = std::max(1, int(std::lround(height() * dpr)));
        if (m_window->GetSize()[0] != w || m_window->GetSize()[1] != h)
            updateSize();
        prepareRender();
        a.cancellable = frameCancellable();
        a.cancel = false;
        applyFrameScale(); // restored on the thread after the render
        a.editing = false;
    }
    a.dirty = false;
    a.inFlight = true;
    const long long serial = ++a.requested;
    a.thread->post([this, serial]() { renderOnThread(serial); });
}

void VtkOpenGLWidget::renderOnThread(long long serial)
{
    Async& a = *m_async;
    QElapsedTimer timer;
    timer.start();
    int w = 0;
    int h = 0;
    {
        std::lock_guard<std::mutex> lock(a.pipeline);
        if (!a.vtkReady) {
            // VTK sets up its GL state in the render context (current on this thread)
            initVtkContext();
            a.vtkReady = true;
        }
        m_window->Render();
        if (a.cancellable && !frameComplete()) {
            // cut short: nothing to read back or show
            restoreFullSize();
            {
                std::lock_guard<std::mutex> frames(a.frames);
                a.ready.serial = serial;
                a.ready.abandoned = true;
                a.ready.renderMs = double(timer.nsecsElapsed()) * 1e-6;
            }
            emit frameRendered();
            return;
        }

        // read VTK's display framebuffer back
        vtkOpenGLFramebufferObject* fb = m_window->GetDisplayFramebuffer();
        const int* size = m_window->GetSize();
        const int* fbSize = fb ? fb->GetLastSize() : size;
        w = std::min(size[0], fbSize[0]);
        h = std::min(size[1], fbSize[1]);
        a.readBack.resize(std::size_t(std::max(w, 0)) * std::size_t(std::max(h, 0)) * 4);
        if (fb && w > 0 && h > 0) {
            vtkOpenGLState* state = m_window->GetState();
            state->PushReadFramebufferBinding();
            fb->Bind(GL_READ_FRAMEBUFFER);
            fb->ActivateReadBuffer(0);
            state->vtkglPixelStorei(GL_PACK_ALIGNMENT, 1);
            a.thread->readPixels(w, h, a.readBack.data());
            state->PopReadFramebufferBinding();
        }
        afterRender();
        restoreFullSize(); // the GUI thread sees the full size between frames
    }
    {
        std::lock_guard<std::mutex> lock(a.frames);
        a.ready.rgba.swap(a.readBack);
        a.ready.width = w;
        a.ready.height = h;
        a.ready.serial = serial;
        a.ready.renderMs = double(timer.nsecsElapsed()) * 1e-6;
        a.ready.abandoned = false;
    }
    emit frameRendered();
}

bool VtkOpenGLWidget::takeFrame()
{
    Async& a = *m_async;
    {
        std::lock_guard<std::mutex> lock(a.frames);
        if (a.ready.serial <= a.shown.serial)
            return false;
        if (a.ready.abandoned) {
            // nothing to show: the frame on screen stays, and the next one is wanted at once
            a.shown.serial = a.ready.serial;
            if (a.shown.serial >= a.requested)
                a.inFlight = false;
            a.dirty = true;
            return false;
        }
        a.shown.rgba.swap(a.ready.rgba); // three buffers go round: no allocation when steady
        a.shown.width = a.ready.width;
        a.shown.height = a.ready.height;
        a.shown.serial = a.ready.serial;
        a.shown.renderMs = a.ready.renderMs;
    }
    a.shownNew = true;
    if (a.shown.serial >= a.requested)
        a.inFlight = false;
    m_renderMs = m_frameCount == 0 ? a.shown.renderMs : 0.8 * m_renderMs + 0.2 * a.shown.renderMs;
    m_shownSize = QSize(a.shown.width, a.shown.height);
    m_shownRenderMs = a.shown.renderMs;
    frameShown();
    return true;
}

void VtkOpenGLWidget::waitForFrame()
{
    Async& a = *m_async;
    if (!a.inFlight)
        return;
    a.thread->waitIdle();
    if (takeFrame())
        a.presentPending = true;
}

void VtkOpenGLWidget::onFrameReady()
{
    if (!m_async || m_async->shutDown)
        return;
    const bool fresh = takeFrame();
    if (fresh)
        m_async->presentPending = true;
    if (fresh || m_async->dirty || !m_async->edits.empty())
        update(); // shows it, and asks for the next frame if something changed meanwhile
}

void VtkOpenGLWidget::presentFrame()
{
    Async& a = *m_async;
    QOpenGLExtraFunctions* f = context()->extraFunctions();
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    const GLboolean scissor = f->glIsEnabled(GL_SCISSOR_TEST);
    f->glDisable(GL_SCISSOR_TEST);
    f->glBindFramebuffer(GL_FRAMEBUFFER, defaultFramebufferObject());
    if (a.shown.rgba.empty() || a.shown.width <= 0 || a.shown.height <= 0) {
        // nothing rendered yet: the window's colour
        const QColor c = palette().color(QPalette::Window);
        f->glViewport(0, 0, w, h);
        f->glClearColor(c.redF(), c.greenF(), c.blueF(), 1.f);
        f->glClear(GL_COLOR_BUFFER_BIT);
        if (scissor)
            f->glEnable(GL_SCISSOR_TEST);
        return;
    }
    if (!a.texture) {
        f->glGenTextures(1, &a.texture);
        f->glGenFramebuffers(1, &a.framebuffer);
        a.textureWidth = a.textureHeight = 0;
    }
    if (a.shownNew) {
        f->glBindTexture(GL_TEXTURE_2D, a.texture);
        f->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        if (a.textureWidth != a.shown.width || a.textureHeight != a.shown.height) {
            f->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            f->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            f->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, a.shown.width, a.shown.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                            a.shown.rgba.data());
            a.textureWidth = a.shown.width;
            a.textureHeight = a.shown.height;
            f->glBindFramebuffer(GL_READ_FRAMEBUFFER, a.framebuffer);
            f->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, a.texture, 0);
        } else {
            f->glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, a.shown.width, a.shown.height, GL_RGBA, GL_UNSIGNED_BYTE,
                               a.shown.rgba.data());
        }
        f->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        f->glBindTexture(GL_TEXTURE_2D, 0);
        a.shownNew = false;
    }
    // the frame into Qt's framebuffer (scaled while a resize waits for its frame)
    f->glBindFramebuffer(GL_READ_FRAMEBUFFER, a.framebuffer);
    f->glReadBuffer(GL_COLOR_ATTACHMENT0);
    f->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum drawBuffer = GL_COLOR_ATTACHMENT0;
    f->glDrawBuffers(1, &drawBuffer);
    const bool same = a.textureWidth == w && a.textureHeight == h;
    f->glBlitFramebuffer(0, 0, a.textureWidth, a.textureHeight, 0, 0, w, h, GL_COLOR_BUFFER_BIT,
                         same ? GL_NEAREST : GL_LINEAR);
    forceOpaque(w, h);
    f->glBindFramebuffer(GL_FRAMEBUFFER, defaultFramebufferObject());
    if (scissor)
        f->glEnable(GL_SCISSOR_TEST);
}

void VtkOpenGLWidget::releaseBlitResources()
{
    // the widget's context is current
    if (!m_async)
        return;
    Async& a = *m_async;
    if (a.texture && QOpenGLContext::currentContext()) {
        QOpenGLExtraFunctions* f = QOpenGLContext::currentContext()->extraFunctions();
        f->glDeleteFramebuffers(1, &a.framebuffer);
        f->glDeleteTextures(1, &a.texture);
    }
    a.texture = 0;
    a.framebuffer = 0;
    a.textureWidth = a.textureHeight = 0;
    a.shownNew = !a.shown.rgba.empty();
}

// ------------------------------------------------------------------------------------------------
void VtkOpenGLWidget::setEventPosition(const QPointF& pos, Qt::KeyboardModifiers mods, bool repeat)
{
    // device pixels, y up
    const double dpr = devicePixelRatioF();
    const int h = m_interactor->GetSize()[1];
    const int x = int(std::lround(pos.x() * dpr));
    const int y = h - 1 - int(std::lround(pos.y() * dpr));
    m_interactor->SetEventInformation(x, y, (mods & Qt::ControlModifier) ? 1 : 0, (mods & Qt::ShiftModifier) ? 1 : 0, 0,
                                      repeat ? 1 : 0);
    m_interactor->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
}

void VtkOpenGLWidget::forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat)
{
    event->accept();
    if (m_async) {
        // applied between frames, in order (the interactor style reads only the position)
        const QPointF pos = event->position();
        const Qt::KeyboardModifiers mods = event->modifiers();
        editPipeline([this, pos, mods, vtkEvent, repeat]() {
            setEventPosition(pos, mods, repeat);
            m_interactor->InvokeEvent(vtkEvent, nullptr);
        });
        return;
    }
    setEventPosition(event->position(), event->modifiers(), repeat);
    m_interactor->InvokeEvent(vtkEvent, event);
}

namespace {
unsigned long pressEventFor(Qt::MouseButton b)
{
    switch (b) {
    case Qt::LeftButton:
        return vtkCommand::LeftButtonPressEvent;
    case Qt::MiddleButton:
        return vtkCommand::MiddleButtonPressEvent;
    case Qt::RightButton:
        return vtkCommand::RightButtonPressEvent;
    default:
        return vtkCommand::NoEvent;
    }
}
unsigned long releaseEventFor(Qt::MouseButton b)
{
    switch (b) {
    case Qt::LeftButton:
        return vtkCommand::LeftButtonReleaseEvent;
    case Qt::MiddleButton:
        return vtkCommand::MiddleButtonReleaseEvent;
    case Qt::RightButton:
        return vtkCommand::RightButtonReleaseEvent;
    default:
        return vtkCommand::NoEvent;
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
    if (m_dragging && event->buttons() == Qt::NoButton) {
        m_dragging = false;
        noteCameraInput(); // still moving for kSettleMs: the release frame is interactive too
    }
}

void VtkOpenGLWidget::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() != Qt::NoButton) {
        m_dragging = true;
        noteCameraInput();
    }
    forwardMouse(event, vtkCommand::MouseMoveEvent);
}

void VtkOpenGLWidget::wheelEvent(QWheelEvent* event)
{
    const int dy = event->angleDelta().y();
    if (dy == 0)
        return;
    emit userInteracted();
    event->accept();
    noteCameraInput();
    const unsigned long ev = dy > 0 ? vtkCommand::MouseWheelForwardEvent : vtkCommand::MouseWheelBackwardEvent;
    if (m_async) {
        const QPointF pos = event->position();
        const Qt::KeyboardModifiers mods = event->modifiers();
        editPipeline([this, pos, mods, ev]() {
            setEventPosition(pos, mods, false);
            m_interactor->InvokeEvent(ev, nullptr);
        });
        return;
    }
    setEventPosition(event->position(), event->modifiers(), false);
    m_interactor->InvokeEvent(ev, event);
}

void VtkOpenGLWidget::enterEvent(QEnterEvent* event)
{
    if (m_async) {
        const QPointF pos = event->position();
        const Qt::KeyboardModifiers mods = event->modifiers();
        editPipeline([this, pos, mods]() {
            setEventPosition(pos, mods, false);
            m_interactor->InvokeEvent(vtkCommand::EnterEvent, nullptr);
        });
        return;
    }
    setEventPosition(event->position(), event->modifiers(), false);
    m_interactor->InvokeEvent(vtkCommand::EnterEvent, event);
}

void VtkOpenGLWidget::leaveEvent(QEvent* event)
{
    if (m_async) {
        editPipeline([this]() { m_interactor->InvokeEvent(vtkCommand::LeaveEvent, nullptr); });
        return;
    }
    m_interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
}

} // namespace tumble::ui
