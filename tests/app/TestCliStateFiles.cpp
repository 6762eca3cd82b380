// tumble-cli --state-out / --state-in end to end (issue 22, CONTRACT "State files"): a run cut in
// two through a state file writes, from the cut on, the very rows the uninterrupted run writes
// (energy and track CSVs, by text), with --steps and with --duration; options given with
// --state-in change the state's parameters from there; a state of another scene or a damaged
// file is refused naming the file (exit 2); an unstable run leaves the state it started from.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"

using namespace tumble::test;

namespace {

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// rows of a CSV from step `from` on (the header kept)
QStringList rowsFrom(const QStringList& lines, long long from)
{
    QStringList out;
    for (const QString& line : lines)
        if (line.startsWith("step") || line.section(',', 0, 0).toLongLong() >= from)
            out << line;
    return out;
}

} // namespace

class TestCliStateFiles : public QObject {
    Q_OBJECT

private slots:
    void resumedRunWritesTheUninterruptedRows();
    void durationRunsOnToTheSameTime();
    void optionsChangeTheResumedRun();
    void refusesAnotherSceneAndDamage();
    void unstableRunKeepsItsStartState();
};

void TestCliStateFiles::resumedRunWritesTheUninterruptedRows()
{
    // the mixed pile (spheres and clumps, walls, friction) as it lands, under Woo's leapfrog
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name); };
    const QStringList common = {"builtin:mixed-pile", "--scheme", "woo", "--every", "100"};
    const CliResult whole = runCli(QStringList{"run"} + common +
                                   QStringList{"--steps", "9000", "--energy-csv", p("a.csv"), "--track", "0,17,90",
                                               "--track-csv", p("ta.csv"), "--summary-json", p("a.json")});
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));
    const CliResult first = runCli(QStringList{"run"} + common +
                                   QStringList{"--steps", "6000", "--energy-csv", p("b1.csv"), "--state-out", p("s")});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const CliResult second =
        runCli(QStringList{"run"} + common +
               QStringList{"--state-in", p("s"), "--steps", "3000", "--energy-csv", p("b2.csv"), "--track", "0,17,90",
                           "--track-csv", p("tb.csv"), "--summary-json", p("b.json")});
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));

    const QStringList a = fileLines(p("a.csv"));
    const QStringList b = fileLines(p("b2.csv"));
    QCOMPARE(b.size(), qsizetype(1 + 1 + 3000 / 100)); // header, step 6000, then every 100 steps to 9000
    QCOMPARE(b.value(1).section(',', 0, 0), QString("6000"));
    QCOMPARE(b, rowsFrom(a, 6000));
    QCOMPARE(fileLines(p("tb.csv")), rowsFrom(fileLines(p("ta.csv")), 6000));
    // the pile has landed by then: contacts carried through the file
    QVERIFY(readJson(p("b.json"))["contacts"].toInt() > 10);
    QCOMPARE(readJson(p("b.json"))["steps"].toInt(), 3000);
}

void TestCliStateFiles::durationRunsOnToTheSameTime()
{
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name); };
    const CliResult whole = runCli(
        {"run", "builtin:agglomerate-impact", "--duration", "0.35", "--energy-csv", p("a.csv"), "--every", "100"});
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));
    QVERIFY2(runCli({"run", "builtin:agglomerate-impact", "--duration", "0.2", "--state-out", p("s")}).exitCode == 0,
             "the first half runs");
    const CliResult rest = runCli({"run", "builtin:agglomerate-impact", "--state-in", p("s"), "--duration", "0.35",
                                   "--energy-csv", p("b.csv"), "--every", "100"});
    QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
    const QStringList a = fileLines(p("a.csv"));
    const QStringList b = fileLines(p("b.csv"));
    QCOMPARE(b.last(), a.last()); // the same last step, time and energies, to the bit
    // the resumed run's first row is its start (step 5364, between rows of 100); then the rows
    // of the uninterrupted run
    const long long from = b.value(1).section(',', 0, 0).toLongLong();
    QVERIFY(from > 0 && from % 100 != 0);
    QCOMPARE(b.mid(2), rowsFrom(a, from).mid(1));

    const CliResult past = runCli({"run", "builtin:agglomerate-impact", "--state-in", p("s"), "--duration", "0.1"});
    QCOMPARE(past.exitCode, 2);
    QVERIFY2(past.err.contains("--duration: the saved state is at t = "), qPrintable(past.err));
}

void TestCliStateFiles::optionsChangeTheResumedRun()
{
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name); };
    QVERIFY(
        runCli({"run", "builtin:mixed-pile", "--scheme", "pfc", "--steps", "100", "--state-out", p("s")}).exitCode ==
        0);
    // without options the state's schemes and dt go on
    QVERIFY(runCli({"run", "builtin:mixed-pile", "--state-in", p("s"), "--steps", "10", "--summary-json", p("a.json")})
                .exitCode == 0);
    const QJsonObject kept = readJson(p("a.json"));
    QCOMPARE(kept["translation"].toString(), QString("velocity_verlet"));
    QCOMPARE(kept["rotation"].toString(), QString("buss_2nd_order"));
    // with them, the run changes from the state on
    QVERIFY(runCli({"run", "builtin:mixed-pile", "--state-in", p("s"), "--scheme", "woo", "--dt-factor", "0.1",
                    "--steps", "10", "--summary-json", p("b.json")})
                .exitCode == 0);
    const QJsonObject changed = readJson(p("b.json"));
    QCOMPARE(changed["translation"].toString(), QString("central_difference"));
    QCOMPARE(changed["rotation"].toString(), QString("fincham_leapfrog"));
    QVERIFY(std::abs(changed["dt"].toDouble() / changed["critical_dt"].toDouble() - 0.1) < 1e-12);
}

void TestCliStateFiles::refusesAnotherSceneAndDamage()
{
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name); };
    QVERIFY(runCli({"run", "builtin:mixed-pile", "--steps", "50", "--state-out", p("s")}).exitCode == 0);

    const CliResult other = runCli({"run", "builtin:agglomerate-impact", "--state-in", p("s"), "--steps", "10"});
    QCOMPARE(other.exitCode, 2);
    QVERIFY2(other.err.contains("--state-in: state file " + p("s") + ": the state was saved from another scene"),
             qPrintable(other.err));

    QFile f(p("s"));
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray bytes = f.readAll();
    bytes[bytes.size() - 10] = static_cast<char>(bytes[bytes.size() - 10] ^ 0x5a);
    f.seek(0);
    f.write(bytes);
    f.close();
    const CliResult damaged = runCli({"run", "builtin:mixed-pile", "--state-in", p("s"), "--steps", "10"});
    QCOMPARE(damaged.exitCode, 2);
    QVERIFY2(damaged.err.contains("state file " + p("s") + ": damaged: its checksum does not match"),
             qPrintable(damaged.err));

    const CliResult missing = runCli({"run", "builtin:mixed-pile", "--state-in", p("none"), "--steps", "10"});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("cannot open"), qPrintable(missing.err));

    const CliResult over =
        runCli({"run", "builtin:mixed-pile", "--state-in", p("s"), "--state-out", p("s"), "--steps", "10"});
    QCOMPARE(over.exitCode, 2);
    QVERIFY2(over.err.contains("--state-out"), qPrintable(over.err));
}

void TestCliStateFiles::unstableRunKeepsItsStartState()
{
    QTemporaryDir dir;
    auto p = [&](const char* name) { return dir.filePath(name); };
    const CliResult blown =
        runCli({"run", "builtin:mixed-pile", "--dt-factor", "50", "--steps", "5000", "--state-out", p("s")});
    QCOMPARE(blown.exitCode, 4);
    QVERIFY2(blown.err.contains("keeps the state the run started from"), qPrintable(blown.err));
    // that state is whole: the run goes on from it at a sound dt
    const CliResult again = runCli({"run", "builtin:mixed-pile", "--state-in", p("s"), "--dt-factor", "0.3", "--steps",
                                    "100", "--summary-json", p("a.json")});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(readJson(p("a.json"))["steps"].toInt(), 100);
}

QTEST_APPLESS_MAIN(TestCliStateFiles)
#include "TestCliStateFiles.moc"
