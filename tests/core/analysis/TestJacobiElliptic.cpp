// Jacobi elliptic functions and elliptic integrals against their closed forms: K(0) = pi/2,
// K(1/2) = Gamma(1/4)^2 / (4 sqrt(pi)), F(pi/2 | m) = K(m), the trigonometric (m = 0) and
// hyperbolic (m = 1) limits, the inverse relation sn(F(phi | m)) = sin(phi), the quarter-period
// values, the identities, d sn / du = cn dn, and the period 4K far from the origin.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "../TestHelpers.h"
#include "analysis/JacobiElliptic.h"

using namespace tumble;

class TestJacobiElliptic : public QObject {
    Q_OBJECT
private slots:
    void completeIntegral()
    {
        const double pi = std::numbers::pi;
        TUMBLE_NEAR(ellipticK(0.0), pi / 2.0, 0.0, 1e-15);
        TUMBLE_NEAR(ellipticK(0.5), std::pow(std::tgamma(0.25), 2) / (4.0 * std::sqrt(pi)), 0.0, 1e-14);
        // K = L + k'^2 / 4 (L - 1) + O(k'^4 L), L = ln(4 / k'), as m = 1 - k'^2 -> 1 (A&S 17.3.26);
        // k' = 1e-3 puts the remainder near 1e-12 and m's rounding at 1e-10 relative
        const double kc = 1e-3, big = std::log(4.0 / kc);
        TUMBLE_NEAR(ellipticK(1.0 - kc * kc), big + kc * kc / 4.0 * (big - 1.0), 0.0, 1e-10);
        QVERIFY(std::isinf(ellipticK(1.0)));
    }

    void incompleteIntegral()
    {
        for (double m : {0.0, 0.1, 0.5, 0.9, 0.999999}) {
            TUMBLE_NEAR(ellipticF(std::numbers::pi / 2.0, m), ellipticK(m), 0.0, 1e-14);
            // F(phi + pi) = F(phi) + 2K and F is odd
            TUMBLE_NEAR(ellipticF(0.7 + std::numbers::pi, m), ellipticF(0.7, m) + 2.0 * ellipticK(m), 0.0, 1e-14);
            TUMBLE_NEAR(ellipticF(-0.7, m), -ellipticF(0.7, m), 0.0, 1e-15);
        }
        for (double phi : {0.1, 0.7, 1.3, 2.9}) {
            TUMBLE_NEAR(ellipticF(phi, 0.0), phi, 0.0, 1e-15);
        }
        for (double phi : {0.1, 0.7, 1.3})
            TUMBLE_NEAR(ellipticF(phi, 1.0), std::atanh(std::sin(phi)), 0.0, 1e-14);
    }

    void inverseOfTheIntegral()
    {
        // u = F(phi | m) means sn u = sin phi, cn u = cos phi, dn u = sqrt(1 - m sin^2 phi)
        for (double m : {0.01, 0.3, 0.5, 0.8, 0.99, 0.99999999})
            for (double phi : {-2.5, -0.4, 0.3, 1.0, 1.5, 2.2, 3.0, 7.0}) {
                const JacobiSnCnDn e = jacobiSnCnDn(ellipticF(phi, m), m);
                TUMBLE_NEAR(e.sn, std::sin(phi), 2e-14, 0.0);
                TUMBLE_NEAR(e.cn, std::cos(phi), 2e-14, 0.0);
                TUMBLE_NEAR(e.dn, std::sqrt(1.0 - m * std::sin(phi) * std::sin(phi)), 2e-14, 0.0);
            }
    }

    void limitsAndQuarterPeriod()
    {
        for (double u : {-3.0, 0.2, 1.7, 12.0}) {
            const JacobiSnCnDn a = jacobiSnCnDn(u, 0.0);
            TUMBLE_NEAR(a.sn, std::sin(u), 1e-15, 0.0);
            TUMBLE_NEAR(a.cn, std::cos(u), 1e-15, 0.0);
            TUMBLE_NEAR(a.dn, 1.0, 1e-15, 0.0);
            const JacobiSnCnDn h = jacobiSnCnDn(u, 1.0);
            TUMBLE_NEAR(h.sn, std::tanh(u), 1e-15, 0.0);
            TUMBLE_NEAR(h.cn, 1.0 / std::cosh(u), 1e-15, 0.0);
            TUMBLE_NEAR(h.dn, 1.0 / std::cosh(u), 1e-15, 0.0);
        }
        for (double m : {0.2, 0.7, 0.95}) {
            const JacobiSnCnDn q = jacobiSnCnDn(ellipticK(m), m);
            TUMBLE_NEAR(q.sn, 1.0, 1e-14, 0.0);
            TUMBLE_NEAR(q.cn, 0.0, 1e-14, 0.0);
            TUMBLE_NEAR(q.dn, std::sqrt(1.0 - m), 1e-14, 0.0);
        }
    }

    void identitiesDerivativeAndPeriod()
    {
        for (double m : {0.05, 0.5, 0.9, 0.999}) {
            const double k4 = 4.0 * ellipticK(m);
            for (double u : {-1.1, 0.4, 2.3, 5.0}) {
                const JacobiSnCnDn e = jacobiSnCnDn(u, m);
                TUMBLE_NEAR(e.sn * e.sn + e.cn * e.cn, 1.0, 1e-15, 0.0);
                TUMBLE_NEAR(e.dn * e.dn + m * e.sn * e.sn, 1.0, 1e-15, 0.0);
                // central difference, truncation h^2/6 |sn'''| <= 1e-11 for h = 1e-5
                const double h = 1e-5;
                const double d = (jacobiSnCnDn(u + h, m).sn - jacobiSnCnDn(u - h, m).sn) / (2.0 * h);
                TUMBLE_NEAR(d, e.cn * e.dn, 1e-9, 0.0);
                // a thousand periods on (the argument is 4K * 1000 larger; rounding of u is 1e-13)
                const JacobiSnCnDn far = jacobiSnCnDn(u + 1000.0 * k4, m);
                TUMBLE_NEAR(far.sn, e.sn, 1e-11, 0.0);
                TUMBLE_NEAR(far.cn, e.cn, 1e-11, 0.0);
                TUMBLE_NEAR(far.dn, e.dn, 1e-11, 0.0);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestJacobiElliptic)
#include "TestJacobiElliptic.moc"
