// VelocityProfilePlot (issue 20): the snapshot's profile as points (an empty bin a gap) beside
// the medium's L x dashed, over the cell's extent along y; the CSV has the bins.
#include <QApplication>
#include <QtTest>

#include <cmath>
#include <limits>

#include "cell/VelocityProfilePlot.h"

using namespace tumble;
using namespace tumble::ui;

class TestVelocityProfilePlot : public QObject {
    Q_OBJECT
private slots:
    void profileBesideTheMediums()
    {
        constexpr std::size_t n = CellState::kProfileBins;
        FrameSnapshot s;
        CellState c;
        for (std::size_t k = 0; k < n; ++k) {
            c.binY[k] = 0.1 * (double(k) + 0.5) / double(n);
            c.mediumVx[k] = 2.0 * c.binY[k];
            c.meanVx[k] = k == 3 ? std::numeric_limits<double>::quiet_NaN() : 1.5 * c.binY[k];
            c.binCount[k] = k == 3 ? 0 : 2;
        }
        s.cell = c;
        VelocityProfilePlot plot;
        plot.setSnapshot(s);
        const PlotFigure fig = plot.figure();
        QCOMPARE(fig.panels.size(), std::size_t(1));
        const PlotPanel& p = fig.panels[0];
        QCOMPARE(p.series.size(), std::size_t(2));
        const PlotSeries& medium = p.series[0];
        const PlotSeries& bodies = p.series[1];
        QCOMPARE(medium.style, Qt::DashLine);
        QCOMPARE(bodies.symbol, PlotSymbol::Circle);
        for (std::size_t k = 0; k < n; ++k) {
            QCOMPARE(bodies.x[k], c.binY[k]);
            QCOMPARE(medium.y[k], c.mediumVx[k]);
        }
        QVERIFY(std::isnan(bodies.y[3]));
        // the x axis spans the cell along y, 0 to 0.1 m; the y axis holds both curves
        QVERIFY(std::abs(p.x.min) < 1e-12 && std::abs(p.x.max - 0.1) < 1e-12);
        QVERIFY(p.y.min <= 0.0 && p.y.max >= c.mediumVx[n - 1]);
        QCOMPARE(plot.csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), int(n) + 1);

        plot.setSnapshot(FrameSnapshot{});
        QVERIFY(!plot.cell());
        QVERIFY(plot.figure().panels[0].series.empty());
    }
};

QTEST_MAIN(TestVelocityProfilePlot)
#include "TestVelocityProfilePlot.moc"
