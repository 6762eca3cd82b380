#include "session/SweepRunner.h"

#include <chrono>

#include "session/QueuedCalls.h"

namespace tumble::ui {

namespace {

// posts the sweep's progress to the runner's thread of the GUI: within a run at most every
// 50 ms, at the end of a run always
class Reporter {
public:
    Reporter(SweepRunner* runner, QueuedCalls* calls) : m_runner(runner), m_calls(calls) {}

    void within(double fraction)
    {
        const Clock::time_point now = Clock::now();
        if (now - m_last < std::chrono::milliseconds(50))
            return;
        m_last = now;
        post([r = m_runner, fraction]() { emit r->progress(fraction); });
    }
    void ran(int done, int total)
    {
        post([r = m_runner, done, total]() {
            emit r->progress(double(done) / double(total));
            emit r->runFinished(done, total);
        });
    }

private:
    using Clock = std::chrono::steady_clock;
    template <class F> void post(F f) { m_calls->post(std::move(f)); }

    SweepRunner* m_runner;
    QueuedCalls* m_calls;
    Clock::time_point m_last{};
};

// against a closed form: one core sweep per (scheme, dt) run, the orders fitted as the core does
SweepResult runByRun(const Scene& scene, const std::vector<SweepScheme>& plan, const std::vector<double>& dts,
                     double duration, SweepOptions options, Reporter& report)
{
    SweepResult out;
    const int total = int(plan.size() * dts.size());
    int done = 0;
    options.progress = [&](double f) { report.within((done + f) / total); };
    for (const SweepScheme& s : plan) {
        std::vector<double> errors, runDts;
        for (double dt : dts) {
            const SweepResult r = convergenceSweep(scene, {s.name}, {dt}, duration, options);
            out.reference = r.reference;
            out.measure = r.measure;
            if (r.cancelled) {
                out.cancelled = true;
                break;
            }
            SweepPoint p = r.points.front();
            p.scheme = s.name;
            out.points.push_back(p);
            errors.push_back(p.error);
            runDts.push_back(dt);
            report.ran(++done, total);
        }
        out.orders.push_back({s.name, fittedOrder(runDts, errors)});
        if (out.cancelled)
            break;
    }
    return out;
}

// against the rk4 reference: every scheme in one core call, so they share its reference run
SweepResult runGrouped(const Scene& scene, const std::vector<SweepScheme>& plan, const std::vector<double>& dts,
                       double duration, SweepOptions options, Reporter& report)
{
    options.progress = [&](double f) { report.within(f); };
    std::vector<std::string> names;
    for (const SweepScheme& s : plan)
        names.push_back(s.name);
    SweepResult out = convergenceSweep(scene, names, dts, duration, options);
    if (!out.cancelled) {
        const int total = int(plan.size() * dts.size());
        report.ran(total, total);
    }
    return out;
}

} // namespace

SweepRunner::SweepRunner(QObject* parent) : QObject(parent), m_calls(new QueuedCalls(this))
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
    QString refused;
    m_schemes.clear();
    try {
        for (const std::string& name : schemes)
            m_schemes.push_back(SweepScheme::resolve(name, scene));
    } catch (const std::exception& e) {
        refused = QString::fromStdString(e.what());
    }
    m_thread = std::thread([this, scene, plan = m_schemes, refused, dts, duration, useAnalytic, cancel]() {
        const auto fail = [this](const QString& message) {
            m_calls->post([this, message]() {
                m_running = false;
                emit failed(message);
            });
        };
        if (!refused.isEmpty())
            return fail(refused);
        Reporter report(this, m_calls);
        SweepOptions o;
        o.cancel = cancel.get();
        o.useAnalytic = useAnalytic;
        try {
            // the core checks the whole input before it runs anything: called already cancelled,
            // it throws for bad input and returns at once otherwise
            const std::atomic<bool> stopped{true};
            SweepOptions check = o;
            check.cancel = &stopped;
            convergenceSweep(scene, plan.empty() ? std::vector<std::string>{} : std::vector{plan.front().name}, dts,
                             duration, check);
            SweepResult r = useAnalytic && !scene.analytic.empty() && !plan.empty()
                                ? runByRun(scene, plan, dts, duration, o, report)
                                : runGrouped(scene, plan, dts, duration, o, report);
            m_calls->post([this, r = std::move(r)]() {
                m_running = false;
                emit finished(r);
            });
        } catch (const std::exception& e) {
            fail(QString::fromStdString(e.what()));
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
