#include "vtk/RenderThread.h"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QThread>
#include <QtGui/qguiapplication_platform.h>

#include <dlfcn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// X11 and GLX last: their macros (None, Bool, Status...) break Qt's headers
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>

namespace tumble::ui {

// ------------------------------------------------------------------------------------------------
struct RenderThread::Glx {
    void* x11 = nullptr;
    void* gl = nullptr;
    Display* display = nullptr;
    GLXContext context = nullptr;
    GLXPbuffer pbuffer = 0;
    QByteArray displayName;

    decltype(&XOpenDisplay) openDisplay = nullptr;
    decltype(&XCloseDisplay) closeDisplay = nullptr;
    decltype(&XFree) xFree = nullptr;
    decltype(&XDisplayString) displayString = nullptr;
    decltype(&glXChooseFBConfig) chooseConfig = nullptr;
    decltype(&glXCreatePbuffer) createPbuffer = nullptr;
    decltype(&glXDestroyPbuffer) destroyPbuffer = nullptr;
    decltype(&glXMakeContextCurrent) makeContextCurrent = nullptr;
    decltype(&glXGetCurrentContext) currentContext = nullptr;
    decltype(&glXDestroyContext) destroyContext = nullptr;
    PFNGLXCREATECONTEXTATTRIBSARBPROC createContextAttribs = nullptr;
    void (*readPixels)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void*) = nullptr;

    ~Glx()
    {
        if (display) {
            if (pbuffer)
                destroyPbuffer(display, pbuffer);
            if (context)
                destroyContext(display, context);
            closeDisplay(display);
        }
        // the libraries stay mapped (VTK uses them too); dlclose only drops our reference
        if (gl)
            dlclose(gl);
        if (x11)
            dlclose(x11);
    }

    template <class F> bool load(void* lib, const char* name, F& f)
    {
        f = reinterpret_cast<F>(dlsym(lib, name));
        return f != nullptr;
    }

    // GUI thread: the libraries, and Qt's display name (it may come from -display)
    bool loadLibraries()
    {
        x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
        gl = dlopen("libGL.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!x11 || !gl)
            return false;
        using GetProc = void (*(*)(const GLubyte*))();
        GetProc getProc = nullptr;
        if (!load(x11, "XOpenDisplay", openDisplay) || !load(x11, "XCloseDisplay", closeDisplay) ||
            !load(x11, "XFree", xFree) || !load(x11, "XDisplayString", displayString) ||
            !load(gl, "glXChooseFBConfig", chooseConfig) || !load(gl, "glXCreatePbuffer", createPbuffer) ||
            !load(gl, "glXDestroyPbuffer", destroyPbuffer) || !load(gl, "glXMakeContextCurrent", makeContextCurrent) ||
            !load(gl, "glXGetCurrentContext", currentContext) || !load(gl, "glXDestroyContext", destroyContext) ||
            !load(gl, "glXGetProcAddressARB", getProc))
            return false;
        createContextAttribs = reinterpret_cast<PFNGLXCREATECONTEXTATTRIBSARBPROC>(
            getProc(reinterpret_cast<const GLubyte*>("glXCreateContextAttribsARB")));
        readPixels = reinterpret_cast<decltype(readPixels)>(getProc(reinterpret_cast<const GLubyte*>("glReadPixels")));
        if (!createContextAttribs || !readPixels)
            return false;
        if (auto* app = qGuiApp ? qGuiApp->nativeInterface<QNativeInterface::QX11Application>() : nullptr)
            if (Display* qtDisplay = app->display())
                displayName = displayString(qtDisplay);
        return true;
    }

    // render thread: a connection of our own to that display, a context and a pbuffer there
    bool open(const QSurfaceFormat& format)
    {
        display = openDisplay(displayName.isEmpty() ? nullptr : displayName.constData());
        if (!display)
            return false;
        const int configAttribs[] = {GLX_DRAWABLE_TYPE,
                                     GLX_PBUFFER_BIT,
                                     GLX_RENDER_TYPE,
                                     GLX_RGBA_BIT,
                                     GLX_RED_SIZE,
                                     8,
                                     GLX_GREEN_SIZE,
                                     8,
                                     GLX_BLUE_SIZE,
                                     8,
                                     GLX_ALPHA_SIZE,
                                     8,
                                     GLX_DEPTH_SIZE,
                                     std::max(format.depthBufferSize(), 24),
                                     GLX_STENCIL_SIZE,
                                     std::max(format.stencilBufferSize(), 8),
                                     0};
        int count = 0;
        GLXFBConfig* configs = chooseConfig(display, DefaultScreen(display), configAttribs, &count);
        if (!configs || count < 1) {
            if (configs)
                xFree(configs);
            return false;
        }
        const GLXFBConfig config = configs[0];
        xFree(configs);
        const int contextAttribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                                      std::max(format.majorVersion(), 3),
                                      GLX_CONTEXT_MINOR_VERSION_ARB,
                                      format.majorVersion() > 3 ? format.minorVersion()
                                                                : std::max(format.minorVersion(), 2),
                                      GLX_CONTEXT_PROFILE_MASK_ARB,
                                      GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                                      0};
        context = createContextAttribs(display, config, nullptr, True, contextAttribs);
        const int pbufferAttribs[] = {GLX_PBUFFER_WIDTH, 16, GLX_PBUFFER_HEIGHT, 16, 0};
        if (context)
            pbuffer = createPbuffer(display, config, pbufferAttribs);
        return context && pbuffer;
    }
};

// ------------------------------------------------------------------------------------------------
RenderThread::RenderThread(const QSurfaceFormat& format) : m_format(format), m_owner(QThread::currentThread())
{
    // the own-display context first (see the design note), Qt's as the fallback
    if (qEnvironmentVariable("TUMBLE_RENDER_CONTEXT") != QLatin1String("qt") &&
        QGuiApplication::platformName() == QLatin1String("xcb")) {
        m_glx = std::make_unique<Glx>();
        if (!m_glx->loadLibraries() || !start()) {
            m_thread.reset();
            m_glx.reset();
        }
    }
    if (!m_glx) {
        if (!QOpenGLContext::supportsThreadedOpenGL())
            return;
        m_surface = std::make_unique<QOffscreenSurface>();
        m_surface->setFormat(format);
        m_surface->create();
        m_context = std::make_unique<QOpenGLContext>();
        m_context->setFormat(format);
        if (!m_surface->isValid() || !m_context->create() || !start()) {
            m_thread.reset();
            m_context.reset();
            m_surface.reset();
        }
    }
}

bool RenderThread::start()
{
    m_thread.reset(QThread::create([this]() { run(); }));
    m_thread->setObjectName(QStringLiteral("tumble-render"));
    if (m_context)
        m_context->moveToThread(m_thread.get());
    m_thread->start();
    std::unique_lock<std::mutex> lock(m_mutex);
    m_idle.wait(lock, [this]() { return m_setUp; });
    m_valid = m_setUpOk;
    lock.unlock();
    if (!m_valid)
        join(); // it ended
    m_setUp = false;
    return m_valid;
}

RenderThread::~RenderThread()
{
    stop();
    m_context.reset(); // before its surface
    m_surface.reset();
    m_glx.reset();
}

void RenderThread::post(std::function<void()> job)
{
    if (!m_valid || m_stopped)
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    m_wake.notify_one();
}

void RenderThread::waitIdle()
{
    if (!m_valid || m_stopped)
        return;
    std::unique_lock<std::mutex> lock(m_mutex);
    m_idle.wait(lock, [this]() { return m_jobs.empty() && !m_busy; });
}

void RenderThread::stop()
{
    if (!m_valid || m_stopped)
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_one();
    join();
    m_stopped = true;
}

void RenderThread::join()
{
    m_thread->wait();
    // the thread's last act was finish(), under the mutex: taking it here makes everything the
    // thread did happen before what follows, also for ThreadSanitizer, which cannot see
    // QThread::wait's futex in an uninstrumented Qt (it reported the condition variables' and
    // the VTK observers' destruction after the thread's last use as races)
    std::lock_guard<std::mutex> lock(m_mutex);
}

void RenderThread::finish()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_quit = true;
}

bool RenderThread::onThread() const
{
    return m_thread && QThread::currentThread() == m_thread.get();
}

bool RenderThread::makeCurrent()
{
    if (m_glx)
        return m_glx->makeContextCurrent(m_glx->display, m_glx->pbuffer, m_glx->pbuffer, m_glx->context);
    return m_context && m_context->makeCurrent(m_surface.get());
}

bool RenderThread::isCurrent() const
{
    if (m_glx)
        return m_glx->currentContext() == m_glx->context;
    return m_context && QOpenGLContext::currentContext() == m_context.get();
}

void RenderThread::doneCurrent()
{
    if (m_glx && m_glx->display)
        m_glx->makeContextCurrent(m_glx->display, 0, 0, nullptr);
    else if (m_context) {
        m_context->doneCurrent();
        m_context->moveToThread(m_owner); // destroyed there
    }
}

void RenderThread::readPixels(int w, int h, void* rgba)
{
    if (m_glx)
        m_glx->readPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    else if (QOpenGLContext* c = QOpenGLContext::currentContext())
        c->functions()->glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

void RenderThread::run()
{
    // below the GUI and the simulation: the view renders at whatever rate is left over. The
    // context (and with it llvmpipe's rasteriser threads, which inherit this) is made here.
    setpriority(PRIO_PROCESS, pid_t(syscall(SYS_gettid)), kNice);
    const bool ok = (!m_glx || m_glx->open(m_format)) && makeCurrent();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_setUp = true;
        m_setUpOk = ok;
    }
    m_idle.notify_all();
    if (!ok) {
        doneCurrent();
        finish();
        return;
    }
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [this]() { return m_quit || !m_jobs.empty(); });
            if (m_jobs.empty()) // quit, and nothing left to do
                break;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            m_busy = true;
        }
        job();
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_busy = false;
        }
        m_idle.notify_all();
    }
    doneCurrent();
    m_idle.notify_all();
    finish();
}

} // namespace tumble::ui
