// The convergence-sweep panel: a sweep started from the panel runs off the GUI thread, its plot
// shows exactly the core sweep's points with the fitted slopes 1, 2 and 4 in the legend for
// explicit_euler, velocity_verlet and rk4 on the harmonic oscillator, the plot's CSV reads back
// to the same numbers, Cancel stops a long sweep, and the main window hands the panel its scene.
// On the torque-free Dzhanibekov clump the sweep varies the rotation scheme (the translation
// does nothing there): its runs are the core's with that rotation scheme, the legend names it,
// and the fitted orders are 1, 2, 4. A new scene clears the plot; the progress bar moves after
// every run.
#include <QtTest>

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>

#include <map>

#include "IntermediateAxis.h"
#include "MainWindow.h"
#include "integrate/IntegratorRegistry.h"
#include "plot/SweepPlot.h"
#include "scene/BuiltinScenes.h"
#include "session/SweepRunner.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"
#include "sweep/SweepPanel.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

class TestSweepPanel : public QObject {
    Q_OBJECT
private slots:
    void sweepPlotsTheCoreResultAndOrders()
    {
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const std::vector<std::string> schemes = {"explicit_euler", "velocity_verlet", "rk4"};
        const std::vector<double> dts = {3.2e-5, 1.6e-5, 8e-6, 4e-6};
        SweepPanel panel;
        panel.resize(1100, 360);
        panel.show();
        panel.setScene(scene);
        panel.setSchemes(schemes);
        panel.setDts(dts);
        panel.setDuration(0.005);
        QCOMPARE(panel.schemes(), schemes);
        QCOMPARE(*panel.dts(), dts);

        // the GUI thread keeps turning while the sweep runs: a timer ticks meanwhile
        int ticks = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, [&]() { ++ticks; });
        tick.start(1);
        QTest::mouseClick(panel.runButton(), Qt::LeftButton);
        QVERIFY(panel.isRunning());
        QVERIFY(!panel.runButton()->isEnabled() && panel.cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        QVERIFY(ticks > 0);
        QCOMPARE(panel.progressBar()->value(), panel.progressBar()->maximum());

        // the plot holds what the core sweep returns, point for point
        const SweepResult core = convergenceSweep(scene, schemes, dts, 0.005);
        const SweepResult& shown = panel.plot()->result();
        QVERIFY(shown.reference == SweepReference::Analytic && !shown.cancelled);
        QCOMPARE(shown.points.size(), core.points.size());
        for (std::size_t k = 0; k < core.points.size(); ++k) {
            QCOMPARE(shown.points[k].scheme, core.points[k].scheme);
            QCOMPARE(shown.points[k].dt, core.points[k].dt);
            QCOMPARE(shown.points[k].steps, core.points[k].steps);
            QCOMPARE(shown.points[k].error, core.points[k].error);
        }
        // the legend prints each fitted slope: 1, 2, 4 within 0.15
        // what varied: the translation scheme
        const QStringList legend = panel.plot()->legendLabels();
        QCOMPARE(legend.size(), 3);
        const double expected[3] = {1.0, 2.0, 4.0};
        for (int k = 0; k < 3; ++k) {
            const QStringList words = legend[k].split(' ', Qt::SkipEmptyParts);
            QCOMPARE(words.value(0), QStringLiteral("translation:"));
            QCOMPARE(words.value(1), QString::fromStdString(schemes[k]));
            QCOMPARE(words.value(2), QStringLiteral("order"));
            QVERIFY2(std::abs(words.value(3).toDouble() - expected[k]) < 0.15, qPrintable(legend[k]));
        }
        QVERIFY(panel.note().contains("analytic solution (harmonic_oscillator)"));
        // the rk4 reference instead: each error moves by at most the reference's own error (rk4's
        // at the smallest dt over 16^4, doubled for slack)
        panel.setRk4Reference(true);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        const SweepResult& rk4 = panel.plot()->result();
        QVERIFY(rk4.reference == SweepReference::Rk4);
        QVERIFY(panel.note().contains("rk4"));
        for (std::size_t k = 0; k < core.points.size(); ++k)
            QVERIFY(std::abs(rk4.points[k].error - core.points[k].error) <= 2.0 * core.points.back().error / 65536.0);
        panel.setRk4Reference(false);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        // both axes span whole decades around the data
        QCOMPARE(panel.plot()->dtDecadeLow(), -6);
        QCOMPARE(panel.plot()->dtDecadeHigh(), -4);

        // the CSV reads back to the same doubles (17 significant digits)
        const QStringList lines = panel.plot()->csvText().split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), QStringLiteral("scheme,dt,steps,error,reference,measure"));
        QCOMPARE(lines.size(), 1 + int(core.points.size()));
        for (std::size_t k = 0; k < core.points.size(); ++k) {
            const QStringList c = lines[int(k) + 1].split(',');
            QCOMPARE(c.value(1).toDouble(), core.points[k].dt);
            QCOMPARE(c.value(3).toDouble(), core.points[k].error);
            QCOMPARE(c.value(4), QStringLiteral("analytic"));
        }

        // the plot paints into an image (the PNG export's path) with every scheme's colour in it
        QImage img(900, 560, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            panel.plot()->paintPlot(p, QRectF(0, 0, 900, 560));
        }
        for (int k = 0; k < 3; ++k) {
            const QRgb want = SweepPlot::schemeColour(k).rgb();
            bool found = false;
            for (int y = 0; y < img.height() && !found; ++y)
                for (int x = 0; x < img.width() && !found; ++x)
                    found = img.pixel(x, y) == want;
            QVERIFY2(found, qPrintable(legend[k]));
        }
    }

    void cancelStopsALongSweep()
    {
        // 5e-9 s steps over 5 ms: a million steps per run, far longer than the test waits
        SweepPanel panel;
        panel.setScene(loadBuiltinScene("harmonic-oscillator"));
        panel.setSchemes({"rk4", "pfc"});
        panel.setDts({1e-8, 5e-9});
        panel.setDuration(0.005);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(panel.progressBar()->value() > 0, 10000);
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 5000);
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY(panel.plot()->result().cancelled);
        QVERIFY(panel.note().startsWith("Cancelled"));
        QVERIFY(panel.runButton()->isEnabled());
        // and it runs again afterwards
        panel.setDts({4e-6, 2e-6});
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        QVERIFY(!panel.plot()->result().cancelled);
        QCOMPARE(panel.plot()->result().points.size(), std::size_t(4));
    }

    void badInputIsRefusedWithANote()
    {
        SweepPanel panel;
        QVERIFY(!panel.run());
        QVERIFY(panel.note().contains("No scene"));
        panel.setScene(loadBuiltinScene("harmonic-oscillator"));
        panel.setSchemes({"pfc"});
        const double dt = loadBuiltinScene("harmonic-oscillator").params.dt;
        // the default dt list: the scene's dt times 1, 1/2, 1/4, 1/8
        QCOMPARE(panel.dts()->size(), std::size_t(4));
        for (int k = 0; k < 4; ++k)
            QVERIFY(std::abs((*panel.dts())[k] - dt / (1 << k)) <=
                    5e-6 * dt / (1 << k)); // 6 significant digits in the field
        panel.setSchemes({});
        QVERIFY(!panel.run());
        QVERIFY(panel.note().contains("scheme"));
        panel.setSchemes({"pfc"});
        panel.setDts({});
        QVERIFY(!panel.run());
        QVERIFY(panel.note().startsWith("dt"));
    }

    void torqueFreeSceneSweepsTheRotationScheme()
    {
        const Scene scene = loadBuiltinScene("dzhanibekov");
        SweepPanel panel;
        panel.setScene(scene);
        QVERIFY(panel.kind() == SweepKind::Rotation);
        // offered: every rotation scheme and the presets (the CLI's names, TEACHING's "euler, pfc,
        // rk4"); no translation scheme that is not also one of those
        const std::vector<std::string> offered = panel.offeredSchemes();
        const auto offers = [&](const std::string& n) {
            return std::find(offered.begin(), offered.end(), n) != offered.end();
        };
        for (const SchemeInfo& r : rotationSchemes())
            QVERIFY2(offers(r.name), r.name.c_str());
        for (const PresetInfo& p : presets())
            QVERIFY2(offers(p.name), p.name.c_str());
        for (const char* n : {"velocity_verlet", "central_difference"})
            QVERIFY2(!offers(n), n);
        // ticked by default: the first-, second- and fourth-order rotation schemes
        QCOMPARE(panel.schemes(), (std::vector<std::string>{"explicit_euler", "buss_2nd_order", "rk4_quaternion"}));

        // over one e-folding time of the intermediate-axis instability (IntermediateAxis.h): a
        // 2 s sweep reaches the first flip, where a first-order slope bends (TEACHING's 4.38)
        const std::vector<double> dts = {4e-3, 2e-3, 1e-3, 5e-4};
        const double t = tumble::test::eFoldingSweepEnd(scene, dts[0]);
        QVERIFY(t >= 10 * dts[0]);

        // per name ticked: the rotation scheme it runs, the legend's words, the expected order
        struct Expect {
            std::string rotation;
            QString varied;
            double order;
        };
        const std::map<std::string, Expect> expect = {
            {"explicit_euler", {"explicit_euler", "rotation: explicit_euler", 1.0}},
            {"buss_2nd_order", {"buss_2nd_order", "rotation: buss_2nd_order", 2.0}},
            {"rk4_quaternion", {"rk4_quaternion", "rotation: rk4_quaternion", 4.0}},
            {"euler", {"explicit_euler", "rotation: explicit_euler (euler)", 1.0}},
            {"pfc", {"buss_2nd_order", "rotation: buss_2nd_order (pfc)", 2.0}},
            {"rk4", {"rk4_quaternion", "rotation: rk4_quaternion (rk4)", 4.0}}};
        std::vector<std::string> ticked;
        for (const auto& [name, e] : expect)
            ticked.push_back(name);
        panel.setSchemes(ticked);
        const std::vector<std::string> schemes = panel.schemes(); // in display order
        QCOMPARE(schemes.size(), expect.size());
        panel.setDts(dts);
        panel.setDuration(t);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 30000);
        const SweepResult& shown = panel.plot()->result();
        QVERIFY(shown.reference == SweepReference::Analytic && shown.measure == AnalyticMeasure::Angle);
        QCOMPARE(shown.points.size(), schemes.size() * dts.size());

        const QStringList legend = panel.plot()->legendLabels();
        QCOMPARE(legend.size(), int(schemes.size()));
        for (std::size_t k = 0; k < schemes.size(); ++k) {
            const Expect& e = expect.at(schemes[k]);
            // the panel's runs are exactly the core's for the name as ticked (the core runs a
            // rotation scheme under velocity_verlet, a preset as its pair), whose pair is e's
            const SweepResult core = convergenceSweep(scene, {schemes[k]}, dts, t);
            QCOMPARE(sweepSchemes(schemes[k], scene.params.rotation, AnalyticMeasure::Angle).second, e.rotation);
            for (std::size_t i = 0; i < dts.size(); ++i) {
                const SweepPoint& p = shown.points[k * dts.size() + i];
                QCOMPARE(p.scheme, schemes[k]);
                QCOMPARE(p.dt, core.points[i].dt);
                QCOMPARE(p.steps, core.points[i].steps);
                QCOMPARE(p.error, core.points[i].error);
            }
            // the legend names the rotation scheme that varied, and its order is the scheme's
            QVERIFY2(legend[int(k)].startsWith(e.varied + QStringLiteral("  order ")), qPrintable(legend[int(k)]));
            const double order = legend[int(k)].section(QStringLiteral("  order "), 1).toDouble();
            QVERIFY2(std::abs(order - e.order) < 0.15, qPrintable(legend[int(k)]));
            QCOMPARE(shown.orders[k].scheme, schemes[k]);
            QVERIFY2(std::abs(shown.orders[k].order - e.order) < 0.15, qPrintable(legend[int(k)]));
        }
        // the CSV keeps the names as ticked, as tumble-cli sweep writes them
        QVERIFY(panel.plot()->csvText().contains(QStringLiteral("\nrk4_quaternion,")));
        QVERIFY(panel.plot()->csvText().contains(QStringLiteral(",angle_rad\n")));

        // a name the kind does not offer is refused with a note naming what is offered
        panel.setScene(scene);
        SweepRunner runner;
        QSignalSpy failed(&runner, &SweepRunner::failed);
        QVERIFY(runner.start(scene, {"central_difference"}, dts, t));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
        QVERIFY(failed[0][0].toString().contains(QStringLiteral("rk4_quaternion")));
    }

    void progressMovesAfterEveryRun()
    {
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        SweepPanel panel;
        panel.setScene(scene);
        panel.setSchemes({"explicit_euler", "velocity_verlet", "rk4"});
        const std::vector<double> dts = {3.2e-5, 1.6e-5, 8e-6, 4e-6};
        panel.setDts(dts);
        panel.setDuration(0.005);
        // the bar as each run ends (signals reach the panel in order, so the bar already shows it)
        std::vector<std::pair<int, int>> runs;
        std::vector<int> bar;
        connect(&panel, &SweepPanel::runFinished, [&](int done, int total) {
            runs.emplace_back(done, total);
            bar.push_back(panel.progressBar()->value());
        });
        QCOMPARE(panel.progressBar()->value(), 0);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        const int n = int(3 * dts.size());
        QCOMPARE(int(runs.size()), n);
        for (int k = 0; k < n; ++k) {
            QCOMPARE(runs[std::size_t(k)], std::make_pair(k + 1, n));
            QCOMPARE(bar[std::size_t(k)], int(std::lround(1000.0 * (k + 1) / n)));
            if (k > 0)
                QVERIFY(bar[std::size_t(k)] > bar[std::size_t(k) - 1]);
        }
        QCOMPARE(panel.progressBar()->value(), panel.progressBar()->maximum());
    }

    void newSceneClearsThePlot()
    {
        SweepPanel panel;
        panel.setScene(loadBuiltinScene("harmonic-oscillator"));
        panel.setSchemes({"velocity_verlet", "rk4"});
        panel.setDts({1.6e-5, 8e-6});
        panel.setDuration(0.005);
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 15000);
        QCOMPARE(panel.plot()->result().points.size(), std::size_t(4));
        QCOMPARE(panel.plot()->legendLabels().size(), 2);

        panel.setScene(loadBuiltinScene("dzhanibekov"));
        QVERIFY(panel.plot()->result().points.empty());
        QVERIFY(panel.plot()->legendLabels().isEmpty());
        QVERIFY(panel.plot()->csvText().count('\n') == 1); // the header alone
        QCOMPARE(panel.progressBar()->value(), 0);
        QVERIFY(panel.note().contains("torque_free"));

        // a sweep still running when the scene changes is cancelled, and its result never shows
        panel.setScene(loadBuiltinScene("harmonic-oscillator"));
        panel.setSchemes({"rk4"});
        panel.setDts({1e-8, 5e-9}); // a million steps per run
        QVERIFY(panel.run());
        QTRY_VERIFY_WITH_TIMEOUT(panel.progressBar()->value() > 0, 10000);
        panel.setScene(loadBuiltinScene("bouncing-ball"));
        QVERIFY(!panel.cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 5000);
        QTest::qWait(50);
        QVERIFY(panel.plot()->result().points.empty());
        QCOMPARE(panel.progressBar()->value(), 0);
        QVERIFY(panel.runButton()->isEnabled());
        QVERIFY(panel.note().contains(QString::fromStdString(loadBuiltinScene("bouncing-ball").name)));
    }

    void mainWindowHandsTheSceneToThePanel()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(w.openBuiltinScene("two-sphere-impact"));
        QVERIFY(w.currentScene() && w.currentScene()->analytic == "head_on_impact");
        QVERIFY(w.sweepPanel()->hasScene());
        QVERIFY(w.sweepPanel()->note().contains("head_on_impact"));
        QCOMPARE((*w.sweepPanel()->dts()).size(), std::size_t(4));
    }
};

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSweepPanel t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestSweepPanel.moc"
