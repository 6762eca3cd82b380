#pragma once
// RenderThread: a thread that owns an offscreen OpenGL context and runs jobs on it.
//
// Design note. A VTK frame of 100k impostor spheres takes several hundred ms on Mesa llvmpipe;
// rendered in paintGL it blocks input for as long (issue 7). A VtkOpenGLWidget in threaded mode
// therefore renders VTK on a RenderThread. Jobs run in the order posted, with the context
// current.
//
// The context is not shared with the widget's, and on X11 it is not even on Qt's display
// connection: llvmpipe rasterises the scenes of every context of one screen (one display
// connection) on one rasteriser, in order (Mesa 22: screen->rast), so a Qt context on Qt's
// connection would have the GUI thread's compositing wait behind each slow VTK frame (measured:
// input waits of ~1.1 s every frame). The thread therefore opens its own X connection and a GLX
// context on a pbuffer there (a second llvmpipe screen). GLX rather than EGL: VTK 9.1 initialises
// GLEW, which refuses a context without a current GLX display. libX11 and libGL are loaded at
// run time (VTK already maps them). Where that fails (not X11), a QOpenGLContext on a
// QOffscreenSurface is the fallback: threaded still, but sharing Qt's rasteriser.
// The thread runs at nice kNice and makes its context there, so llvmpipe's rasteriser threads
// for it inherit that: a slow frame takes CPU time only when the GUI and the worker leave some.
#include <QSurfaceFormat>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

class QOffscreenSurface;
class QOpenGLContext;
class QThread;

namespace tumble::ui {

class RenderThread {
public:
    /// Nice value of the render thread and of llvmpipe's rasteriser threads it starts: input
    /// and the simulation go first.
    static constexpr int kNice = 10;

    /// Creates the context with this format (GUI thread) and starts the thread.
    explicit RenderThread(const QSurfaceFormat& format);
    /// Stops the thread (after the jobs already posted) and destroys the context.
    ~RenderThread();
    RenderThread(const RenderThread&) = delete;
    RenderThread& operator=(const RenderThread&) = delete;

    /// False when no context could be made: the caller then renders on the GUI thread.
    bool isValid() const { return m_valid; }
    /// True when the context is on its own display connection (its own llvmpipe rasteriser).
    bool ownDisplay() const { return m_glx != nullptr; }
    /// Runs job on the thread with the context current, after the jobs posted before it.
    void post(std::function<void()> job);
    /// Blocks until every job posted so far has run.
    void waitIdle();
    /// Ends the thread after its jobs; no job runs afterwards.
    void stop();
    bool stopped() const { return m_stopped; }
    /// True on the render thread itself.
    bool onThread() const;

    /// On the render thread: makes the context current / tells whether it is.
    bool makeCurrent();
    bool isCurrent() const;
    /// On the render thread: glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba) from the
    /// bound read framebuffer.
    void readPixels(int w, int h, void* rgba);

private:
    struct Glx;   // the context on its own X connection
    bool start(); // the thread, until it made its context current; false if it could not
    void run();
    void doneCurrent();
    void finish(); // the thread's last act (under the mutex)
    void join();   // waits for the thread's end (see finish)

    std::unique_ptr<Glx> m_glx;
    QSurfaceFormat m_format;
    std::unique_ptr<QOffscreenSurface> m_surface; // the fallback
    std::unique_ptr<QOpenGLContext> m_context;
    std::unique_ptr<QThread> m_thread;
    QThread* m_owner = nullptr; // the thread that made us (gets a Qt context back)
    bool m_valid = false;
    bool m_stopped = false;

    std::mutex m_mutex; // guards the queue and the flags below
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<std::function<void()>> m_jobs;
    bool m_busy = false;
    bool m_quit = false;
    bool m_setUp = false;   // the thread tried to make its context current
    bool m_setUpOk = false; // and succeeded
};

} // namespace tumble::ui
