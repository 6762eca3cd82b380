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
//
// Threaded mode (setThreadedRendering before the first show; issue 7). VTK renders on a
// RenderThread (its own offscreen context, see RenderThread.h) into VTK's framebuffers; the
// frame is read back into memory and paintGL only uploads the newest finished frame into a
// texture and blits it (a few ms at 1500 x 940 on llvmpipe), so input never waits for a frame.
// The CPU copy (rather than a texture shared between contexts) keeps VTK's context independent
// of the widget's, which Qt re-creates when the widget moves to another window; on llvmpipe a
// copy is a memcpy. Rules:
//   - at most one frame is in flight; the render thread holds the pipeline lock while it
//     renders. The GUI thread edits VTK objects only while no frame is in flight: paintGL runs
//     the queued edits (editPipeline) and prepareRender(), then requests the next frame.
//     Mouse, wheel and VTK timer events to the interactor are such edits, so a drag applied
//     during a slow frame lands in the next one, in order.
//   - a paint requests a frame when something changed (requestRender, an interactor render
//     request, a resize, an expose, renderWanted()); a paint that only shows a finished frame
//     requests none, so an idle view does not render in a loop.
//   - paintGL outside a paint event (grabFramebuffer: exports, the screenshot, tests) renders
//     the current state and waits for it: a grab always shows what was set before it (at full
//     quality, also while the camera moves).
//   - text is drawn under vtkTextLock() (VtkTextLock.h); GUI-thread renders hold it too.
//   - VTK's make-current request on the render thread makes the render context current; the
//     GUI thread never makes GL calls for VTK while the thread lives.
// Interactive frames (issue 18). A subclass may render a frame at a reduced resolution
// (setFrameScale in prepareRender): the render window is made that much smaller for the one
// render (its DPI too, so text keeps its size), restored right after it, and the frame is scaled
// up (linear filter) when shown. Interaction code (the trackball, picking) only ever sees the
// full size. interacting() tells a subclass that the user is moving the camera: a drag under
// way, or a drag or wheel turn less than kSettleMs ago; interactionEnded() follows kSettleMs
// after the last one, for the full-quality frame. A slow frame may be cancellable
// (frameCancellable): camera input cuts it short, so a drag need not wait for a whole slow frame.
// Not for views whose VTK objects other code edits directly at any time (the energy plot's
// charts, the compare grid's shared camera): those stay in the default, GUI-thread mode.
#include <QOpenGLWidget>

#include <QHash>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

class QImage;
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
    /// Wall time of one paint on the GUI thread, averaged over recent frames, ms: VTK render
    /// plus blit, or in threaded mode the upload and blit of a finished frame.
    double paintMilliseconds() const { return m_paintMs; }
    /// Wall time of one VTK render (plus the read-back in threaded mode), averaged over recent
    /// frames, ms, on whichever thread renders.
    double renderMilliseconds() const;

    /// Renders VTK on a RenderThread (see the design note); call before the widget is first
    /// shown, later calls are ignored. Falls back to the GUI thread if the platform cannot, or
    /// when the environment has TUMBLE_RENDER_THREAD=0 (to compare).
    void setThreadedRendering(bool on);
    /// True when VTK renders on a RenderThread.
    bool threadedRendering() const;
    /// Asks for a new frame of the current pipeline state (update() in the default mode).
    void requestRender();

    /// The frame on screen: its size as rendered (device pixels; smaller than the view when it
    /// was rendered at a reduced resolution) and its render time, ms. Empty / 0 before the first.
    QSize shownFrameSize() const { return m_shownSize; }
    double shownRenderMilliseconds() const { return m_shownRenderMs; }
    /// The frame on screen as rendered (shownFrameSize), without rendering or waiting; in the
    /// default mode, where nothing renders ahead, a grab.
    QImage shownFrameImage();

    /// Time after the last drag move or wheel turn until the camera counts as still, ms.
    static constexpr int kSettleMs = 250;
    /// True while the user moves the camera: a drag (a button held and moved) under way, or a
    /// drag or wheel turn that ended less than kSettleMs ago.
    bool interacting() const { return m_dragging || m_settling; }

signals:
    /// The user pressed a button or turned the wheel over the view.
    void userInteracted();
    /// Emitted after each painted frame.
    void framePainted();
    /// (internal) the render thread finished or abandoned a frame: emitted on that thread,
    /// connected queued to the GUI thread. A signal without arguments, not a posted lambda, so
    /// no memory of Tumble's crosses threads through Qt's event queue, whose lock
    /// ThreadSanitizer cannot see; the frame itself is handed over under Async::frames.
    void frameRendered();

protected:
    /// Called on the GUI thread right before a frame is rendered, with the pipeline free to
    /// edit (in the default mode: in paintGL, the context current).
    virtual void prepareRender() {}
    /// Called right after VTK rendered a frame, with the pipeline locked, on the thread that
    /// rendered: copy here what the GUI thread needs from VTK while the next frame renders.
    virtual void afterRender() {}
    /// Called on the GUI thread when the frame of the last prepareRender() reaches the screen.
    virtual void frameShown() {}
    /// Asked by a paint that only shows a finished frame: true if a new frame is needed anyway
    /// (state that changed without requestRender(), e.g. behind an external update()).
    virtual bool renderWanted() const { return false; }
    /// Called on the GUI thread kSettleMs after the camera stopped (interacting() is false).
    virtual void interactionEnded() {}
    /// Asked right after prepareRender(): may camera input cut this frame short? In threaded
    /// mode, camera input (a drag move, a wheel turn) while such a frame renders raises
    /// cancelRequested(); the subclass checks it while VTK renders (between its renderers) and
    /// skips the rest; frameComplete() false after the render drops the frame (the one on screen
    /// stays) and the next one is prepared at once.
    virtual bool frameCancellable() const { return false; }
    /// Render thread, while a cancellable frame renders: camera input came.
    bool cancelRequested() const;
    /// Render thread, after the render: false when the frame was cut short.
    virtual bool frameComplete() const { return true; }
    /// In prepareRender: true when the frame is for grabFramebuffer (an export, a screenshot),
    /// not the screen.
    bool grabbing() const { return !m_inPaintEvent; }
    /// In prepareRender: render this frame at scale (0 < scale <= 1) times the view's
    /// resolution in each direction; frames render at full resolution unless asked.
    void setFrameScale(double scale);
    /// Runs edit (VTK calls on this widget's pipeline) now if no frame is rendering, else right
    /// before the next frame; in the default mode, now. GUI thread.
    void editPipeline(std::function<void()> edit);
    /// Runs the queued edits, waiting for a frame in flight first (for reading VTK state on
    /// the GUI thread, e.g. in tests). GUI thread.
    void flushPipeline();
    /// Stops rendering and releases VTK's GL resources; a subclass's destructor calls it before
    /// it takes its renderers out of the window. Idempotent.
    void shutDownRendering();

    void paintEvent(QPaintEvent* event) override;
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
    // VTK's GL set-up in the context current on the calling thread (widget or render thread)
    void initVtkContext();
    void onRenderWindowEvent(vtkObject* caller, unsigned long eventId, void* callData);
    void onInteractorEvent(vtkObject* caller, unsigned long eventId, void* callData);
    void forwardMouse(QMouseEvent* event, unsigned long vtkEvent, bool repeat = false);
    void setEventPosition(const QPointF& pos, Qt::KeyboardModifiers mods, bool repeat);
    void updateSize();
    QSize viewPixels() const; // the view's size in device pixels
    bool applyFrameScale();   // the render window at the frame scale; true when reduced
    void restoreFullSize();   // and back, after the render
    void noteCameraInput();   // a drag move or wheel turn: interacting until kSettleMs after
    void paintThreaded();
    void kickFrame(); // edits, prepareRender, then one frame posted to the thread
    void renderOnThread(long long seq);
    void waitForFrame(); // the frame in flight, taken
    void runEdits();     // the queued edits, now (no frame in flight)
    bool takeFrame();    // the newest finished frame, if any; true when new
    void onFrameReady();
    void presentFrame(); // the taken frame into Qt's framebuffer
    void forceOpaque(int w, int h);
    void releaseBlitResources();
    void countFrame(double paintMs);

    struct Async; // the render thread and the frames it hands over
    std::unique_ptr<Async> m_async;
    bool m_wantThreaded = false;

    vtkGenericOpenGLRenderWindow* m_window = nullptr;
    vtkGenericRenderWindowInteractor* m_interactor = nullptr;
    std::vector<unsigned long> m_windowObservers;
    std::vector<unsigned long> m_interactorObservers;
    QHash<int, QTimer*> m_timers; // platform timer id (= VTK timer id) -> timer
    bool m_initialized = false;
    bool m_inPaintEvent = false; // paintGL from a paint event, not a grab
    QMetaObject::Connection m_contextGone;

    // reduced-resolution frames and the user's camera input (GUI thread)
    double m_frameScale = 1.0;  // of the frame being prepared
    bool m_scaledFrame = false; // the window is at a reduced size for a render
    int m_fullSize[2] = {0, 0}; // and its full size and DPI then
    int m_fullDpi = 72;
    QSize m_shownSize;
    double m_shownRenderMs = 0.0;
    bool m_dragging = false; // a button held and moved
    bool m_settling = false; // the settle timer runs
    QTimer* m_settle = nullptr;

    // frame rate over a sliding one-second window
    long long m_frameCount = 0;
    long long m_framesAtMark = 0;
    qint64 m_markMs = -1;
    double m_fps = 0.0;
    double m_paintMs = 0.0;
    double m_renderMs = 0.0;
};

} // namespace tumble::ui
