// Clump mass properties against hand-derived closed forms, and a clump in a scene: members follow
// the body, contacts on a member give the body a torque about its centre of mass.
#include <QtTest>

#include <cmath>

#include "SceneText.h"
#include "TestHelpers.h"
#include "model/ClumpShape.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestClumpShape : public QObject {
    Q_OBJECT
private slots:
    void singleSphere()
    {
        const double r = 0.02, rho = 2000.0;
        const MassProperties p = sphereUnionMassProperties({{Vec3(0.1, -0.2, 0.3), r}}, rho);
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        TUMBLE_NEAR(p.mass, m, 0.0, 1e-14);
        TUMBLE_NEAR((p.centerOfMass - Vec3(0.1, -0.2, 0.3)).norm(), 0.0, 1e-15, 0.0);
        for (int k = 0; k < 3; ++k)
            TUMBLE_NEAR(p.principalMoments[k], 0.4 * m * r * r, 0.0, 1e-12);
    }

    void twoSeparateSpheres()
    {
        // radii r1, r2 at distance d along x: centre of mass at the mass-weighted mean; about the
        // x axis only the spheres' own inertia, about y and z also m1 a1^2 + m2 a2^2 (parallel axes)
        const double r1 = 0.01, r2 = 0.02, d = 0.05, rho = 1000.0;
        const MassProperties p = sphereUnionMassProperties({{Vec3(0, 0, 0), r1}, {Vec3(d, 0, 0), r2}}, rho);
        const double m1 = 4.0 / 3.0 * std::numbers::pi * std::pow(r1, 3) * rho;
        const double m2 = 4.0 / 3.0 * std::numbers::pi * std::pow(r2, 3) * rho;
        const double xc = m2 * d / (m1 + m2);
        TUMBLE_NEAR(p.centerOfMass.x(), xc, 1e-15, 0.0);
        const double own = 0.4 * m1 * r1 * r1 + 0.4 * m2 * r2 * r2;
        const double transfer = m1 * xc * xc + m2 * (d - xc) * (d - xc);
        TUMBLE_NEAR(p.principalMoments[0], own, 0.0, 1e-12); // about the line of centres
        TUMBLE_NEAR(p.principalMoments[1], own + transfer, 0.0, 1e-12);
        TUMBLE_NEAR(p.principalMoments[2], own + transfer, 0.0, 1e-12);
        // the smallest principal axis is x, and the axes form a proper rotation
        TUMBLE_NEAR(std::abs((p.principalAxes * Vec3::UnitX()).x()), 1.0, 1e-12, 0.0);
        TUMBLE_NEAR(p.principalAxes.toRotationMatrix().determinant(), 1.0, 1e-12, 0.0);
    }

    void overlapDetected()
    {
        QVERIFY(!firstOverlap({{Vec3(0, 0, 0), 0.01}, {Vec3(0.03, 0, 0), 0.01}}).has_value());
        const auto o = firstOverlap({{Vec3(0, 0, 0), 0.01}, {Vec3(0.05, 0, 0), 0.01}, {Vec3(0.015, 0, 0), 0.01}});
        QVERIFY(o.has_value());
        QCOMPARE(o->first, 0);
        QCOMPARE(o->second, 2);
    }

    void clumpFromSceneHitsAWall()
    {
        // a dumbbell falling flat but tilted: its lower member touches the floor first, which must
        // spin the clump (torque about the centre of mass) while the upper member stays clear
        const std::string bodies = R"([{"type": "clump", "material": "m",
            "spheres": [{"center": [0, 0, 0], "radius": 0.01}, {"center": [0.04, 0, 0], "radius": 0.01}],
            "position": [0, 0, 0.0112], "orientation": [0.9998477, 0, 0.0174524, 0],
            "velocity": [0, 0, -0.5]}])";
        Scene s =
            sceneFrom(sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, materialJson(1e5, 0.9), bodies,
                                R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}])"));
        QCOMPARE(s.world.size(), std::size_t(1));
        QCOMPARE(s.world.memberCount(), std::size_t(2));
        QCOMPARE(s.world.type[0], BodyType::Clump);
        // members sit at +-0.02 m from the centre of mass along the principal axis of least inertia
        TUMBLE_NEAR(s.world.memberOffset[0].norm(), 0.02, 1e-12, 0.0);
        Simulation sim(std::move(s.world), s.params);
        const Vec3 l0 = sim.world().angularMomentum[0];
        QVERIFY(l0.norm() == 0.0);
        sim.run(3000);
        QVERIFY(sim.world().angularMomentum[0].norm() > 0.0);
        // the spin is about the horizontal axis perpendicular to the dumbbell (y)
        const Vec3 l = sim.world().angularMomentum[0];
        QVERIFY(std::abs(l.y()) > 100.0 * (std::abs(l.x()) + std::abs(l.z())));
        // members follow the body pose
        for (std::size_t k = 0; k < 2; ++k)
            TUMBLE_NEAR((sim.world().memberPosition[k] -
                         (sim.world().position[0] + sim.world().orientation[0] * sim.world().memberOffset[k]))
                            .norm(),
                        0.0, 1e-15, 0.0);
    }

    void twoOverlappingEqualSpheres_data()
    {
        QTest::addColumn<double>("d");
        QTest::newRow("d = R/2") << 0.005;
        QTest::newRow("d = R") << 0.01;
        QTest::newRow("d = 1.9 R") << 0.019;
    }

    void twoOverlappingEqualSpheres()
    {
        // spheres of radius R at distance d share a lens of two caps of height h = R - d/2. By
        // slices |z| <= h about the midpoint, with disc radius a^2 = R^2 - (|z| + d/2)^2:
        //   V_lens = pi (4R + d)(2R - d)^2 / 12,
        //   I_lens,axial = rho int pi a^4 / 2 dz,  I_lens,perp = rho int pi (a^4/4 + a^2 z^2) dz,
        // polynomials of degree 4 in z, so 3-point Gauss-Legendre on [0, h] is exact. The union
        // keeps every sphere's moments (parallel axes for the perpendicular one) minus one lens.
        QFETCH(double, d);
        const double r = 0.01, rho = 2500.0;
        const MassProperties p = sphereUnionMassProperties({{Vec3(0, 0, 0), r}, {Vec3(d, 0, 0), r}}, rho);
        const double h = r - 0.5 * d;
        const double gx[3] = {-std::sqrt(0.6), 0.0, std::sqrt(0.6)};
        const double gw[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
        double axial = 0.0, perp = 0.0;
        for (int k = 0; k < 3; ++k) {
            const double z = 0.5 * h * (gx[k] + 1.0);
            const double a2 = r * r - (z + 0.5 * d) * (z + 0.5 * d);
            axial += 0.5 * h * gw[k] * std::numbers::pi * a2 * a2 / 2.0;
            perp += 0.5 * h * gw[k] * std::numbers::pi * (a2 * a2 / 4.0 + a2 * z * z);
        }
        axial *= 2.0 * rho; // both halves of the lens
        perp *= 2.0 * rho;
        const double vLens = std::numbers::pi * (4.0 * r + d) * (2.0 * r - d) * (2.0 * r - d) / 12.0;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        TUMBLE_NEAR(p.mass, rho * (2.0 * 4.0 / 3.0 * std::numbers::pi * r * r * r - vLens), 0.0, 1e-12);
        TUMBLE_NEAR(p.centerOfMass.x(), 0.5 * d, 1e-15, 0.0); // midpoint, by symmetry
        TUMBLE_NEAR(p.principalMoments[0], 2.0 * 0.4 * m * r * r - axial, 0.0, 1e-12);
        const double perpUnion = 2.0 * (0.4 * m * r * r + m * 0.25 * d * d) - perp;
        TUMBLE_NEAR(p.principalMoments[1], perpUnion, 0.0, 1e-12);
        TUMBLE_NEAR(p.principalMoments[2], perpUnion, 0.0, 1e-12);
        // far less than the naive sum of the two spheres' masses
        QVERIFY(p.mass < 2.0 * m);
    }

    void overlappingClumpLoads()
    {
        // the CONTRACT's example clump: members overlap, the loader integrates their union
        const std::string bodies = R"([{"type": "clump", "material": "m",
            "spheres": [{"center": [0, 0, 0], "radius": 0.01}, {"center": [0.015, 0, 0], "radius": 0.008}],
            "position": [0, 0, 1]}])";
        const Scene s = sceneFrom(sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, materialJson(1e5, 0.9), bodies));
        const double vSum = 4.0 / 3.0 * std::numbers::pi * (1e-6 + 0.512e-6);
        QVERIFY(s.world.mass[0] < 2500.0 * vSum);
        QVERIFY(s.world.inertia[0][0] < s.world.inertia[0][1]);
        TUMBLE_NEAR(s.world.inertia[0][1], s.world.inertia[0][2], 0.0, 1e-10); // axisymmetric
    }
};

QTEST_APPLESS_MAIN(TestClumpShape)
#include "TestClumpShape.moc"
