#pragma once
// EventLoopProbe: how long input would wait on the GUI thread.
//
// Design note. An input event is handled when the event loop next runs, so its latency is
// bounded by the longest stretch the GUI thread spends in one piece of work (a 3D frame on
// software OpenGL, a plot redraw). The probe asks for a wake-up every kPeriodMs and records how
// late each one comes: the lateness of a wake-up is the wait an input event arriving at that
// moment would have had. Used by `tumble --screenshot` and the 100k-sphere measurements
// (docs/PERFORMANCE.md); a probe costs one timer event per period.
#include <QElapsedTimer>
#include <QObject>

#include <vector>

class QTimer;

namespace tumble::ui {

class EventLoopProbe : public QObject {
    Q_OBJECT
public:
    /// Wake-up period, ms.
    static constexpr int kPeriodMs = 5;

    explicit EventLoopProbe(QObject* parent = nullptr);

    /// Forgets what was recorded and starts again.
    void restart();
    /// The longest lateness recorded, ms.
    double longestMs() const;
    /// The lateness that fraction q (0..1) of the wake-ups stayed under, ms.
    double quantileMs(double q) const;
    std::size_t wakeUps() const { return m_late.size(); }

private:
    void tick();

    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    std::vector<double> m_late; // ms, one per wake-up
};

} // namespace tumble::ui
