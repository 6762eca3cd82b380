// Integrals over unions of spheres, against closed forms: a sphere alone (any position), a sphere
// inside another (the union is the big one), identical duplicates (counted once), and disjoint
// spheres (the integrals add).
#include <QtTest>

#include <cmath>

#include "TestHelpers.h"
#include "model/SphereUnionIntegrals.h"

using namespace tumble;

namespace {

// exact integrals of one sphere: V, V c, V (c c^T + R^2/5 1)
UnionIntegrals ball(const Vec3& c, double r)
{
    UnionIntegrals u;
    u.volume = 4.0 / 3.0 * std::numbers::pi * r * r * r;
    u.firstMoment = u.volume * c;
    u.secondMoment = u.volume * (c * c.transpose() + 0.2 * r * r * Mat3::Identity());
    return u;
}

void compare(const UnionIntegrals& a, const UnionIntegrals& b)
{
    const double scale = b.volume;
    TUMBLE_NEAR(a.volume, b.volume, 0.0, 1e-12);
    QVERIFY((a.firstMoment - b.firstMoment).norm() <= 1e-12 * scale * (b.firstMoment.norm() / scale + 0.01));
    QVERIFY((a.secondMoment - b.secondMoment).norm() <= 1e-12 * b.secondMoment.norm());
}

} // namespace

class TestSphereUnionIntegrals : public QObject {
    Q_OBJECT
private slots:
    void singleSphere()
    {
        const Vec3 c(0.013, -0.021, 0.004);
        compare(sphereUnionIntegrals({{c, 0.0125}}), ball(c, 0.0125));
    }

    void nestedSphere()
    {
        const Vec3 c(0.1, 0.2, 0.3);
        compare(sphereUnionIntegrals({{c, 0.02}, {c + Vec3(0.005, -0.004, 0.003), 0.01}}), ball(c, 0.02));
    }

    void identicalDuplicates()
    {
        const Vec3 c(-0.01, 0.0, 0.02);
        compare(sphereUnionIntegrals({{c, 0.01}, {c, 0.01}, {c, 0.01}}), ball(c, 0.01));
    }

    void disjointSpheresAdd()
    {
        const Vec3 a(0.0, 0.0, 0.0), b(0.03, 0.01, -0.02);
        UnionIntegrals sum = ball(a, 0.01);
        const UnionIntegrals other = ball(b, 0.012);
        sum.volume += other.volume;
        sum.firstMoment += other.firstMoment;
        sum.secondMoment += other.secondMoment;
        compare(sphereUnionIntegrals({{a, 0.01}, {b, 0.012}}), sum);
    }
};

QTEST_APPLESS_MAIN(TestSphereUnionIntegrals)
#include "TestSphereUnionIntegrals.moc"
