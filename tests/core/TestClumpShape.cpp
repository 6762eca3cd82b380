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
        TUMBLE_NEAR(p.principalMoments[0], own, 0.0, 1e-12);            // about the line of centres
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
        Scene s = sceneFrom(sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, materialJson(1e5, 0.9), bodies,
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
            TUMBLE_NEAR((sim.world().memberPosition[k]
                         - (sim.world().position[0] + sim.world().orientation[0] * sim.world().memberOffset[k])).norm(),
                        0.0, 1e-15, 0.0);
    }

    void overlappingMembersRefused()
    {
        const std::string bodies = R"([{"type": "clump", "material": "m",
            "spheres": [{"center": [0, 0, 0], "radius": 0.01}, {"center": [0.015, 0, 0], "radius": 0.008}],
            "position": [0, 0, 1]}])";
        try {
            sceneFrom(sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, materialJson(1e5, 0.9), bodies));
            QFAIL("no SceneError");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QStringLiteral("/bodies/0/spheres"));
            QVERIFY(QString::fromUtf8(e.what()).contains("members 0 and 1 overlap"));
        }
    }
};

QTEST_APPLESS_MAIN(TestClumpShape)
#include "TestClumpShape.moc"
