// Mixing rules (docs/CONTACT.md): two materials make one contact law. Checked against what each
// rule means physically: springs in series, Hertz's effective moduli, the weaker surface's
// friction, and identity for a material with itself.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

#include "TestHelpers.h"
#include "contact/ContactLaw.h"
#include "contact/ContactParams.h"
#include "contact/HertzDamping.h"

using namespace tumble;

namespace {

Material linear(double kn, double kt, double e, double mu, double muRoll)
{
    Material m;
    m.model = ContactModelKind::Linear;
    m.kn = kn;
    m.kt = kt;
    m.restitution = e;
    m.friction = mu;
    m.rollingFriction = muRoll;
    return m;
}

Material hertz(double young, double poisson, double e, double mu)
{
    Material m;
    m.model = ContactModelKind::HertzMindlin;
    m.young = young;
    m.poisson = poisson;
    m.restitution = e;
    m.friction = mu;
    return m;
}

} // namespace

class TestContactLaw : public QObject {
    Q_OBJECT
private slots:
    void linearSeriesSprings()
    {
        const Material a = linear(1e5, 2e4, 0.9, 0.3, 0.1), b = linear(4e5, 8e4, 0.4, 0.6, 0.05);
        const PairLaw ab = mixMaterials(a, b), ba = mixMaterials(b, a);
        // each body is a spring of 2k; two in series: 1/k = 1/(2 ka) + 1/(2 kb)
        TUMBLE_NEAR(ab.kn, 1.0 / (0.5 / a.kn + 0.5 / b.kn), 0.0, 1e-15);
        TUMBLE_NEAR(ab.kt, 1.0 / (0.5 / a.kt + 0.5 / b.kt), 0.0, 1e-15);
        TUMBLE_NEAR(ab.restitution, std::sqrt(0.9 * 0.4), 0.0, 1e-15);
        QCOMPARE(ab.friction, 0.3);
        QCOMPARE(ab.rollingFriction, 0.05);
        QCOMPARE(ab.kn, ba.kn); // symmetric
        QCOMPARE(ab.zeta, ba.zeta);
        // a material with itself keeps its own constants
        const PairLaw aa = mixMaterials(a, a);
        TUMBLE_NEAR(aa.kn, a.kn, 0.0, 1e-15);
        TUMBLE_NEAR(aa.kt, a.kt, 0.0, 1e-15);
        TUMBLE_NEAR(aa.restitution, a.restitution, 0.0, 1e-15);
        // kt = 0 on either side: no tangential spring, no division by zero
        QCOMPARE(mixMaterials(linear(1e5, 0.0, 1.0, 0.3, 0.0), linear(1e5, 0.0, 1.0, 0.3, 0.0)).kt, 0.0);
    }

    void hertzEffectiveModuli()
    {
        const Material a = hertz(7e10, 0.22, 0.9, 0.4), b = hertz(2e11, 0.3, 0.6, 0.2);
        const PairLaw ab = mixMaterials(a, b);
        QVERIFY(ab.model == ContactModelKind::HertzMindlin);
        TUMBLE_NEAR(1.0 / ab.youngStar, (1 - 0.22 * 0.22) / 7e10 + (1 - 0.3 * 0.3) / 2e11, 0.0, 1e-14);
        TUMBLE_NEAR(1.0 / ab.shearStar, 2 * (2 - 0.22) * (1 + 0.22) / 7e10 + 2 * (2 - 0.3) * (1 + 0.3) / 2e11, 0.0,
                    1e-14);
        QCOMPARE(ab.friction, 0.2);
        TUMBLE_NEAR(ab.alpha, hertzDampingFromRestitution(std::sqrt(0.9 * 0.6)), 0.0, 1e-15);
        // identical spheres: E* = E / (2 (1 - nu^2)), G* = G / (2 (2 - nu)) with G = E / (2 (1 + nu))
        const PairLaw aa = mixMaterials(a, a);
        TUMBLE_NEAR(aa.youngStar, 7e10 / (2 * (1 - 0.22 * 0.22)), 0.0, 1e-14);
        TUMBLE_NEAR(aa.shearStar, 7e10 / (2 * (1 + 0.22)) / (2 * (2 - 0.22)), 0.0, 1e-14);
    }

    void contactParams()
    {
        // Hertz constants of a contact: kn = 4/3 E* sqrt(R*), kt = 8 G* sqrt(R*) (Mindlin's
        // tangential stiffness 8 G* a with a = sqrt(R* d)); their ratio at any overlap is
        // kt / kn_tangent = 8 G* / (2 E*) = 2 (1 - nu) / (2 - nu) for equal materials
        const double nu = 0.3, rStar = 0.005, mStar = 0.01;
        const PairLaw law = mixMaterials(hertz(1e8, nu, 0.5, 0.5), hertz(1e8, nu, 0.5, 0.5));
        const ContactParams p = makeContactParams(law, rStar, mStar);
        QVERIFY(p.hertz);
        const double d = 1e-5, knTangent = 1.5 * p.kn * std::sqrt(d), ktNow = p.kt * std::sqrt(d);
        TUMBLE_NEAR(ktNow / knTangent, 2 * (1 - nu) / (2 - nu), 0.0, 1e-14);
        // linear: the dashpot that returns e for reduced mass m*
        const ContactParams q = makeContactParams(
            mixMaterials(linear(1e5, 2e4, 0.5, 0.3, 0.1), linear(1e5, 2e4, 0.5, 0.3, 0.1)), rStar, mStar);
        TUMBLE_NEAR(q.cn, 2.0 * dampingRatioFromRestitution(0.5) * std::sqrt(mStar * 1e5), 0.0, 1e-15);
        TUMBLE_NEAR(q.rollingCap, 0.1 * rStar, 0.0, 1e-15);
        TUMBLE_NEAR(q.rollingStiffness * q.kn, 2.25 * q.kn * std::pow(0.1 * rStar, 2), 0.0, 1e-14); // Ai et al.
    }

    void scaledUnitConstantsAreThePairs()
    {
        // a polydisperse scene keeps the material pair's unit constants and a PairScale per
        // candidate: scaled() must give makeContactParams' bits for every law and pair, or the
        // same spheres would move differently with and without a class table
        Material rolling = hertz(5e5, 0.3, 0.75, 0.5);
        rolling.rollingFriction = 0.1;
        const PairLaw laws[] = {
            mixMaterials(linear(1e5, 2e4, 0.5, 0.3, 0.1), linear(2e5, 3e4, 0.7, 0.5, 0.0)),
            mixMaterials(linear(1e5, 0.0, 0.9, 0.0, 0.0), linear(1e5, 0.0, 0.9, 0.0, 0.0)),
            mixMaterials(hertz(1e8, 0.3, 0.5, 0.5), hertz(7e10, 0.22, 0.8, 0.3)),
            mixMaterials(rolling, rolling),
            mixMaterials(hertz(1e8, 0.3, 1.0, 0.0), hertz(1e8, 0.3, 1.0, 0.0)),
        };
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> logU(-6.0, 1.0);
        for (const PairLaw& law : laws) {
            const ContactParams unit = makeContactParams(law, 1.0, 1.0);
            for (int trial = 0; trial < 200; ++trial) {
                const double rStar = std::pow(10.0, logU(rng)), mStar = std::pow(10.0, logU(rng));
                const ContactParams whole = makeContactParams(law, rStar, mStar);
                const ContactParams part = scaled(unit, makePairScale(law, rStar, mStar));
                const double a[] = {
                    whole.kn, whole.cn, whole.kt, whole.ct, whole.friction, whole.rollingCap, whole.rollingStiffness};
                const double b[] = {
                    part.kn, part.cn, part.kt, part.ct, part.friction, part.rollingCap, part.rollingStiffness};
                QVERIFY(std::memcmp(a, b, sizeof a) == 0);
                QCOMPARE(part.law, whole.law);
                QCOMPARE(part.hertz, whole.hertz);
                QCOMPARE(part.springs, whole.springs);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestContactLaw)
#include "TestContactLaw.moc"
