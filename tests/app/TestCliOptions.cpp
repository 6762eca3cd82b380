// CliOptions: every option of CONTRACT.md's tumble-cli parses into its field, and every usage
// error names the option and the problem, both from the parser and as exit code 2 of the real
// binary ($TUMBLE_CLI).
#include <QProcess>
#include <QtTest>

#include <cstdlib>

#include "TestHelpers.h"
#include "integrate/IntegratorRegistry.h"
#include "parallel/MachineResources.h"

#include "CliOptions.h"
#include "UsageError.h"

using namespace tumble;
using namespace tumble::cli;

namespace {

using Args = std::vector<std::string>;

Args runArgs(std::initializer_list<std::string> extra)
{
    Args a = {"run", "scene.json", "--steps", "10"};
    a.insert(a.end(), extra);
    return a;
}

// the parser's message for args, or an empty string when they parse
QString usageMessage(const Args& args)
{
    try {
        parseCommandLine(args);
    } catch (const UsageError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QStringList toQt(const Args& args)
{
    QStringList out;
    for (const std::string& a : args)
        out << QString::fromStdString(a);
    return out;
}

} // namespace

Q_DECLARE_METATYPE(Args)

class TestCliOptions : public QObject {
    Q_OBJECT
private slots:
    void commands()
    {
        QCOMPARE(parseCommandLine({"help"}).command, Command::Help);
        QCOMPARE(parseCommandLine({"--help"}).command, Command::Help);
        QCOMPARE(parseCommandLine({"-h"}).command, Command::Help);
        QCOMPARE(parseCommandLine({"run", "x.json", "--help"}).command, Command::Help);
        QCOMPARE(parseCommandLine({"list"}).command, Command::List);
        const CliOptions inspect = parseCommandLine({"inspect", "builtin:bouncing-ball"});
        QCOMPARE(inspect.command, Command::Inspect);
        QCOMPARE(inspect.scene, std::string("builtin:bouncing-ball"));
        const CliOptions exporting = parseCommandLine(
            {"export-lammps", "pile.json", "out", "--procs", "64", "--duration", "2.5", "--dump-every", "100"});
        QCOMPARE(exporting.command, Command::ExportLammps);
        QCOMPARE(exporting.scene, std::string("pile.json"));
        QCOMPARE(exporting.exportDir, std::string("out"));
        QCOMPARE(exporting.procs, 64);
        QCOMPARE(*exporting.duration, 2.5);
        QCOMPARE(*exporting.dumpEvery, 100LL);
        QCOMPARE(parseCommandLine({"export-lammps", "pile.json", "out"}).procs, 1);
        const CliOptions convert = parseCommandLine({"convert", "dump.atoms", "--vtk-dir", "vtk"});
        QCOMPARE(convert.command, Command::Convert);
        QCOMPARE(convert.dump, std::string("dump.atoms"));
        QCOMPARE(*convert.vtkDir, std::string("vtk"));
    }

    void everyRunOption()
    {
        const std::string translation = translationSchemes().back().name;
        const std::string rotation = rotationSchemes().back().name;
        const CliOptions o = parseCommandLine({"run",
                                               "my scene.json",
                                               "--translation",
                                               translation,
                                               "--rotation",
                                               rotation,
                                               "--dt",
                                               "2.5e-6",
                                               "--duration",
                                               "0.75",
                                               "--local-damping",
                                               "0.7",
                                               "--local-damping-variant",
                                               "woo",
                                               "--viscous-damping",
                                               "3",
                                               "--threads",
                                               std::to_string(hardwareThreads()),
                                               "--energy-csv",
                                               "e.csv",
                                               "--every",
                                               "10",
                                               "--track",
                                               "3,0,12",
                                               "--track-csv",
                                               "t.csv",
                                               "--summary-json",
                                               "s.json",
                                               "--vtk-dir",
                                               "frames",
                                               "--vtk-every",
                                               "50"});
        QCOMPARE(o.command, Command::Run);
        QCOMPARE(o.scene, std::string("my scene.json"));
        QVERIFY(!o.scheme);
        QCOMPARE(o.translation.value(), translation);
        QCOMPARE(o.rotation.value(), rotation);
        QCOMPARE(o.dt.value(), 2.5e-6);
        QVERIFY(!o.dtFactor);
        QVERIFY(!o.steps);
        QCOMPARE(o.duration.value(), 0.75);
        QCOMPARE(o.localDamping.value(), 0.7);
        QVERIFY(o.localDampingVariant.value() == LocalDampingVariant::Woo);
        QCOMPARE(o.viscousDamping.value(), 3.0);
        QCOMPARE(o.threads, hardwareThreads());
        QCOMPARE(o.energyCsv.value(), std::string("e.csv"));
        QCOMPARE(o.every, 10LL);
        QCOMPARE(o.track, (std::vector<int>{3, 0, 12}));
        QCOMPARE(o.trackCsv.value(), std::string("t.csv"));
        QCOMPARE(o.summaryJson.value(), std::string("s.json"));
        QCOMPARE(o.vtkDir.value(), std::string("frames"));
        QCOMPARE(o.vtkEvery, 50LL);
    }

    void sweepOptions()
    {
        const CliOptions o =
            parseCommandLine({"sweep", "builtin:harmonic-oscillator", "--scheme", "euler,velocity_verlet,rk4", "--dt",
                              "4e-5,2e-5,1e-5", "--duration=0.01", "--csv", "out.csv"});
        QCOMPARE(o.command, Command::Sweep);
        QCOMPARE(o.scene, std::string("builtin:harmonic-oscillator"));
        QCOMPARE(o.sweepSchemes, (std::vector<std::string>{"euler", "velocity_verlet", "rk4"}));
        QCOMPARE(o.sweepDts, (std::vector<double>{4e-5, 2e-5, 1e-5}));
        QCOMPARE(*o.duration, 0.01);
        QCOMPARE(*o.sweepCsv, std::string("out.csv"));
        // rotation scheme names parse too: whether they apply depends on the scene's measure,
        // checked once it is loaded (tumble-cli sweep)
        const CliOptions rot = parseCommandLine(
            {"sweep", "builtin:dzhanibekov", "--scheme", "buss_2nd_order,pfc", "--dt", "1e-3", "--duration", "0.2"});
        QCOMPARE(rot.sweepSchemes, (std::vector<std::string>{"buss_2nd_order", "pfc"}));
    }

    void presetFillsBothSchemes()
    {
        QVERIFY(!presets().empty());
        for (const PresetInfo& p : presets()) {
            const CliOptions o = parseCommandLine(runArgs({"--scheme", p.name}));
            QCOMPARE(o.scheme.value(), p.name);
            QCOMPARE(o.translation.value(), p.translation);
            QCOMPARE(o.rotation.value(), p.rotation);
        }
    }

    void alternativeForms()
    {
        // --dt-factor, --steps, --option=value, the scene after the options, variant pfc
        const CliOptions o = parseCommandLine(
            {"run", "--dt-factor=0.1", "--steps", "0", "--local-damping-variant=pfc", "builtin:settling-box"});
        QCOMPARE(o.dtFactor.value(), 0.1);
        QVERIFY(!o.dt);
        QCOMPARE(o.steps.value(), 0LL);
        QVERIFY(o.localDampingVariant.value() == LocalDampingVariant::Pfc);
        QCOMPARE(o.scene, std::string("builtin:settling-box"));
    }

    void defaultsLeaveTheScenesValues()
    {
        // nothing given: the scene's schemes, dt and damping apply
        const CliOptions o = parseCommandLine(runArgs({}));
        QVERIFY(!o.translation && !o.rotation && !o.scheme && !o.dt && !o.dtFactor);
        QVERIFY(!o.localDamping && !o.localDampingVariant && !o.viscousDamping);
        QVERIFY(!o.energyCsv && !o.trackCsv && !o.summaryJson && !o.vtkDir);
        QCOMPARE(o.threads, 1);
        QCOMPARE(o.every, 1LL);
    }

    void usageErrors_data()
    {
        QTest::addColumn<Args>("args");
        QTest::addColumn<QStringList>("mustName");
        const auto row = [](const char* name, Args args, QStringList mustName) {
            QTest::newRow(name) << args << mustName;
        };
        row("no command", {}, {"command"});
        row("unknown command", {"walk"}, {"walk", "unknown command"});
        row("option before command", {"--steps", "3"}, {"--steps"});
        row("unknown option", runArgs({"--stepz", "3"}), {"--stepz", "unknown option"});
        row("option of run given to list", {"list", "--steps", "3"}, {"--steps", "unknown option"});
        row("sweep without duration", {"sweep", "s.json", "--scheme", "pfc", "--dt", "1e-5"},
            {"--duration", "required"});
        row("sweep without scheme", {"sweep", "s.json", "--dt", "1e-5", "--duration", "1"}, {"--scheme", "required"});
        row("sweep without dt", {"sweep", "s.json", "--scheme", "pfc", "--duration", "1"}, {"--dt", "required"});
        row("sweep without scene", {"sweep", "--scheme", "pfc", "--dt", "1e-5", "--duration", "1"}, {"SCENE.json"});
        row("sweep unknown scheme", {"sweep", "s.json", "--scheme", "pfc,leapfrogg", "--dt", "1e-5", "--duration", "1"},
            {"--scheme", "leapfrogg", "velocity_verlet", "rk4_quaternion"});
        row("sweep empty list item", {"sweep", "s.json", "--scheme", "pfc", "--dt", "1e-5,,2e-5", "--duration", "1"},
            {"--dt", "empty item"});
        row("sweep negative dt", {"sweep", "s.json", "--scheme", "pfc", "--dt", "1e-5,-2e-5", "--duration", "1"},
            {"--dt", "must be > 0"});
        row("run option given to sweep", {"sweep", "s.json", "--steps", "3"}, {"--steps", "unknown option"});
        row("list takes no scene", {"list", "x.json"}, {"x.json"});
        row("missing scene", {"run", "--steps", "3"}, {"SCENE.json"});
        row("two scenes", {"run", "a.json", "b.json", "--steps", "3"}, {"b.json"});
        row("inspect without scene", {"inspect"}, {"SCENE.json"});
        row("missing value at end", {"run", "a.json", "--steps"}, {"--steps", "missing value"});
        row("option as value", runArgs({"--energy-csv", "--every", "2"}), {"--energy-csv", "missing value"});
        row("empty value", runArgs({"--summary-json="}), {"--summary-json", "missing value"});
        row("malformed steps", {"run", "a.json", "--steps", "12x"}, {"--steps", "12x", "not an integer"});
        row("fractional steps", {"run", "a.json", "--steps", "1.5"}, {"--steps", "not an integer"});
        row("negative steps", {"run", "a.json", "--steps", "-1"}, {"--steps", ">= 0"});
        row("malformed dt", runArgs({"--dt", "1e-5s"}), {"--dt", "1e-5s", "not a number"});
        row("nan dt", runArgs({"--dt", "nan"}), {"--dt", "not a number"});
        row("zero dt", runArgs({"--dt", "0"}), {"--dt", "> 0"});
        row("negative dt factor", runArgs({"--dt-factor", "-0.5"}), {"--dt-factor", "> 0"});
        row("zero duration", {"run", "a.json", "--duration", "0"}, {"--duration", "> 0"});
        row("malformed duration", {"run", "a.json", "--duration", "one"}, {"--duration", "not a number"});
        row("local damping of 1", runArgs({"--local-damping", "1"}), {"--local-damping", "[0, 1)"});
        row("negative local damping", runArgs({"--local-damping", "-0.1"}), {"--local-damping", "[0, 1)"});
        row("unknown damping variant", runArgs({"--local-damping-variant", "yade"}),
            {"--local-damping-variant", "yade", "pfc", "woo"});
        row("negative viscous damping", runArgs({"--viscous-damping", "-2"}), {"--viscous-damping", ">= 0"});
        row("zero threads", runArgs({"--threads", "0"}), {"--threads", ">= 1"});
        row("malformed threads", runArgs({"--threads", "two"}), {"--threads", "not an integer"});
        // issue 21: more threads than the machine has are refused, naming its figure
        row("threads above the hardware", runArgs({"--threads", std::to_string(hardwareThreads() + 1)}),
            {"--threads", QString::number(hardwareThreads()) + " hardware thread"});
        row("absurd threads", runArgs({"--threads", "99999999999999999999"}), {"--threads", "not an integer"});
        row("dt above the range", runArgs({"--dt", "1e30"}), {"--dt", "[1e-15, 1000] s"});
        row("dt below the range", runArgs({"--dt", "1e-300"}), {"--dt", "[1e-15, 1000] s"});
        row("dt factor above the range", runArgs({"--dt-factor", "1e9"}), {"--dt-factor", "[0, 100]"});
        row("steps above the range", {"run", "a.json", "--steps", "9000000000000000000"}, {"--steps", "1e15"});
        row("viscous damping above the range", runArgs({"--viscous-damping", "1e300"}),
            {"--viscous-damping", "[0, 1e+06] 1/s"});
        row("sweep of too many steps", {"sweep", "s.json", "--scheme", "pfc", "--dt", "1e-12", "--duration", "1"},
            {"--dt", "steps"});
        row("zero every", runArgs({"--energy-csv", "e.csv", "--every", "0"}), {"--every", ">= 1"});
        row("zero vtk every", runArgs({"--vtk-dir", "d", "--vtk-every", "0"}), {"--vtk-every", ">= 1"});
        row("malformed track", runArgs({"--track", "1,x", "--track-csv", "t.csv"}), {"--track", "x"});
        row("empty track item", runArgs({"--track", "1,,2", "--track-csv", "t.csv"}), {"--track"});
        row("negative track id", runArgs({"--track", "-1", "--track-csv", "t.csv"}), {"--track"});
        row("repeated track id", runArgs({"--track", "2,2", "--track-csv", "t.csv"}), {"--track", "twice"});
        row("unknown preset", runArgs({"--scheme", "leapfrogg"}), {"--scheme", "leapfrogg", "known:"});
        row("unknown translation", runArgs({"--translation", "verlet"}), {"--translation", "verlet", "known:"});
        row("unknown rotation", runArgs({"--rotation", "quaternion"}), {"--rotation", "quaternion", "known:"});
        row("scheme and translation",
            runArgs({"--scheme", presets().at(0).name, "--translation", translationSchemes().at(0).name}),
            {"--scheme", "--translation"});
        row("scheme and rotation",
            runArgs({"--scheme", presets().at(0).name, "--rotation", rotationSchemes().at(0).name}),
            {"--scheme", "--rotation"});
        row("dt and dt factor", runArgs({"--dt", "1e-5", "--dt-factor", "0.1"}), {"--dt", "--dt-factor"});
        row("steps and duration", runArgs({"--duration", "1"}), {"--steps", "--duration"});
        row("no run length", {"run", "a.json"}, {"--steps", "--duration"});
        row("option twice", runArgs({"--dt", "1e-5", "--dt", "2e-5"}), {"--dt", "more than once"});
        row("track without csv", runArgs({"--track", "0"}), {"--track", "--track-csv"});
        row("track csv without ids", runArgs({"--track-csv", "t.csv"}), {"--track-csv", "--track"});
        row("every without csv", runArgs({"--every", "5"}), {"--every", "--energy-csv"});
        row("vtk every without dir", runArgs({"--vtk-every", "5"}), {"--vtk-every", "--vtk-dir"});
        row("export without dir", {"export-lammps", "s.json"}, {"export-lammps", "DIR"});
        row("export without scene", {"export-lammps"}, {"export-lammps", "SCENE.json"});
        row("export third argument", {"export-lammps", "s.json", "out", "more"}, {"more", "third argument"});
        row("export zero ranks", {"export-lammps", "s.json", "out", "--procs", "0"}, {"--procs", ">= 1"});
        row("export steps and duration", {"export-lammps", "s.json", "out", "--steps", "5", "--duration", "1"},
            {"--steps", "--duration"});
        row("run option given to export", {"export-lammps", "s.json", "out", "--dt", "1e-5"},
            {"--dt", "unknown option"});
        row("convert without dump", {"convert", "--vtk-dir", "v"}, {"convert", "DUMP"});
        row("convert without vtk dir", {"convert", "dump.atoms"}, {"--vtk-dir", "required"});
        row("convert two dumps", {"convert", "a.atoms", "b.atoms", "--vtk-dir", "v"}, {"b.atoms", "second dump"});
    }

    void usageErrors()
    {
        QFETCH(Args, args);
        QFETCH(QStringList, mustName);
        const QString message = usageMessage(args);
        QVERIFY2(!message.isEmpty(), "the arguments parsed without a usage error");
        for (const QString& part : mustName)
            QVERIFY2(message.contains(part), qPrintable(QStringLiteral("'%1' does not name '%2'").arg(message, part)));
    }

    void knownNamesAreListed()
    {
        // an unknown name lists every valid one, so the user can pick without --help
        const QString t = usageMessage(runArgs({"--translation", "nope"}));
        for (const SchemeInfo& s : translationSchemes())
            QVERIFY2(t.contains(QString::fromStdString(s.name)), qPrintable(t));
        const QString r = usageMessage(runArgs({"--rotation", "nope"}));
        for (const SchemeInfo& s : rotationSchemes())
            QVERIFY2(r.contains(QString::fromStdString(s.name)), qPrintable(r));
        const QString p = usageMessage(runArgs({"--scheme", "nope"}));
        for (const PresetInfo& s : presets())
            QVERIFY2(p.contains(QString::fromStdString(s.name)), qPrintable(p));
    }

    void usageErrorsExitWithCode2_data() { usageErrors_data(); }

    void usageErrorsExitWithCode2()
    {
        // the real binary: exit code 2 and the same message on stderr, before touching any file
        QFETCH(Args, args);
        QFETCH(QStringList, mustName);
        const char* cli = std::getenv("TUMBLE_CLI");
        QVERIFY2(cli, "TUMBLE_CLI is not set (run through ctest)");
        QProcess p;
        p.start(QString::fromLocal8Bit(cli), toQt(args));
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        for (const QString& part : mustName)
            QVERIFY2(err.contains(part), qPrintable(QStringLiteral("'%1' does not name '%2'").arg(err, part)));
    }

    void usageTextNamesEveryOption()
    {
        const QString text = QString::fromStdString(usageText());
        for (const char* opt : {"--scheme",
                                "--translation",
                                "--rotation",
                                "--dt",
                                "--dt-factor",
                                "--steps",
                                "--duration",
                                "--local-damping",
                                "--local-damping-variant",
                                "--viscous-damping",
                                "--threads",
                                "--energy-csv",
                                "--every",
                                "--track",
                                "--track-csv",
                                "--summary-json",
                                "--vtk-dir",
                                "--vtk-every",
                                "run",
                                "sweep",
                                "--csv",
                                "inspect",
                                "export-lammps",
                                "convert",
                                "--procs",
                                "--dump-every",
                                "list"})
            QVERIFY2(text.contains(opt), opt);
    }
};

QTEST_APPLESS_MAIN(TestCliOptions)
#include "TestCliOptions.moc"
