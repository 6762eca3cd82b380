// GradientSchedule: L piecewise linear in time between knots, held before the first and after the
// last; a step's gradient is L's exact mean over the step (the integral of a piecewise linear
// function: a trapezoid per piece), checked against hand-integrated values.
#include <QtTest>

#include "TestHelpers.h"
#include "model/GradientSchedule.h"

using namespace tumble;
using namespace tumble::test;

namespace {

Mat3 diagonal(double a, double b, double c)
{
    return Vec3(a, b, c).asDiagonal();
}

// knots at 1 s (L = diag(0, 2, -4)) and 3 s (diag(4, 2, 0)), then 4 s (zero)
GradientSchedule threeKnots()
{
    return GradientSchedule({{1.0, diagonal(0, 2, -4)}, {3.0, diagonal(4, 2, 0)}, {4.0, Mat3::Zero()}});
}

} // namespace

class TestGradientSchedule : public QObject {
    Q_OBJECT
private slots:
    void interpolatesBetweenKnotsAndHoldsOutside()
    {
        const GradientSchedule s = threeKnots();
        QCOMPARE(s.at(0.0), diagonal(0, 2, -4)); // before the first knot: the first L
        QCOMPARE(s.at(1.0), diagonal(0, 2, -4));
        QCOMPARE(s.at(2.0), diagonal(2, 2, -2)); // half way
        QCOMPARE(s.at(3.5), diagonal(2, 1, 0));
        QCOMPARE(s.at(4.0), Mat3(Mat3::Zero()));
        QCOMPARE(s.at(100.0), Mat3(Mat3::Zero())); // after the last: the last L
        QVERIFY(GradientSchedule().empty());
        QCOMPARE(GradientSchedule().at(1.0), Mat3(Mat3::Zero()));
        QCOMPARE(GradientSchedule().meanOver(1.0, 0.1), Mat3(Mat3::Zero()));
    }

    void aStepTakesTheExactMeanOfL()
    {
        const GradientSchedule s = threeKnots();
        // inside one piece: L at the step's middle
        QCOMPARE(s.meanOver(1.5, 0.5), s.at(1.75));
        // across the knot at 3 s, [2.5, 3.5]: L_xx rises 3 -> 4 then falls 4 -> 2 (integral
        // 1.75 + 1.5), L_yy stays 2 then falls 2 -> 1 (1 + 0.75), L_zz rises -1 -> 0 then stays
        // (-0.25 + 0)
        const Mat3 across = s.meanOver(2.5, 1.0);
        TUMBLE_NEAR(across(0, 0), 3.25, 1e-15, 0.0);
        TUMBLE_NEAR(across(1, 1), 1.75, 1e-15, 0.0);
        TUMBLE_NEAR(across(2, 2), -0.25, 1e-15, 0.0);
        // over every knot at once, [0, 5]: integrals 0 + 4 + 2 + 0 = 6, 2 + 4 + 1 = 7,
        // -4 - 4 + 0 + 0 = -8 over 5 s
        const Mat3 whole = s.meanOver(0.0, 5.0);
        TUMBLE_NEAR(whole(0, 0), 6.0 / 5.0, 1e-15, 0.0);
        TUMBLE_NEAR(whole(1, 1), 7.0 / 5.0, 1e-15, 0.0);
        TUMBLE_NEAR(whole(2, 2), -8.0 / 5.0, 1e-15, 0.0);
        // before the first knot and after the last: the held L
        QCOMPARE(s.meanOver(0.2, 0.5), diagonal(0, 2, -4));
        QCOMPARE(s.meanOver(7.0, 0.5), Mat3(Mat3::Zero()));
    }
};

QTEST_APPLESS_MAIN(TestGradientSchedule)
#include "TestGradientSchedule.moc"
