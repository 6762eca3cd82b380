// Fincham's leapfrog: the isotropic fast path (world-frame rates) is the same scheme as the
// general body-frame one, and the scheme keeps mid-step angular momentum that converts to the
// on-step value without a jump when switching.
#include <QtTest>

#include <cmath>

#include "TestHelpers.h"
#include "TorqueFreeBody.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// a free body under viscous damping (torque -beta L), spun about a generic axis
Simulation spinningBody(const Vec3& moments, const std::string& rotation)
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    w.addRigidBody(0, 1.0, moments, Quat(Eigen::AngleAxisd(0.7, Vec3(1, -2, 3).normalized())), 0.05, Vec3::Zero(),
                   Vec3::Zero(), Vec3(3.0, -1.0, 2.0));
    SimParams p;
    p.dt = 1e-3;
    p.rotation = rotation;
    p.viscousDamping = 2.0;
    return Simulation(std::move(w), p);
}

} // namespace

class TestFinchamLeapfrog : public QObject {
    Q_OBJECT
private slots:
    void isotropicPathIsTheSameScheme()
    {
        // J = (1, 1, 1) takes the world-frame path; J3 raised by 1e-12 relative takes the general
        // one. In exact arithmetic they differ by O(1e-12); after 2000 steps the orientations must
        // agree to that order, not to the scheme's O(dt^2) truncation error (~1e-6).
        Simulation fast = spinningBody(Vec3(0.02, 0.02, 0.02), "fincham_leapfrog");
        Simulation general = spinningBody(Vec3(0.02, 0.02, 0.02 * (1.0 + 1e-12)), "fincham_leapfrog");
        fast.run(2000);
        general.run(2000);
        QVERIFY(orientationError(fast.world().orientation[0], general.world().orientation[0]) < 1e-9);
        QVERIFY((fast.world().angularMomentum[0] - general.world().angularMomentum[0]).norm() <
                1e-9 * general.world().angularMomentum[0].norm());
        // and the torque really acted: L decayed as the leapfrog's (1 - beta dt)^n
        QVERIFY(fast.world().angularMomentum[0].norm() < 0.1 * 0.02 * Vec3(3.0, -1.0, 2.0).norm());
    }

    void switchingKeepsOnStepMomentum()
    {
        // Buss keeps on-step L, Fincham mid-step L; switching converts with the current torque, so
        // the reported (on-step) rotational energy is unchanged by the switch itself
        Simulation sim = spinningBody(Vec3(0.01, 0.02, 0.03), "buss_2nd_order");
        sim.run(100);
        const double before = sim.energy().kineticRotational;
        sim.setRotationScheme("fincham_leapfrog");
        QCOMPARE(sim.world().angularTiming, VelocityTiming::HalfStep);
        TUMBLE_NEAR(sim.energy().kineticRotational, before, 0.0, 1e-13);
        sim.run(100);
        const double midRun = sim.energy().kineticRotational;
        sim.setRotationScheme("buss_2nd_order");
        QCOMPARE(sim.world().angularTiming, VelocityTiming::OnStep);
        TUMBLE_NEAR(sim.energy().kineticRotational, midRun, 0.0, 1e-13);
    }
};

QTEST_APPLESS_MAIN(TestFinchamLeapfrog)
#include "TestFinchamLeapfrog.moc"
