#pragma once
// SweepRunner: runs a convergence sweep (core ConvergenceSweep) on its own std::thread so the
// GUI never blocks, reports progress, and can be cancelled.
//
// Design note. The sweep holds its own copy of the scene and touches nothing of the GUI's; the
// thread reports through queued calls on this object (dropped if it is gone), progress at most
// every 50 ms. cancel() sets a flag the sweep polls every few thousand steps, so it stops within
// milliseconds; the destructor cancels and joins, so closing the window mid-sweep is safe.
#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "scene/Scene.h"
#include "sim/ConvergenceSweep.h"

namespace tumble::ui {

class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Starts a sweep (schemes: presets or translation names; dts in s; duration in s; useAnalytic:
    /// against the scene's closed form if it declares one, else rk4); false if one is running.
    /// Bad input is reported through failed().
    bool start(const Scene& scene, const std::vector<std::string>& schemes, const std::vector<double>& dts,
               double duration, bool useAnalytic = true);
    /// Asks the running sweep to stop; finished() follows with the partial result (cancelled set).
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    /// Fraction of the sweep's steps done, [0, 1].
    void progress(double fraction);
    /// The sweep ended (result.cancelled when it was cancelled).
    void finished(const tumble::SweepResult& result);
    /// The sweep refused its input or its reference blew up; message in words.
    void failed(const QString& message);

private:
    void joinThread();

    std::thread m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false; // GUI thread only
};

} // namespace tumble::ui
