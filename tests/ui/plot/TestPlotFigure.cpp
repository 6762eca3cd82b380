// PlotFigure's tick labels: the fewest digits that tell the ticks apart, each label the tick's
// value (read back, to a millionth of the spacing), and numbers from 1 to 1e5 written
// out where a reader expects them (a time axis reads 0 2 4 6 8 10, not ... 8 1e1).
#include <QtTest>

#include <cmath>

#include "plot/PlotFigure.h"

using namespace tumble::ui;

class TestPlotFigure : public QObject {
    Q_OBJECT
private slots:
    void labelsAreThePlainNumbers()
    {
        const auto labels = [](std::vector<double> ticks) {
            QStringList out;
            for (const QString& s : tickLabels(ticks))
                out << s;
            return out.join(QLatin1Char(' '));
        };
        QCOMPARE(labels({0, 2, 4, 6, 8, 10}), QStringLiteral("0 2 4 6 8 10"));
        QCOMPARE(labels({0, 5, 10, 15, 20}), QStringLiteral("0 5 10 15 20"));
        QCOMPARE(labels({0, 0.5, 1, 1.5, 2}), QStringLiteral("0 0.5 1 1.5 2"));
        QCOMPARE(labels({1000, 2000, 3000}), QStringLiteral("1000 2000 3000"));
        QCOMPARE(labels({10, 10.5, 11}), QStringLiteral("10 10.5 11"));
        QCOMPARE(labels({0, 2e-5, 4e-5}), QStringLiteral("0 2e-5 4e-5"));
        QCOMPARE(labels({0, 1e6, 2e6}), QStringLiteral("0 1e6 2e6"));
        // one digit keeps these apart too (0.15 rounds to "0.2"), but a label must be its tick
        QCOMPARE(labels(niceTicks(0.0, 0.175, 4)), QStringLiteral("0 0.05 0.1 0.15"));
    }

    void everyLabelReadsBackAsItsTick()
    {
        // niceTicks over many ranges: distinct labels, each its tick
        for (double lo : {-3.7, 0.0, 0.013, 7.0, 95.0, 1234.0})
            for (double span : {0.002, 0.7, 3.0, 12.0, 250.0, 9000.0}) {
                const std::vector<double> ticks = niceTicks(lo, lo + span, 5);
                const std::vector<QString> labels = tickLabels(ticks);
                QCOMPARE(labels.size(), ticks.size());
                for (std::size_t k = 0; k < ticks.size(); ++k) {
                    bool ok = false;
                    const double back = labels[k].toDouble(&ok);
                    QVERIFY2(ok, qPrintable(labels[k]));
                    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1.0;
                    QVERIFY2(std::abs(back - ticks[k]) <= 1e-6 * std::max(step, std::abs(ticks[k])),
                             qPrintable(QString("%1 for %2").arg(labels[k]).arg(ticks[k], 0, 'g', 17)));
                    for (std::size_t j = 0; j < k; ++j)
                        QVERIFY(labels[j] != labels[k]);
                }
            }
    }
};

QTEST_MAIN(TestPlotFigure)
#include "TestPlotFigure.moc"
