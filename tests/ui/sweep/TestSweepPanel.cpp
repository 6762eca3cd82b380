// The convergence-sweep panel: a sweep started from the panel runs off the GUI thread, its plot
// shows exactly the core sweep's points with the fitted slopes 1, 2 and 4 in the legend for
// explicit_euler, velocity_verlet and rk4 on the harmonic oscillator, the plot's CSV reads back
// to the same numbers, Cancel stops a long sweep, and the main window hands the panel its scene.
#include <QtTest>

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>

#include "MainWindow.h"
#include "plot/SweepPlot.h"
#include "scene/BuiltinScenes.h"
#include "sim/ConvergenceSweep.h"
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
        const QStringList legend = panel.plot()->legendLabels();
        QCOMPARE(legend.size(), 3);
        const double expected[3] = {1.0, 2.0, 4.0};
        for (int k = 0; k < 3; ++k) {
            const QStringList words = legend[k].split(' ', Qt::SkipEmptyParts);
            QCOMPARE(words.value(0), QString::fromStdString(schemes[k]));
            QCOMPARE(words.value(1), QStringLiteral("order"));
            QVERIFY2(std::abs(words.value(2).toDouble() - expected[k]) < 0.15, qPrintable(legend[k]));
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
