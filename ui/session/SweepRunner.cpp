#include "session/SweepRunner.h"

#include <QMetaObject>

#include <chrono>
#include <map>

namespace tumble::ui {

namespace {

// posts the sweep's progress to the runner's thread of the GUI: within a run at most every
// 50 ms, at the end of a run always
class Reporter {
public:
    explicit Reporter(SweepRunner* runner) : m_runner(runner) {}

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
    template <class F> void post(F f) { QMetaObject::invokeMethod(m_runner, std::move(f), Qt::QueuedConnection); }

    SweepRunner* m_runner;
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
        const Scene own = s.needsOwnScene() ? s.coreScene(scene) : Scene{};
        const Scene& runs = s.needsOwnScene() ? own : scene;
        std::vector<double> errors, runDts;
        for (double dt : dts) {
            const SweepResult r = convergenceSweep(runs, {s.coreName()}, {dt}, duration, options);
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

// against the rk4 reference: consecutive schemes the core runs on the same scene in one call,
// so they share its reference run
SweepResult runGrouped(const Scene& scene, const std::vector<SweepScheme>& plan, const std::vector<double>& dts,
                       double duration, SweepOptions options, Reporter& report)
{
    std::vector<std::vector<const SweepScheme*>> groups;
    for (const SweepScheme& s : plan)
        if (groups.empty() || s.needsOwnScene() || groups.back().front()->needsOwnScene())
            groups.push_back({&s});
        else
            groups.back().push_back(&s);
    SweepResult out;
    const int total = int(plan.size() * dts.size());
    int done = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        options.progress = [&](double f) { report.within((double(g) + f) / double(groups.size())); };
        std::vector<std::string> names;
        std::map<std::string, std::string> given; // core name -> the name as ticked
        for (const SweepScheme* s : groups[g]) {
            names.push_back(s->coreName());
            given[s->coreName()] = s->name;
        }
        const SweepScheme& first = *groups[g].front();
        SweepResult r =
            convergenceSweep(first.needsOwnScene() ? first.coreScene(scene) : scene, names, dts, duration, options);
        out.reference = r.reference;
        out.measure = r.measure;
        for (SweepPoint& p : r.points) {
            p.scheme = given[p.scheme];
            out.points.push_back(std::move(p));
        }
        for (SweepOrder& o : r.orders) {
            o.scheme = given[o.scheme];
            out.orders.push_back(std::move(o));
        }
        if (r.cancelled) {
            out.cancelled = true;
            break;
        }
        done += int(groups[g].size() * dts.size());
        report.ran(done, total);
    }
    return out;
}

} // namespace

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
            QMetaObject::invokeMethod(
                this,
                [this, message]() {
                    m_running = false;
                    emit failed(message);
                },
                Qt::QueuedConnection);
        };
        if (!refused.isEmpty())
            return fail(refused);
        Reporter report(this);
        SweepOptions o;
        o.cancel = cancel.get();
        o.useAnalytic = useAnalytic;
        try {
            // the core checks the whole input before it runs anything: called already cancelled,
            // it throws for bad input and returns at once otherwise
            const std::atomic<bool> stopped{true};
            SweepOptions check = o;
            check.cancel = &stopped;
            convergenceSweep(scene, plan.empty() ? std::vector<std::string>{} : std::vector{plan.front().coreName()},
                             dts, duration, check);
            SweepResult r = useAnalytic && !scene.analytic.empty() && !plan.empty()
                                ? runByRun(scene, plan, dts, duration, o, report)
                                : runGrouped(scene, plan, dts, duration, o, report);
            QMetaObject::invokeMethod(
                this,
                [this, r = std::move(r)]() {
                    m_running = false;
                    emit finished(r);
                },
                Qt::QueuedConnection);
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
