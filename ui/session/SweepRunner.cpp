#include "session/SweepRunner.h"

#include <QMetaObject>

namespace tumble::ui {

SweepRunner::SweepRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<tumble::SweepResult>("tumble::SweepResult");
}

SweepRunner::~SweepRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    joinThread();
}

void SweepRunner::joinThread()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool SweepRunner::start(const Scene& scene, const std::vector<std::string>& schemes, const std::vector<double>& dts,
                        double duration, bool useAnalytic)
{
    if (m_running)
        return false;
    joinThread(); // the previous sweep has reported; its thread is done or about to be
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    m_thread = std::thread([this, scene, schemes, dts, duration, useAnalytic, cancel]() {
        using Clock = std::chrono::steady_clock;
        Clock::time_point last{};
        SweepOptions o;
        o.cancel = cancel.get();
        o.useAnalytic = useAnalytic;
        o.progress = [&](double f) {
            const Clock::time_point now = Clock::now();
            if (now - last < std::chrono::milliseconds(50) && f < 1.0)
                return;
            last = now;
            QMetaObject::invokeMethod(
                this, [this, f]() { emit progress(f); }, Qt::QueuedConnection);
        };
        try {
            SweepResult r = convergenceSweep(scene, schemes, dts, duration, o);
            QMetaObject::invokeMethod(
                this,
                [this, r = std::move(r)]() {
                    m_running = false;
                    emit finished(r);
                },
                Qt::QueuedConnection);
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            QMetaObject::invokeMethod(
                this,
                [this, message]() {
                    m_running = false;
                    emit failed(message);
                },
                Qt::QueuedConnection);
        }
    });
    return true;
}

void SweepRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace tumble::ui
