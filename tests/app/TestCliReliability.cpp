// tumble-cli under hostile use (issue 21), end to end on the real binary ($TUMBLE_CLI): scene
// values out of range are refused alike by inspect and run; --threads above the machine's
// hardware threads and outputs that would overwrite each other or the scene are usage errors
// before anything runs; a run killed with SIGKILL leaves every CSV parseable to its last row; a
// run at 10x the critical timestep stops at its first runaway sample before writing it; and
// running out of memory (under `ulimit -v`) is reported as that, exit 5, never as an instability.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <unistd.h>

#include "parallel/MachineResources.h"
#include "scene/SceneLoader.h"
#include "sim/InstabilityReport.h"
#include "sim/Simulation.h"

using namespace tumble;

namespace {

const QString kEnergyHeader = "step,time,kinetic_translational,kinetic_rotational,potential_gravity,elastic,"
                              "dissipated,external_work,total,balance_error";
const QString kTrackHeader = "step,time,id,x,y,z,vx,vy,vz,wx,wy,wz,Lx,Ly,Lz,qw,qx,qy,qz";

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

QString cliPath()
{
    const char* cli = std::getenv("TUMBLE_CLI");
    return cli ? QString::fromLocal8Bit(cli) : QString();
}

// Under AddressSanitizer or ThreadSanitizer (the asan and tsan presets) tumble-cli cannot start
// within a virtual-memory limit at all: the sanitizer reserves terabytes of address space for its
// shadow memory. The tests of such limits skip there; the default run has them.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SKIP_UNDER_SANITIZER()                                                                                         \
    QSKIP("a sanitizer's shadow memory does not fit a ulimit -v; this test runs in the default build")
#else
#define SKIP_UNDER_SANITIZER()
#endif

// runs tumble-cli; with a virtual-memory limit (KiB) through the shell's ulimit -v
Result runCli(const QStringList& args, long long ulimitKiB = 0)
{
    Result r;
    if (cliPath().isEmpty()) {
        r.err = "TUMBLE_CLI is not set (run through ctest)";
        return r;
    }
    QProcess p;
    if (ulimitKiB > 0)
        p.start("bash",
                QStringList{"-c", QString("ulimit -v %1 && exec \"$0\" \"$@\"").arg(ulimitKiB), cliPath()} + args);
    else
        p.start(cliPath(), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        r.err = "tumble-cli did not finish within 60 s";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

QString writeFile(const QString& path, const QString& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// a scene of one linear material "glass", a floor and the given bodies (and extra top-level keys)
QString scene(const QString& bodies, const QString& dt = "1e-5", const QString& extra = "")
{
    return QStringLiteral(R"({
  "format": "tumble-scene", "version": 1, "name": "test", "gravity": [0, 0, -9.81],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": %1},
  "materials": [{"name": "glass", "density": 2500,
                 "contact": {"model": "linear", "kn": 1e5, "kt": 2.5e4, "restitution": 0.5, "friction": 0.3}}],
  "bodies": %2,
  "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}]%3
})")
        .arg(dt, bodies, extra);
}

// a small pile: two spheres touching the floor and each other, two falling onto them
const QString kPile = R"([
  {"type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0, 0.0099]},
  {"type": "sphere", "material": "glass", "radius": 0.01, "position": [0.0199, 0, 0.0099]},
  {"type": "sphere", "material": "glass", "radius": 0.008, "position": [0, 0, 0.03], "velocity": [0.05, 0, 0]},
  {"type": "sphere", "material": "glass", "radius": 0.012, "position": [0.05, 0.02, 0.04]}])";

struct CsvCheck {
    QString header;
    qsizetype rows = 0;
    QString problem; // empty when every line after the header is complete
    QList<QVector<double>> values;
};

// every line ends with a newline and has the header's field count, every field a finite number
CsvCheck checkCsv(const QString& path)
{
    CsvCheck c;
    const QString text = QString::fromUtf8(readAll(path));
    if (text.isEmpty()) {
        c.problem = "empty";
        return c;
    }
    if (!text.endsWith('\n')) {
        c.problem = "the last line is not complete";
        return c;
    }
    QStringList lines = text.split('\n');
    lines.removeLast();
    c.header = lines.takeFirst();
    const qsizetype fields = c.header.split(',').size();
    for (const QString& line : lines) {
        const QStringList parts = line.split(',');
        if (parts.size() != fields) {
            c.problem = "a line with " + QString::number(parts.size()) + " fields: " + line.left(200);
            return c;
        }
        QVector<double> row;
        for (const QString& p : parts) {
            bool ok = false;
            row.push_back(p.toDouble(&ok));
            if (!ok || !std::isfinite(row.back())) {
                c.problem = "a field that is not a finite number: " + p;
                return c;
            }
        }
        c.values.push_back(row);
        ++c.rows;
    }
    return c;
}

} // namespace

class TestCliReliability : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(!cliPath().isEmpty(), "TUMBLE_CLI is not set (run through ctest)"); }

    void clumpMemberAt1e308IsRefusedByInspectAndRun()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir.filePath("far.json"), scene(R"([{"type": "clump", "material": "glass",
            "position": [0, 0, 0.1], "spheres": [{"center": [0, 0, 0], "radius": 0.01},
                                                  {"center": [1e308, 0, 0], "radius": 0.01}]}])"));
        const Result inspect = runCli({"inspect", path});
        const Result run = runCli({"run", path, "--steps", "10"});
        for (const Result& r : {inspect, run}) {
            QCOMPARE(r.exitCode, 3);
            QVERIFY2(r.err.contains(path + ": /bodies/0/spheres/1/center/0: "), qPrintable(r.err));
            QVERIFY2(r.err.contains("beyond"), qPrintable(r.err));
        }
        QVERIFY(inspect.out.isEmpty());
    }

    void threadsAboveTheHardwareAreRefused()
    {
        const int hardware = hardwareThreads();
        const Result r = runCli(
            {"run", "builtin:" + QString("settling-box"), "--steps", "1", "--threads", QString::number(hardware + 1)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--threads") && r.err.contains(QString::number(hardware) + " hardware thread"),
                 qPrintable(r.err));
        const Result huge = runCli({"run", "builtin:settling-box", "--steps", "1", "--threads", "1000"});
        QCOMPARE(huge.exitCode, 2);
    }

    void absurdNumbersAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("dt") << QStringList{"--dt", "1e30", "--steps", "1"} << "--dt";
        QTest::newRow("tiny dt") << QStringList{"--dt", "1e-300", "--steps", "1"} << "--dt";
        QTest::newRow("dt factor") << QStringList{"--dt-factor", "1e9", "--steps", "1"} << "--dt-factor";
        QTest::newRow("steps") << QStringList{"--steps", "9000000000000000000"} << "--steps";
        QTest::newRow("duration") << QStringList{"--dt", "1e-9", "--duration", "1e300"} << "--duration";
        QTest::newRow("viscous") << QStringList{"--viscous-damping", "1e300", "--steps", "1"} << "--viscous-damping";
    }

    void absurdNumbersAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Result r = runCli(QStringList{"run", "builtin:settling-box"} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("tumble-cli: " + option), qPrintable(r.err));
    }

    void outputsThatCollideAreRefused_data()
    {
        QTest::addColumn<QString>("energy"); // relative to the temporary directory
        QTest::addColumn<QString>("second"); // option
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expect");
        QTest::newRow("same path") << "x.csv"
                                   << "--track-csv"
                                   << "x.csv"
                                   << "same file";
        QTest::newRow("dot spelling") << "x.csv"
                                      << "--track-csv"
                                      << "./sub/../x.csv"
                                      << "same file";
        QTest::newRow("existing symlink") << "existing.csv"
                                          << "--track-csv"
                                          << "link-to-existing.csv"
                                          << "same file";
        QTest::newRow("dangling symlink") << "x.csv"
                                          << "--track-csv"
                                          << "link-to-x.csv"
                                          << "same file";
        QTest::newRow("hard link") << "existing.csv"
                                   << "--ledger-csv"
                                   << "hardlink.csv"
                                   << "same file";
        QTest::newRow("summary over an energy csv") << "x.csv"
                                                    << "--summary-json"
                                                    << "x.csv"
                                                    << "same file";
        QTest::newRow("over the scene") << "x.csv"
                                        << "--summary-json"
                                        << "scene.json"
                                        << "scene file";
        QTest::newRow("energy over the scene via a link") << "link-to-scene.json"
                                                          << "--summary-json"
                                                          << "s.json"
                                                          << "scene file";
        QTest::newRow("vtk dir over a csv") << "x.csv"
                                            << "--vtk-dir"
                                            << "x.csv"
                                            << "same file";
    }

    void outputsThatCollideAreRefused()
    {
        QFETCH(QString, energy);
        QFETCH(QString, second);
        QFETCH(QString, path);
        QFETCH(QString, expect);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        const QString sceneText = scene(kPile);
        writeFile(dir.filePath("scene.json"), sceneText);
        writeFile(dir.filePath("existing.csv"), "keep me\n");
        QVERIFY(QFile::link(dir.filePath("existing.csv"), dir.filePath("link-to-existing.csv")));
        QVERIFY(::symlink("x.csv", qPrintable(dir.filePath("link-to-x.csv"))) == 0);
        QVERIFY(QFile::link(dir.filePath("scene.json"), dir.filePath("link-to-scene.json")));
        QVERIFY(::link(qPrintable(dir.filePath("existing.csv")), qPrintable(dir.filePath("hardlink.csv"))) == 0);
        QStringList args{"run",          dir.filePath("scene.json"), "--steps", "5",
                         "--energy-csv", dir.filePath(energy),       second,    dir.filePath(path)};
        if (second == "--track-csv")
            args << "--track"
                 << "0";
        const Result r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expect), qPrintable(r.err));
        // nothing ran: no output was created and the inputs are untouched
        QVERIFY(!QFileInfo::exists(dir.filePath("x.csv")));
        QCOMPARE(readAll(dir.filePath("existing.csv")), QByteArray("keep me\n"));
        QCOMPARE(QString::fromUtf8(readAll(dir.filePath("scene.json"))), sceneText);
    }

    void killedRunLeavesParseableFiles()
    {
        // a long run of the 1000-sphere settling box, every step sampled, killed with SIGKILL
        // once its files have grown: each CSV ends at a complete row under its exact header
        QTemporaryDir dir;
        QProcess p;
        p.start(cliPath(), {"run", "builtin:settling-box", "--steps", "100000000", "--energy-csv",
                            dir.filePath("energy.csv"), "--ledger-csv", dir.filePath("ledger.csv"), "--track",
                            "0,1,999", "--track-csv", dir.filePath("track.csv"), "--summary-json",
                            dir.filePath("summary.json"), "--vtk-dir", dir.filePath("vtk"), "--vtk-every", "20"});
        QVERIFY(p.waitForStarted());
        QElapsedTimer timer;
        timer.start();
        while (QFileInfo(dir.filePath("track.csv")).size() < 200000 && timer.elapsed() < 30000 &&
               p.state() == QProcess::Running)
            QTest::qWait(50);
        QCOMPARE(p.state(), QProcess::Running);
        p.kill(); // SIGKILL
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);

        const CsvCheck energy = checkCsv(dir.filePath("energy.csv"));
        QVERIFY2(energy.problem.isEmpty(), qPrintable(energy.problem));
        QCOMPARE(energy.header, kEnergyHeader);
        QVERIFY(energy.rows > 10);
        for (qsizetype k = 0; k < energy.values.size(); ++k)
            QCOMPARE(energy.values[k][0], double(k)); // one row per step, none lost in the middle
        const CsvCheck ledger = checkCsv(dir.filePath("ledger.csv"));
        QVERIFY2(ledger.problem.isEmpty(), qPrintable(ledger.problem));
        QVERIFY(ledger.header.startsWith(kEnergyHeader + ","));
        const CsvCheck track = checkCsv(dir.filePath("track.csv"));
        QVERIFY2(track.problem.isEmpty(), qPrintable(track.problem));
        QCOMPARE(track.header, kTrackHeader);
        QVERIFY(track.rows > 10);
        // the summary written before the first step is a whole document
        QJsonParseError error{};
        QJsonDocument::fromJson(readAll(dir.filePath("summary.json")), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        // every VTK file in place is whole (they are renamed into place when written)
        const QStringList frames = QDir(dir.filePath("vtk")).entryList({"*.vtp", "*.pvd"}, QDir::Files);
        QVERIFY(!frames.isEmpty());
        for (const QString& f : frames)
            QVERIFY2(readAll(dir.filePath("vtk/" + f)).trimmed().endsWith("</VTKFile>"), qPrintable(f));
    }

    void runawayStopsAtTheFirstBadSample()
    {
        // the pile at 10x the critical timestep: the run stops at the first sample whose balance
        // error leaves kRunawayFactor x the scene's energy scale, before writing it
        QTemporaryDir dir;
        const QString path = writeFile(dir.filePath("fast.json"), scene(kPile, R"({"factor": 10})"));
        const Result r =
            runCli({"run", path, "--steps", "5000", "--energy-csv", dir.filePath("energy.csv"), "--track", "0,1,2,3",
                    "--track-csv", dir.filePath("track.csv"), "--summary-json", dir.filePath("summary.json")});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.err.startsWith("tumble-cli: unstable at step "), qPrintable(r.err));
        for (const char* part : {" s: runaway energy", "body ", "critical dt", "stiffest contact: material 'glass'",
                                 "kn = 100000 N/m", "reduce dt"})
            QVERIFY2(r.err.contains(part), qPrintable(r.err));

        Scene s = loadSceneFile(path.toStdString());
        const Simulation sim(std::move(s.world), s.params);
        const double bound = InstabilityReport::kRunawayFactor * sim.energyScale();
        const CsvCheck energy = checkCsv(dir.filePath("energy.csv"));
        QVERIFY2(energy.problem.isEmpty(), qPrintable(energy.problem));
        QVERIFY(energy.rows >= 1);
        for (const QVector<double>& row : energy.values)
            for (qsizetype c = 2; c < row.size(); ++c)
                QVERIFY2(std::abs(row[c]) <= bound, qPrintable(QString("%1 J above %2 J").arg(row[c]).arg(bound)));
        // the message's step is the sample after the last row written: the first bad one
        const long long lastRow = static_cast<long long>(energy.values.back()[0]);
        QVERIFY2(r.err.startsWith(QString("tumble-cli: unstable at step %1,").arg(lastRow + 1)), qPrintable(r.err));
        const CsvCheck track = checkCsv(dir.filePath("track.csv"));
        QVERIFY2(track.problem.isEmpty(), qPrintable(track.problem));
        QCOMPARE(track.rows, 4 * energy.rows);
        const QJsonObject summary = QJsonDocument::fromJson(readAll(dir.filePath("summary.json"))).object();
        QCOMPARE(summary["unstable"].toBool(), true);
    }

    void runOutOfMemoryIsNotAnInstability()
    {
        SKIP_UNDER_SANITIZER();
        // 8192 spheres whose velocities bring them all to one point in the first step: the
        // neighbour list then needs every pair (33 million candidates), far beyond 700 MB of
        // address space. The run reports running out of memory, with exit 5, and the files
        // written before stay whole.
        QString bodies = "[";
        for (int k = 0; k < 8192; ++k) {
            const double x = 0.05 * (k % 16 - 7.5), y = 0.05 * (k / 16 % 16 - 7.5), z = 0.05 * (k / 256 - 15.5) + 1.0;
            bodies += QString(R"(%1{"type": "sphere", "material": "glass", "radius": 0.01, "position": [%2, %3, %4],
                "velocity": [%5, %6, %7]})")
                          .arg(k ? "," : "")
                          .arg(x)
                          .arg(y)
                          .arg(z)
                          .arg(-x / 1e-3)
                          .arg(-y / 1e-3)
                          .arg(-(z - 1.0) / 1e-3);
        }
        bodies += "]";
        QTemporaryDir dir;
        const QString path =
            writeFile(dir.filePath("implode.json"), scene(bodies, "1e-3").replace("[0, 0, -9.81]", "[0, 0, 0]"));
        const Result r = runCli({"run", path, "--steps", "10", "--energy-csv", dir.filePath("energy.csv"),
                                 "--summary-json", dir.filePath("summary.json")},
                                700 * 1024);
        QCOMPARE(r.exitCode, 5);
        QVERIFY2(r.err.contains("out of memory"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("unstable") && !r.err.contains("reduce dt"), qPrintable(r.err));
        const CsvCheck energy = checkCsv(dir.filePath("energy.csv"));
        QVERIFY2(energy.problem.isEmpty(), qPrintable(energy.problem));
        QCOMPARE(energy.header, kEnergyHeader);
        const QJsonObject summary = QJsonDocument::fromJson(readAll(dir.filePath("summary.json"))).object();
        QVERIFY(!summary.isEmpty());
        QCOMPARE(summary["unstable"].toBool(), false);
    }

    void sceneTooBigForTheAddressSpaceIsRefusedUpFront()
    {
        SKIP_UNDER_SANITIZER();
        // a million generated spheres need about 2 GB; under ulimit -v 1 GB both inspect and run
        // refuse the scene with the figures before generating it
        QTemporaryDir dir;
        const QString path =
            writeFile(dir.filePath("big.json"),
                      scene("[]", "1e-5", R"(, "generators": [{"type": "grid", "material": "glass", "radius": 0.004,
                 "count": [100, 100, 100], "spacing": 0.01, "origin": [0, 0, 0.01]}])"));
        for (const QString& command : {QString("inspect"), QString("run")}) {
            QStringList args{command, path};
            if (command == "run")
                args << "--steps"
                     << "1";
            const Result r = runCli(args, 1024 * 1024);
            QCOMPARE(r.exitCode, 5);
            QVERIFY2(r.err.contains(path + ": /generators/0/count: "), qPrintable(r.err));
            QVERIFY2(r.err.contains(" GB") && r.err.contains("ulimit -v"), qPrintable(r.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliReliability)
#include "TestCliReliability.moc"
