// Benchmark (CTest label "benchmark", not in the default run): what a saved state costs (issue
// 22): its size per body, saveState and restoreState against a step, a state file's write and
// read, and how many states the timeline's default budget holds. Two systems: the pressed
// lattice of 10 648 spheres (30 492 contacts, PressedLattice.h) and the mixed pile (44 spheres
// and 84 clumps of 2 to 5 spheres) once it has landed. Times are the thread's CPU time per
// call, median of kRepetitions; printed with qInfo and written as JSON to $TUMBLE_BENCH_OUT.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "PressedLattice.h"
#include "ThreadCpu.h"
#include "io/StateFile.h"
#include "scene/BuiltinScenes.h"

using namespace tumble;

namespace {

constexpr int kCalls = 10;
constexpr int kRepetitions = 5;
constexpr std::size_t kDefaultBudget = std::size_t(256) << 20; // ui::Timeline::kDefaultBudget

template <class F> double timed(F&& f)
{
    return bench::timedCalls(kCalls, kRepetitions, f);
}

QJsonObject measure(const char* name, Simulation& sim)
{
    const std::vector<unsigned char> state = sim.saveState();
    const std::string path = QDir::temp().filePath("tumble-bench.tumble-state").toStdString();
    const double step = timed([&] { sim.step(); });
    const double save = timed([&] { (void)sim.saveState(); });
    std::vector<unsigned char> reused = state; // memory that is mapped already, as the timeline's
    const double saveReused = timed([&] { sim.saveState(reused); });
    const double restore = timed([&] { sim.restoreState(state); });
    const double write = timed([&] { StateFile::write(path, state); });
    const double read = timed([&] { (void)StateFile::read(path); });
    std::remove(path.c_str());
    const double bodies = double(sim.world().size());
    const double perBody = double(state.size()) / bodies;
    qInfo("%s: %.0f bodies, %zu contacts: state %.2f MB (%.0f B per body), %zu states in 256 MB; step %.3f ms, "
          "save %.3f ms into fresh memory, %.3f ms (%.2f steps) into a reused buffer, restore %.3f ms (%.2f steps), "
          "file write %.3f ms, read %.3f ms",
          name, bodies, sim.contactCount(), double(state.size()) / (1 << 20), perBody, kDefaultBudget / state.size(),
          step * 1e3, save * 1e3, saveReused * 1e3, saveReused / step, restore * 1e3, restore / step, write * 1e3,
          read * 1e3);
    QJsonObject o;
    o["system"] = name;
    o["bodies"] = bodies;
    o["contacts"] = double(sim.contactCount());
    o["state_bytes"] = double(state.size());
    o["bytes_per_body"] = perBody;
    o["states_in_default_budget"] = double(kDefaultBudget / state.size());
    o["step_ms"] = step * 1e3;
    o["save_ms"] = save * 1e3;
    o["save_reused_ms"] = saveReused * 1e3;
    o["restore_ms"] = restore * 1e3;
    o["file_write_ms"] = write * 1e3;
    o["file_read_ms"] = read * 1e3;
    return o;
}

} // namespace

class TestStateCost : public QObject {
    Q_OBJECT
private slots:
    void stateCost()
    {
        QJsonArray out;
        Simulation lattice = bench::pressedLattice(22);
        lattice.run(20);
        QCOMPARE(lattice.contactCount(), std::size_t(3 * 22 * 22 * 21));
        out.append(measure("pressed lattice", lattice));

        Scene pile = loadBuiltinScene("mixed-pile");
        Simulation landed(std::move(pile.world), pile.params);
        landed.run(12000);
        QVERIFY(landed.contactCount() > 20);
        out.append(measure("mixed pile", landed));

        if (const char* path = std::getenv("TUMBLE_BENCH_OUT"); path && *path) {
            QFile f(QString::fromLocal8Bit(path));
            QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), path);
            f.write(QJsonDocument(out).toJson());
        }
    }
};

QTEST_APPLESS_MAIN(TestStateCost)
#include "TestStateCost.moc"
