#pragma once
// SweepRunner: runs a convergence sweep (core ConvergenceSweep) on its own std::thread so the
// GUI never blocks, reports progress run by run, and can be cancelled.
//
// Design note. The sweep holds its own copy of the scene and touches nothing of the GUI's; the
// thread reports through queued calls on this object (dropped if it is gone). Each ticked name
// is a SweepScheme: what it runs on the scene and what it varies (the rotation scheme on a
// torque-free scene). Against a closed form every (scheme, dt) run is independent, so each is
// one call of the core's sweep, and runFinished() follows every run; the fitted order per
// scheme is the core's fittedOrder over its runs, as the core's own sweep computes it. Against
// the rk4 reference every run needs the one reference, so the schemes the core runs on the same
// scene go in one call, and progress is the core's fraction of steps. Progress within a run
// goes out at most every 50 ms. cancel() sets a flag the sweep polls every few thousand steps,
// so it stops within milliseconds; the destructor cancels and joins, so closing the window
// mid-sweep is safe.
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

#include "scene/Scene.h"
#include "session/SweepScheme.h"
#include "sim/ConvergenceSweep.h"

namespace tumble::ui {

class QueuedCalls;

class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Starts a sweep (schemes: names SweepScheme offers for the scene; dts in s; duration in s;
    /// useAnalytic: against the scene's closed form if it declares one, else rk4); false if one
    /// is running. Bad input is reported through failed(). The result's points and orders carry
    /// the names as given.
    bool start(const Scene& scene, const std::vector<std::string>& schemes, const std::vector<double>& dts,
               double duration, bool useAnalytic = true);
    /// Asks the running sweep to stop; finished() follows with the partial result (cancelled set).
    void cancel();
    bool isRunning() const { return m_running; }
    /// What the last started sweep's names run and vary, in order.
    const std::vector<SweepScheme>& schemes() const { return m_schemes; }

signals:
    /// Fraction of the sweep done, [0, 1].
    void progress(double fraction);
    /// Run done of total (scheme, dt) runs finished (against a closed form: after each run; the
    /// progress() of the same fraction comes first).
    void runFinished(int done, int total);
    /// The sweep ended (result.cancelled when it was cancelled).
    void finished(const tumble::SweepResult& result);
    /// The sweep refused its input or its reference blew up; message in words.
    void failed(const QString& message);

private:
    void joinThread();

    QueuedCalls* m_calls; // the thread's reports, made on the GUI thread
    std::thread m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<SweepScheme> m_schemes;
    bool m_running = false; // GUI thread only
};

} // namespace tumble::ui
