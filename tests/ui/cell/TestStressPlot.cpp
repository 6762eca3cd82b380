// StressPlot (issue 20): the cell's stress components and pressure against time or strain, one
// sample per newer snapshot, the run's markers at their time (or the strain then), a new scene
// revision starts over, the history stays bounded, the CSV has the numbers as given.
#include <QApplication>
#include <QtTest>

#include <memory>

#include "TestHelpers.h"
#include "cell/StressPlot.h"
#include "session/SceneInfo.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// a snapshot at time t of a cell sheared to strain g = t (rate 1/s) and compressed to V = V0 (1 - t/10),
// under a stress sigma = t x a fixed tensor
FrameSnapshot at(double t, const std::shared_ptr<const SceneInfo>& scene,
                 const std::shared_ptr<const std::vector<ParameterMarker>>& markers)
{
    FrameSnapshot s;
    s.scene = scene;
    s.time = t;
    s.markers = markers;
    CellState c;
    c.strain(0, 1) = t;
    c.volume = 1e-3 * (1.0 - t / 10.0);
    c.stress << -3.0, 1.0, 0.0, 1.0, -2.0, 0.0, 0.0, 0.0, -1.0;
    c.stress *= t;
    c.pressure = -c.stress.trace() / 3.0;
    s.cell = c;
    return s;
}

std::shared_ptr<SceneInfo> scene(long long revision)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = revision;
    return info;
}

} // namespace

class TestStressPlot : public QObject {
    Q_OBJECT
private slots:
    void componentsAgainstTimeAndStrainWithMarkers()
    {
        StressPlot plot;
        const auto info = scene(1);
        auto markers = std::make_shared<std::vector<ParameterMarker>>();
        for (int k = 1; k <= 10; ++k) {
            if (k == 6)
                markers = std::make_shared<std::vector<ParameterMarker>>(
                    std::vector<ParameterMarker>{{0.45, 45, "L xy 2 1/s"}});
            plot.appendSnapshot(at(0.1 * k, info, markers));
            plot.appendSnapshot(at(0.1 * k, info, markers)); // the same time again: no sample
        }
        QCOMPARE(plot.sampleCount(), std::size_t(10));
        QCOMPARE(plot.markerCount(), std::size_t(1));
        for (std::size_t i = 0; i < 10; ++i) {
            const double t = 0.1 * double(i + 1);
            QCOMPARE(plot.times()[i], t);
            TUMBLE_NEAR(plot.values(StressPlot::SigmaXX)[i], -3.0 * t, 1e-15, 0.0);
            TUMBLE_NEAR(plot.values(StressPlot::SigmaYY)[i], -2.0 * t, 1e-15, 0.0);
            TUMBLE_NEAR(plot.values(StressPlot::SigmaZZ)[i], -1.0 * t, 1e-15, 0.0);
            TUMBLE_NEAR(plot.values(StressPlot::SigmaXY)[i], t, 1e-15, 0.0);
            TUMBLE_NEAR(plot.values(StressPlot::Pressure)[i], 2.0 * t, 1e-15, 1e-15);
        }
        PlotFigure fig = plot.figure();
        QCOMPARE(fig.panels.size(), std::size_t(1));
        QCOMPARE(fig.panels[0].series.size(), std::size_t(StressPlot::kCurves));
        QCOMPARE(fig.legend.size(), std::size_t(StressPlot::kCurves));
        QCOMPARE(fig.markers.size(), std::size_t(1));
        QCOMPARE(fig.markers[0].first, 0.45);
        QCOMPARE(fig.markers[0].second, QStringLiteral("L xy 2 1/s"));
        // against the shear strain (= t here) the marker sits at the first sample after it, 0.5
        plot.setXAxis(StressPlot::XAxis::ShearStrain);
        fig = plot.figure();
        QCOMPARE(fig.panels[0].series[0].x.front(), 0.1);
        QCOMPARE(fig.markers[0].first, 0.5);
        plot.setXAxis(StressPlot::XAxis::VolumetricStrain);
        fig = plot.figure();
        TUMBLE_NEAR(fig.panels[0].series[0].x.back(), (1.0 - 1.0 / 10.0) / (1.0 - 0.1 / 10.0) - 1.0, 1e-15, 0.0);
        TUMBLE_NEAR(fig.markers[0].first, (1.0 - 0.05) / (1.0 - 0.01) - 1.0, 1e-15, 0.0);

        // CSV: the numbers as given
        const QStringList lines = plot.csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 11);
        QCOMPARE(lines[0],
                 QStringLiteral("time,shear_strain,volumetric_strain,sigma_xx,sigma_yy,sigma_zz,sigma_xy,pressure"));
        QCOMPARE(lines[1].split(QLatin1Char(','))[3].toDouble(), -3.0 * 0.1);

        // a new run starts over
        plot.appendSnapshot(at(0.0, scene(2), std::make_shared<std::vector<ParameterMarker>>()));
        QCOMPARE(plot.sampleCount(), std::size_t(1));
        QCOMPARE(plot.markerCount(), std::size_t(0));
    }

    void historyIsBounded()
    {
        StressPlot plot;
        const auto info = scene(1);
        const auto none = std::make_shared<std::vector<ParameterMarker>>();
        const std::size_t n = 3 * StressPlot::kMaxSamples;
        for (std::size_t i = 1; i <= n; ++i)
            plot.appendSnapshot(at(1e-3 * double(i), info, none));
        QVERIFY(plot.sampleCount() <= StressPlot::kMaxSamples);
        QVERIFY(plot.sampleCount() >= StressPlot::kMaxSamples / 2);
        QCOMPARE(plot.times().front(), 1e-3);
        QCOMPARE(plot.times().back(), 1e-3 * double(n));
        QVERIFY(std::is_sorted(plot.times().begin(), plot.times().end()));
    }

    void noCellNoSamples()
    {
        StressPlot plot;
        FrameSnapshot s;
        s.scene = scene(1);
        s.time = 1.0;
        plot.appendSnapshot(s);
        QCOMPARE(plot.sampleCount(), std::size_t(0));
        QVERIFY(!plot.figure().panels[0].note.isEmpty());
    }
};

QTEST_MAIN(TestStressPlot)
#include "TestStressPlot.moc"
