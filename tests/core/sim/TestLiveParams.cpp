// LiveParams, the one type of a live change: Simulation::apply validates the whole change with
// SimParams' rules and applies all of it or nothing, resolves a dt factor against its own
// critical timestep, reports what changed with the plots' marker labels, and a combined change
// of dt and schemes continues the trajectory (one state conversion).
#include <QtTest>

#include <cmath>
#include <cstring>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "sim/LiveParams.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// every state array of body 0, bit for bit
bool sameState(const Simulation& a, const Simulation& b)
{
    const World& x = a.world();
    const World& y = b.world();
    auto same = [](const auto& u, const auto& v) {
        return std::memcmp(u.data(), v.data(), sizeof(double) * u.size()) == 0;
    };
    return same(x.position[0], y.position[0]) && same(x.velocity[0], y.velocity[0]) &&
           same(x.angularMomentum[0], y.angularMomentum[0]) &&
           same(x.orientation[0].coeffs(), y.orientation[0].coeffs());
}

double energyOf(const Simulation& sim)
{
    return sim.energy().total();
}

} // namespace

class TestLiveParams : public QObject {
    Q_OBJECT
private slots:
    void dtFactorResolvesAgainstTheSimulationsCriticalDt()
    {
        const Oscillator osc;
        Scene s = osc.scene("velocity_verlet", 1e-5, 0.01);
        Simulation sim(std::move(s.world), s.params);
        QVERIFY(sim.criticalDt() > 0.0);
        LiveParams c;
        c.dtFactor = 0.3;
        const LiveChange change = sim.apply(c);
        QVERIFY(change.dt);
        QCOMPARE(sim.params().dt, 0.3 * sim.criticalDt()); // exactly: no copy of dt_crit elsewhere
        QCOMPARE(change.markers.size(), std::size_t(1));
    }

    void anInvalidFieldRefusesTheWholeChange()
    {
        const Oscillator osc;
        Scene s = osc.scene("velocity_verlet", 1e-5, 0.01);
        Simulation sim(std::move(s.world), s.params);
        const SimParams before = sim.params();
        LiveParams c;
        c.dt = 2e-6;
        c.translation = "central_difference";
        c.viscousDamping = -1.0; // invalid
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.apply(c));
        QCOMPARE(sim.params().dt, before.dt);
        QCOMPARE(sim.params().translation, before.translation);
        QCOMPARE(sim.params().viscousDamping, before.viscousDamping);
        // the message names the field, as SimParams::validate does for a scene
        try {
            sim.apply(c);
        } catch (const ParameterError& e) {
            QVERIFY2(std::strstr(e.what(), "viscous damping") != nullptr, e.what());
        }
        LiveParams both;
        both.dt = 1e-6;
        both.dtFactor = 0.1;
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.apply(both));
        LiveParams pair; // rk4 moves both halves at its stages: a pair the registry refuses
        pair.translation = "rk4";
        pair.rotation = "buss_2nd_order";
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.apply(pair));
        QCOMPARE(sim.params().translation, before.translation);
    }

    void anUnchangedValueChangesNothing()
    {
        // applying the values in force is no change: no marker, no state conversion (a leapfrog's
        // half-step velocity would otherwise go on-step and back, and could move in its last bit)
        const Oscillator osc;
        Scene s = osc.scene("central_difference", 1e-5, 0.01);
        Simulation a(s.world, s.params);
        Simulation b(s.world, s.params);
        a.run(37);
        b.run(37);
        const LiveChange change = a.apply(LiveParams::from(a.params()));
        QVERIFY(!change.any());
        QVERIFY(change.markers.empty());
        a.run(50);
        b.run(50);
        QVERIFY(sameState(a, b));
    }

    void markersSayWhatChanged()
    {
        const Oscillator osc;
        Scene s = osc.scene("velocity_verlet", 1e-5, 0.01);
        Simulation sim(std::move(s.world), s.params);
        LiveParams c;
        c.dt = 2e-5;
        c.translation = "central_difference";
        c.localDamping = 0.1;
        c.localDampingVariant = LocalDampingVariant::Woo;
        c.viscousDamping = 2.0;
        const LiveChange change = sim.apply(c);
        QVERIFY(change.dt && change.translation && !change.rotation && change.localDamping && change.viscousDamping);
        const std::vector<std::string> expected = {"dt 2e-05 s", "central_difference", "local 0.1 (woo)",
                                                   "viscous 2 1/s"};
        QCOMPARE(change.markers, expected);

        const std::optional<LiveParams> woo = LiveParams::preset("woo");
        QVERIFY(woo.has_value());
        QVERIFY(!LiveParams::preset("no_such_preset").has_value());
        const LiveChange presetChange = sim.apply(*woo);
        QCOMPARE(presetChange.markers, std::vector<std::string>{"woo"});
        LiveParams rot;
        rot.rotation = "rk4_quaternion";
        QCOMPARE(sim.apply(rot).markers, std::vector<std::string>{"rot. rk4_quaternion"});
    }

    void aCombinedChangeContinuesTheOscillator()
    {
        // dt and both schemes in one change: the state is converted once, so the oscillator goes
        // on along its orbit. Velocity Verlet and the leapfrog each conserve a shadow energy
        // within (w dt)^2 / 4 of E (relative), and the leapfrog's on-step velocity estimate
        // (the mean of two half-step ones) adds at most as much: |E - E0| / E0 <= (w dt)^2 / 2
        // for the larger dt. A conversion that lost half a kick would be off by about w dt.
        const Oscillator osc;
        const double dt = 2e-5;
        Scene s = osc.scene("velocity_verlet", dt, 0.01);
        Simulation sim(std::move(s.world), s.params);
        const double e0 = energyOf(sim);
        sim.run(333);
        LiveParams c;
        c.dt = dt / 2;
        c.translation = "central_difference";
        c.rotation = "fincham_leapfrog";
        QVERIFY(sim.apply(c).any());
        const double bound = 0.5 * std::pow(osc.omega() * dt, 2);
        double worst = 0.0;
        for (int i = 0; i < 2000; ++i) {
            sim.step();
            worst = std::max(worst, std::abs(energyOf(sim) - e0) / e0);
        }
        QVERIFY2(worst <= bound, qPrintable(QStringLiteral("worst %1 > bound %2").arg(worst).arg(bound)));
        QVERIFY(osc.omega() * dt > 10.0 * bound); // the bound can tell half a lost kick
    }
};

QTEST_APPLESS_MAIN(TestLiveParams)
#include "TestLiveParams.moc"
