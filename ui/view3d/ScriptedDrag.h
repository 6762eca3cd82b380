#pragma once
// ScriptedDrag: a trackball drag over a SceneView driven by a timer, and what the view showed
// while it ran: for measuring interactive frame rates (`tumble --drag`, the level-of-detail
// tests and benchmark; issue 18).
//
// Design note. The drag is real input: a left press at the view's centre, mouse moves along a
// circle (a turn of the camera every kTurnMs) delivered through the event loop at kMoveMs
// intervals, like a mouse, and a release. Frames are counted as the view shows them
// (framePainted with a new frame), so the rate is what the user sees, whatever thread renders.
// After the release it waits for the first full-quality frame (level 0) and reports when it
// came (a view fast enough to draw level 0 while moving reaches it with its next frame).
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <cstddef>
#include <vector>

class QTimer;

namespace tumble::ui {

class SceneView;

class ScriptedDrag : public QObject {
    Q_OBJECT
public:
    /// Interval between mouse moves, ms (60 per second).
    static constexpr int kMoveMs = 16;
    /// Time for the cursor to go once around its circle, ms.
    static constexpr int kTurnMs = 3000;

    struct Frame {
        double atMs = 0.0; ///< when it was shown, ms after the press
        int level = 0;     ///< its level of detail (InteractiveDetail)
        int width = 0;     ///< as rendered, device pixels
        int height = 0;    ///< as rendered, device pixels
        std::size_t spheres = 0;
        double renderMs = 0.0; ///< its render time
    };
    struct Result {
        double dragMs = 0.0;         ///< press to release
        std::vector<Frame> during;   ///< frames shown between press and release
        double firstFrameMs = -1.0;  ///< press to the first frame shown, ms (-1: none)
        double fullQualityMs = -1.0; ///< release to the first full-quality frame, ms (-1: none)
        Frame fullQuality;           ///< that frame
        /// Frames per second shown during the drag, press to release.
        double fps() const { return dragMs > 0.0 ? 1000.0 * double(during.size()) / dragMs : 0.0; }
        /// Frames per second from the first frame shown to the release (the wait for a frame
        /// already rendering when the drag began left out).
        double steadyFps() const
        {
            const double span = dragMs - firstFrameMs;
            return during.size() > 1 && span > 0.0 ? 1000.0 * double(during.size() - 1) / span : 0.0;
        }
    };

    explicit ScriptedDrag(SceneView* view, QObject* parent = nullptr);

    /// Presses, drags for durationMs and releases; finished() once the full-quality frame after
    /// the release is shown (or timeoutMs after the release without one).
    void start(int durationMs, int timeoutMs = 20000);
    bool running() const { return m_phase != Phase::Idle && m_phase != Phase::Done; }
    const Result& result() const { return m_result; }

signals:
    /// The button was released (the drag's frames are counted).
    void released();
    void finished();

private:
    enum class Phase { Idle, Dragging, Settling, Done };
    void move();
    void release();
    void onFrame();
    void finish();
    void send(int type, double angle); // a mouse event at that angle on the circle

    QPointer<SceneView> m_view;
    QTimer* m_moves = nullptr;
    QTimer* m_timeout = nullptr;
    QElapsedTimer m_clock;
    Phase m_phase = Phase::Idle;
    int m_durationMs = 0;
    int m_timeoutMs = 0;
    long long m_framesSeen = 0;
    double m_releaseMs = 0.0;
    Result m_result;
};

} // namespace tumble::ui
