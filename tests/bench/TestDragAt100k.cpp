// Benchmark (CTest label "benchmark", not in the default run): turning the camera of the 3D
// view at 100k spheres while the worker steps (issue 18: at least 10 frames per second on
// llvmpipe). Needs an X display: run it under Xvfb,
//   xvfb-run -a -s "-screen 0 1280x800x24" ctest --test-dir build -L benchmark -R DragAt100k -V
//
// The LAMMPS comparison's packing (tests/bench/data/dense-packing.json) grown to 47 x 47 x 46 =
// 101614 spheres, as in bench.MemoryAt100k, is written to a temporary scene file and opened in
// the GUI (`tumble SCENE --size 1280x800 --screenshot PNG --after 10 --drag 6`): after 10 s of
// stepping, a scripted drag (ScriptedDrag: 60 mouse moves a second) turns the camera for 6 s.
// tumble reports the frames shown during the drag, the render time per level of detail, the
// time from the release to the full-quality frame and the input waits during the drag; this
// test prints that report, writes the figures as JSON to $TUMBLE_BENCH_OUT when set, and fails
// when fewer than kMinFps frames a second were shown press to release.
#include <QtTest>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdlib>
#include <fstream>
#include <string>

#include "DensePacking100k.h"

namespace {

constexpr double kMinFps = 10.0; // frames per second while the camera turns

double number(const QString& report, const QString& pattern)
{
    const QRegularExpressionMatch m = QRegularExpression(pattern).match(report);
    return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
}

} // namespace

class TestDragAt100k : public QObject {
    Q_OBJECT
private slots:
    void framesPerSecondWhileDragging();
};

void TestDragAt100k::framesPerSecondWhileDragging()
{
    const char* source = std::getenv("TUMBLE_SOURCE_DIR");
    const char* gui = std::getenv("TUMBLE_GUI");
    QVERIFY2(source && gui, "TUMBLE_SOURCE_DIR and TUMBLE_GUI must be set (CTest sets them)");
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        QSKIP("no X display: run under xvfb-run -a -s \"-screen 0 1280x800x24\"");

    const std::string text = tumble::bench::densePacking100k(source);
    QVERIFY2(!text.empty(), "tests/bench/data/dense-packing.json could not be read or grown");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scene = dir.filePath(QStringLiteral("dense-packing-100k.json"));
    {
        std::ofstream out(scene.toStdString());
        out << text;
    }

    QProcess tumble;
    tumble.setProcessChannelMode(QProcess::MergedChannels);
    tumble.start(QString::fromLocal8Bit(gui),
                 {scene, QStringLiteral("--size"), QStringLiteral("1280x800"), QStringLiteral("--screenshot"),
                  dir.filePath(QStringLiteral("after-drag.png")), QStringLiteral("--after"), QStringLiteral("10"),
                  QStringLiteral("--drag"), QStringLiteral("6")});
    QVERIFY2(tumble.waitForFinished(180000), "tumble did not finish within 3 minutes");
    const QString report = QString::fromLocal8Bit(tumble.readAll());
    qInfo().noquote() << report;
    QCOMPARE(tumble.exitCode(), 0);

    const double fps = number(report, QStringLiteral("drag [0-9.]+ s: [0-9]+ frames, ([0-9.]+) fps"));
    const double steadyFps = number(report, QStringLiteral("\\(([0-9.]+) fps from the first frame on\\)"));
    const double firstMs = number(report, QStringLiteral("first frame ([0-9.-]+) ms"));
    const double fullMs = number(report, QStringLiteral("full quality ([0-9.-]+) ms after the release"));
    const double waitMedian = number(report, QStringLiteral("during the drag[^:]*: median ([0-9.]+) ms"));
    const double wait95 = number(report, QStringLiteral("during the drag[^:]*: median [0-9.]+ ms, 95% ([0-9.]+) ms"));
    const double waitLongest = number(report, QStringLiteral("during the drag[^:]*:[^;]*longest ([0-9.]+) ms"));
    QVERIFY2(fps >= 0.0 && fullMs >= 0.0, "no drag report from tumble");
    if (const char* out = std::getenv("TUMBLE_BENCH_OUT")) {
        QJsonObject o;
        o["spheres"] = 47 * 47 * 46;
        o["fps_during_drag"] = fps;
        o["fps_from_first_frame"] = steadyFps;
        o["first_frame_ms"] = firstMs;
        o["full_quality_after_release_ms"] = fullMs;
        o["input_wait_median_ms"] = waitMedian;
        o["input_wait_95_ms"] = wait95;
        o["input_wait_longest_ms"] = waitLongest;
        QFile f(QString::fromLocal8Bit(out));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
    }
    QVERIFY2(fps >= kMinFps, qPrintable(QStringLiteral("%1 fps while dragging at 100k spheres, below %2")
                                            .arg(fps, 0, 'f', 1)
                                            .arg(kMinFps, 0, 'f', 0)));
}

QTEST_GUILESS_MAIN(TestDragAt100k)
#include "TestDragAt100k.moc"
