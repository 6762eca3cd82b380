// CellPanel (issue 20): the shear and volumetric rates go out as one LiveParams whose velocity
// gradient has L_xy = the shear rate and L_xx = L_yy = L_zz = tr L / 3, the other entries of the
// L in force kept; nothing goes out without a cell or a number; and through the runner the change
// lands in the simulation and leaves one marker, which the stress plot shows.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>

#include <chrono>
#include <functional>
#include <thread>

#include "TestHelpers.h"
#include "cell/CellPanel.h"
#include "cell/StressPlot.h"
#include "scene/SceneLoader.h"
#include "session/SimulationRunner.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

FrameSnapshot withCell(const Mat3& l)
{
    FrameSnapshot s;
    CellState c;
    c.vectors = 0.1 * Mat3::Identity();
    c.gradient = l;
    c.periodic = {true, true, true};
    c.volume = 1e-3;
    s.cell = c;
    return s;
}

// polls the runner without the event loop, as the GUI's frame timer would
SnapshotPtr waitFor(SimulationRunner& w, const std::function<bool(const FrameSnapshot&)>& pred)
{
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < end) {
        if (SnapshotPtr s = w.latestSnapshot(); s && pred(*s))
            return s;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return nullptr;
}

} // namespace

class TestCellPanel : public QObject {
    Q_OBJECT
private slots:
    void ratesMakeOneVelocityGradient()
    {
        CellPanel panel;
        std::vector<LiveParams> sent;
        connect(&panel, &CellPanel::liveChangeRequested, this, [&](const LiveParams& c) { sent.push_back(c); });
        Mat3 l = Mat3::Zero();
        l(0, 1) = 2.0;
        l(0, 2) = 0.7; // an entry the panel has no field for
        panel.setSnapshot(withCell(l));
        QVERIFY(panel.shearRateField()->isEnabled());
        QCOMPARE(panel.shearRateField()->text(), QStringLiteral("2"));
        QCOMPARE(panel.volumeRateField()->text(), QStringLiteral("0"));
        QVERIFY(panel.cellText().contains(QStringLiteral("medium_carried")));

        panel.shearRateField()->setText(QStringLiteral("5"));
        panel.volumeRateField()->setText(QStringLiteral("-1.5"));
        QTest::mouseClick(panel.applyButton(), Qt::LeftButton);
        QCOMPARE(sent.size(), std::size_t(1));
        QVERIFY(sent[0].velocityGradient);
        QVERIFY(!sent[0].dt && !sent[0].translation && !sent[0].localDamping);
        Mat3 expected = Mat3::Zero();
        expected(0, 1) = 5.0;
        expected(0, 2) = 0.7;
        expected(0, 0) = expected(1, 1) = expected(2, 2) = -0.5;
        QCOMPARE(*sent[0].velocityGradient, expected);
        QCOMPARE(sent[0].velocityGradient->trace(), -1.5);

        // Enter in a field sends the same
        emit panel.shearRateField()->returnPressed();
        QCOMPARE(sent.size(), std::size_t(2));
        QCOMPARE(*sent[1].velocityGradient, expected);

        // not a number: nothing
        panel.volumeRateField()->setText(QStringLiteral("fast"));
        panel.apply();
        QCOMPARE(sent.size(), std::size_t(2));
        QVERIFY(!panel.requestedChange());
    }

    void withoutACellTheControlsRest()
    {
        CellPanel panel;
        std::vector<LiveParams> sent;
        connect(&panel, &CellPanel::liveChangeRequested, this, [&](const LiveParams& c) { sent.push_back(c); });
        panel.setSnapshot(FrameSnapshot{});
        QVERIFY(!panel.shearRateField()->isEnabled());
        QVERIFY(!panel.applyButton()->isEnabled());
        QVERIFY(!panel.imagesBox()->isEnabled());
        panel.shearRateField()->setText(QStringLiteral("5"));
        panel.volumeRateField()->setText(QStringLiteral("0"));
        panel.apply();
        QVERIFY(sent.empty());
    }

    void showingTheRatesInForceSendsNothing()
    {
        CellPanel panel;
        int sent = 0;
        connect(&panel, &CellPanel::liveChangeRequested, this, [&]() { ++sent; });
        Mat3 l = Mat3::Zero();
        for (double rate : {1.0, 3.0, -2.0}) {
            l(0, 1) = rate;
            panel.setSnapshot(withCell(l));
            QCOMPARE(panel.shearRateField()->text(), QString::number(rate));
        }
        QCOMPARE(sent, 0);
    }

    void optionsGoOut()
    {
        CellPanel panel;
        panel.setSnapshot(withCell(Mat3::Zero()));
        QSignalSpy images(&panel, &CellPanel::imagesRequested);
        QSignalSpy axis(&panel, &CellPanel::stressAxisRequested);
        panel.imagesBox()->setChecked(true);
        QCOMPARE(images.size(), 1);
        QCOMPARE(images[0][0].toBool(), true);
        panel.stressAxisBox()->setCurrentIndex(1);
        emit panel.stressAxisBox()->activated(1);
        QCOMPARE(axis.size(), 1);
        QCOMPARE(axis[0][0].value<StressPlot::XAxis>(), StressPlot::XAxis::ShearStrain);
    }

    void aLiveChangeLandsAndLeavesAMarkerOnTheStressPlot()
    {
        SimulationRunner runner;
        runner.loadScene(loadSceneFile(test::sourceDir() + "/tests/data/ui/sheared-cell.json"));
        CellPanel panel;
        StressPlot plot;
        connect(&panel, &CellPanel::liveChangeRequested, &runner, [&](const LiveParams& c) { runner.apply(c); });
        runner.play();
        SnapshotPtr s = waitFor(runner, [](const FrameSnapshot& f) { return f.cell && f.step > 20; });
        QVERIFY(s);
        QCOMPARE(s->cell->gradient(0, 1), 10.0);
        panel.setSnapshot(*s);
        plot.appendSnapshot(*s);
        QCOMPARE(plot.markerCount(), std::size_t(0));
        QCOMPARE(plot.sampleCount(), std::size_t(1));

        panel.shearRateField()->setText(QStringLiteral("4"));
        panel.volumeRateField()->setText(QStringLiteral("-3"));
        panel.apply();
        s = waitFor(runner, [](const FrameSnapshot& f) { return f.cell && f.cell->gradient(0, 1) == 4.0; });
        QVERIFY(s);
        Mat3 expected = Mat3::Zero();
        expected(0, 1) = 4.0;
        expected(0, 0) = expected(1, 1) = expected(2, 2) = -1.0;
        QCOMPARE(s->cell->gradient, expected);
        QCOMPARE(s->markers->size(), std::size_t(1));
        const QString label = QString::fromStdString(s->markers->front().label);
        QVERIFY2(label.startsWith(QStringLiteral("L ")) && label.contains(QStringLiteral("xy 4")), qPrintable(label));
        plot.appendSnapshot(*s);
        QCOMPARE(plot.markerCount(), std::size_t(1));
        QCOMPARE(plot.figure().markers.size(), std::size_t(1));
        QCOMPARE(plot.figure().markers.front().second, label);
        QCOMPARE(plot.sampleCount(), std::size_t(2));
        runner.stop();
    }
};

QTEST_MAIN(TestCellPanel)
#include "TestCellPanel.moc"
