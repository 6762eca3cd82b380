// ReplaySource: a LAMMPS run that Tumble exported and `lmp` ran (LAMMPS is installed by
// scripts/setup.sh) is replayed frame for frame: every atom where the dump puts it, at the dump's
// time and step; clumps as bodies of their molecule with Tumble's mass (union integration) and
// members that keep their distance from the centre (rigid motion); the thermo log on the energy
// samples, whose kinetic energy in the pile's free fall is 1/2 M g^2 t^2; colouring by a column;
// and a dump cut short inside a frame names its file and line while the frames before it stay.
#include <QtTest>

#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <map>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/LammpsDump.h"
#include "io/LammpsLog.h"
#include "scene/BuiltinScenes.h"
#include "session/ReplaySource.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// runs program with args in dir, its output in dir/<name>.out; empty on success, else why not.
// posix_spawn, not QProcess: Qt 6.4 starts a child with clone(CLONE_VM|CLONE_VFORK) through the
// `clone` symbol that ThreadSanitizer intercepts as a fork, and the child's fork handling, run in
// the parent's own memory, corrupts the parent's race-detector state (locks it holds go unseen, and
// its next thread dies "after multi-threaded fork"). glibc's posix_spawn clones internally.
QString run(const QString& program, const QStringList& args, const QString& dir)
{
    const QString name = QFileInfo(program).fileName();
    const QByteArray out = QFile::encodeName(dir + "/" + name + ".out");
    std::vector<QByteArray> words{QFile::encodeName(program)};
    for (const QString& a : args)
        words.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const QByteArray where = QFile::encodeName(dir);
    posix_spawn_file_actions_addchdir_np(&actions, where.constData());
    posix_spawn_file_actions_addopen(&actions, 1, out.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = 0;
    const int failed = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed != 0)
        return program + " did not start: " + QString::fromLocal8Bit(std::strerror(failed));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return {};
    QFile log(QFile::decodeName(out));
    log.open(QIODevice::ReadOnly);
    return program + " failed (wait status " + QString::number(status) +
           "): " + QString::fromLocal8Bit(log.readAll()).right(2000);
}

} // namespace

class TestReplaySource : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void framesAsLammpsWroteThem();
    void clumpsKeepTumblesMassAndShape();
    void thermoLogIsTheFreeFall();
    void colourByAColumn();
    void cutShortDumpNamesTheLineAndKeepsTheFramesBefore();

private:
    QTemporaryDir m_tmp;
    QString m_dir;
    static constexpr long long kSteps = 2000;
};

void TestReplaySource::initTestCase()
{
    const QString cli = qEnvironmentVariable("TUMBLE_CLI");
    QVERIFY2(!cli.isEmpty(), "TUMBLE_CLI is set by ctest");
    const QString lmp = QStandardPaths::findExecutable("lmp");
    QVERIFY2(!lmp.isEmpty(), "lmp not found: LAMMPS is installed by scripts/setup.sh (Debian package lammps)");
    m_dir = m_tmp.filePath("pile");
    QString error = run(
        cli, {"export-lammps", "builtin:mixed-pile", m_dir, "--steps", QString::number(kSteps), "--dump-every", "500"},
        m_tmp.path());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = run(lmp, {"-in", "tumble.in"}, m_dir);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReplaySource::framesAsLammpsWroteThem()
{
    ReplaySource source((m_dir + "/dump.atoms").toStdString(), (m_dir + "/log.lammps").toStdString());
    QVERIFY(source.waitIndexed(60000));
    const ReplaySource::Status status = source.status();
    QVERIFY2(status.error.empty(), status.error.c_str());
    QCOMPARE(status.frames, kSteps / 500 + 1);
    QCOMPARE(status.bytesRead, status.bytes);

    // every frame, in an order that is not the file's (the loader seeks)
    LammpsDumpReader reader((m_dir + "/dump.atoms").toStdString());
    std::vector<LammpsDumpFrame> frames;
    for (LammpsDumpFrame f; reader.next(f);)
        frames.push_back(f);
    QCOMPARE(static_cast<long long>(frames.size()), status.frames);
    for (long long k : {3LL, 0LL, 4LL, 1LL, 2LL}) {
        source.show(k);
        QVERIFY(source.waitShown(k, 30000));
        const SnapshotPtr s = source.takeSnapshot();
        const LammpsDumpFrame& f = frames[std::size_t(k)];
        QCOMPARE(s->step, f.timestep);
        QCOMPARE(s->time, *f.time);
        QCOMPARE(s->memberCount(), f.rows);
        const int x = f.column("x"), r = f.column("radius"), vx = f.column("vx");
        for (std::size_t i = 0; i < f.rows; ++i) {
            for (int a = 0; a < 3; ++a)
                QCOMPARE(s->positions[3 * i + std::size_t(a)], static_cast<float>(f.at(i, x + a)));
            QCOMPARE(s->radii[i], static_cast<float>(f.at(i, r)));
            const double speed = std::hypot(f.at(i, vx), f.at(i, vx + 1), f.at(i, vx + 2));
            QCOMPARE(s->speeds[i], static_cast<float>(speed));
        }
    }
}

void TestReplaySource::clumpsKeepTumblesMassAndShape()
{
    const Scene scene = loadBuiltinScene("mixed-pile");
    const World& w = scene.world;
    ReplaySource source((m_dir + "/dump.atoms").toStdString());
    QVERIFY(source.waitIndexed(60000));
    QVERIFY2(source.status().bodiesNote.find("dump.bodies") != std::string::npos, source.status().bodiesNote.c_str());
    for (long long k = 0; k < source.status().frames; ++k) {
        source.show(k);
        QVERIFY(source.waitShown(k, 30000));
        const SnapshotPtr s = source.takeSnapshot();
        // one body per Tumble body, numbered as Tumble numbers them (molecule = id + 1)
        QCOMPARE(s->bodyCount(), w.size());
        std::size_t clumps = 0;
        for (std::size_t b = 0; b < w.size(); ++b)
            clumps += w.type[b] == BodyType::Clump;
        QCOMPARE(s->clumps.size(), clumps);
        for (const BodyState& c : s->clumps) {
            QCOMPARE(w.type[std::size_t(c.id)], BodyType::Clump);
            QVERIFY2(std::abs(c.mass - w.mass[std::size_t(c.id)]) <= 1e-12 * w.mass[std::size_t(c.id)],
                     qPrintable(QString("clump %1: mass %2 kg, Tumble's %3 kg")
                                    .arg(c.id)
                                    .arg(c.mass, 0, 'g', 17)
                                    .arg(w.mass[std::size_t(c.id)], 0, 'g', 17)));
        }
        // a rigid body's members keep their distance from its centre (float positions: 1e-6 relative)
        std::vector<double> distance(s->memberCount(), 0.0);
        for (std::size_t i = 0; i < s->memberCount(); ++i) {
            QCOMPARE(s->bodyOf(i), w.memberBody[i]);
            if (const BodyState* c = s->clumpState(s->bodyOf(i))) {
                const Vec3 x(s->positions[3 * i], s->positions[3 * i + 1], s->positions[3 * i + 2]);
                distance[i] = (x - c->position).norm();
                QVERIFY2(std::abs(distance[i] - w.memberOffset[i].norm()) <= 1e-6 * 0.1,
                         qPrintable(QString("frame %1 member %2: %3 m from its centre, Tumble's offset %4 m")
                                        .arg(k)
                                        .arg(i)
                                        .arg(distance[i], 0, 'g', 9)
                                        .arg(w.memberOffset[i].norm(), 0, 'g', 9)));
            }
        }
    }
}

void TestReplaySource::thermoLogIsTheFreeFall()
{
    const Scene scene = loadBuiltinScene("mixed-pile");
    const World& w = scene.world;
    double spheres = 0.0, clumps = 0.0; // kg
    for (std::size_t b = 0; b < w.size(); ++b)
        (w.type[b] == BodyType::Clump ? clumps : spheres) += w.mass[b];
    ReplaySource source((m_dir + "/dump.atoms").toStdString(), (m_dir + "/log.lammps").toStdString());
    QVERIFY(source.waitShown(0, 60000));
    const SnapshotPtr s = source.takeSnapshot();
    QCOMPARE(s->energy.size(), std::size_t(1));
    const EnergyChunk& chunk = *s->energy.front();
    // every thermo row, in order
    const LammpsThermo log = readLammpsLog((m_dir + "/log.lammps").toStdString());
    QCOMPARE(chunk.samples.size(), log.rows.size());
    QVERIFY(log.rows.size() > 10);
    const int t = log.column("Time"), ke = log.column("v_kinetic_translational");
    for (std::size_t i = 0; i < log.rows.size(); ++i) {
        QCOMPARE(chunk.samples[i].time, log.rows[i][std::size_t(t)]);
        QCOMPARE(chunk.samples[i].kineticTranslational, log.rows[i][std::size_t(ke)]);
    }
    // the pile falls freely for its first 2000 steps (no body is within reach of another or a
    // wall): velocity Verlet's v = g t is exact under a constant force, so KE = 1/2 M g^2 t^2, to
    // the round-off of LAMMPS's masses (4/3 pi r^3 rho) and sums. At t = 0 the clumps hold the
    // export's v0 + g dt/2, the half kick rigid/small's set-up leaves out (docs/LAMMPS.md,
    // "Clumps under gravity"); without it they fall half a step late, v = g (t - dt/2)
    const double g2 = w.gravity.squaredNorm();
    const double dt = scene.params.dt;
    for (const EnergySample& e : chunk.samples) {
        const double tc = e.time > 0.0 ? e.time : 0.5 * dt; // the clumps' g t
        const double exact = 0.5 * spheres * g2 * e.time * e.time + 0.5 * clumps * g2 * tc * tc;
        QVERIFY2(std::abs(e.kineticTranslational - exact) <= 1e-9 * std::max(exact, 1e-12),
                 qPrintable(QString("t = %1 s: KE %2 J, 1/2 M g^2 t^2 = %3 J")
                                .arg(e.time)
                                .arg(e.kineticTranslational, 0, 'g', 17)
                                .arg(exact, 0, 'g', 17)));
        QCOMPARE(e.kineticRotational, 0.0);
    }
    QVERIFY(chunk.samples.back().kineticTranslational > 0.0);
}

void TestReplaySource::colourByAColumn()
{
    ReplaySource source((m_dir + "/dump.atoms").toStdString());
    QVERIFY(source.waitIndexed(60000));
    source.show(4);
    QVERIFY(source.waitShown(4, 30000));
    source.setColourColumn("vz");
    QVERIFY(source.waitShown(4, 30000));
    const SnapshotPtr s = source.takeSnapshot();
    QCOMPARE(s->speedsTitle, std::string("vz"));
    QVERIFY(s->speedsTwoSided);
    LammpsDumpReader reader((m_dir + "/dump.atoms").toStdString());
    LammpsDumpFrame f;
    for (int k = 0; k <= 4; ++k)
        QVERIFY(reader.next(f));
    for (std::size_t i = 0; i < f.rows; ++i)
        QCOMPARE(s->speeds[i], static_cast<float>(f.at(i, f.column("vz"))));
    QVERIFY(s->speeds[0] < 0.f); // falling
}

void TestReplaySource::cutShortDumpNamesTheLineAndKeepsTheFramesBefore()
{
    QFile in(m_dir + "/dump.atoms");
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = in.readAll().split('\n');
    // the last frame loses its last 10 rows
    const QString cutPath = m_tmp.filePath("cut.atoms");
    QFile cut(cutPath);
    QVERIFY(cut.open(QIODevice::WriteOnly));
    const int keep = int(lines.size()) - 1 - 10;
    for (int i = 0; i < keep; ++i)
        cut.write(lines[i] + '\n');
    cut.close();
    ReplaySource source(cutPath.toStdString());
    QVERIFY(source.waitIndexed(60000));
    const ReplaySource::Status status = source.status();
    QCOMPARE(status.frames, kSteps / 500); // every frame but the cut one
    const std::string expected = cutPath.toStdString() + ": line " + std::to_string(keep) + ": ";
    QVERIFY2(status.error.rfind(expected, 0) == 0, status.error.c_str());
    QVERIFY2(status.error.find("cut short") != std::string::npos, status.error.c_str());
    source.show(status.frames - 1);
    QVERIFY(source.waitShown(status.frames - 1, 30000));
    QCOMPARE(source.takeSnapshot()->step, kSteps - 500);
}

QTEST_GUILESS_MAIN(TestReplaySource)
#include "TestReplaySource.moc"
