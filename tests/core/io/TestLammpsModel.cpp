// Tumble's contact laws in LAMMPS's words (io/LammpsModel.h): the tsuji input solves Tsuji's
// polynomial for Tumble's dashpot coefficient, the Hertz modulus is given so that LAMMPS's
// mixing rule (pairs) or its wall rule returns Tumble's E*, and what does not map is noted. The
// mapped runs themselves are checked against LAMMPS in app.ExportLammps.
#include <QtTest>

#include <cmath>
#include <sstream>

#include "contact/ContactLaw.h"
#include "io/LammpsModel.h"

using namespace tumble;

namespace {

std::vector<std::string> words(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

// the number after `key` in the words (NaN when absent)
double after(const std::vector<std::string>& w, const std::string& key, int offset = 1)
{
    for (std::size_t k = 0; k + offset < w.size(); ++k)
        if (w[k] == key)
            return std::stod(w[k + offset]);
    return std::nan("");
}

Material material(ContactModelKind model, double e, double mu, double muRoll, FrictionLimit limit)
{
    Material m;
    m.model = model;
    m.kn = 2e5;
    m.kt = 5e4;
    m.young = 3e7;
    m.poisson = 0.25;
    m.restitution = e;
    m.friction = mu;
    m.rollingFriction = muRoll;
    m.frictionLimit = limit;
    return m;
}

} // namespace

class TestLammpsModel : public QObject {
    Q_OBJECT
private slots:
    void tsujiInputInvertsThePolynomial()
    {
        for (double e = 0.05; e <= 1.0; e += 0.05) {
            const double c = tsujiPolynomial(e);
            QVERIFY(std::abs(tsujiInputFor(c) - e) < 1e-12);
        }
        // the polynomial's range is [P(1), P(0)]: a stronger dashpot has no input
        QVERIFY(std::isnan(tsujiInputFor(1.3)));
        QVERIFY(std::isnan(tsujiInputFor(-0.1)));
    }

    void linearLaw()
    {
        const Material m = material(ContactModelKind::Linear, 0.5, 0.4, 0.1, FrictionLimit::Total);
        const PairLaw law = mixMaterials(m, m);
        const LammpsGranularModel model = lammpsGranularModel(law, false, 0.01, 1e-4);
        const auto w = words(model.text);
        QCOMPARE(w[0], std::string("hooke"));
        QCOMPARE(after(w, "hooke"), 2e5);
        // P(e_in) is Tumble's 2 zeta
        QVERIFY(std::abs(tsujiPolynomial(after(w, "hooke", 2)) - 2.0 * dampingRatioFromRestitution(0.5)) < 1e-12);
        QCOMPARE(w[3], std::string("damping"));
        QCOMPARE(w[4], std::string("tsuji"));
        QCOMPARE(after(w, "linear_history"), 5e4);
        QCOMPARE(after(w, "linear_history", 2), 0.0);
        QCOMPARE(after(w, "linear_history", 3), 0.4);
        // rolling: k R*^2 = 2.25 kn (mu_r R*)^2
        QVERIFY(std::abs(after(w, "sds") - 2.25 * 2e5 * 0.01) < 1e-9);
        QCOMPARE(after(w, "sds", 3), 0.1);
        QVERIFY(model.notes.empty()); // total cap, linear rolling: exact
    }

    void elasticRestitutionHasNoDashpot()
    {
        const Material m = material(ContactModelKind::Linear, 1.0, 0.0, 0.0, FrictionLimit::Elastic);
        const auto w = words(lammpsGranularModel(mixMaterials(m, m), false, 0.01, 1e-4).text);
        QCOMPARE(after(w, "hooke", 2), 0.0);
        QCOMPARE(w[4], std::string("velocity"));
    }

    void hertzLaw()
    {
        const Material m = material(ContactModelKind::HertzMindlin, 0.5, 0.3, 0.05, FrictionLimit::Elastic);
        const PairLaw law = mixMaterials(m, m);
        for (bool wall : {false, true}) {
            const LammpsGranularModel model = lammpsGranularModel(law, wall, 0.01, 1e-4);
            const auto w = words(model.text);
            QCOMPARE(w[0], std::string("hertz/material"));
            const double e = after(w, "hertz/material"), nu = after(w, "hertz/material", 3);
            // LAMMPS's E* from E and nu: pairs E / (2 (1 - nu^2)), walls E / (2 (1 - nu))
            const double eStar = wall ? e / (2.0 * (1.0 - nu)) : e / (2.0 * (1.0 - nu * nu));
            QVERIFY(std::abs(eStar - law.youngStar) < 1e-12 * law.youngStar);
            QVERIFY(std::abs(tsujiPolynomial(after(w, "hertz/material", 2)) - law.alpha) < 1e-12);
            QVERIFY(std::abs(after(w, "mindlin") - 8.0 * law.shearStar) < 1e-9 * law.shearStar);
            QVERIFY(std::abs(after(w, "mindlin", 2) - 2.0 * std::sqrt(law.shearStar / law.youngStar)) < 1e-15);
            // rolling at the reference pair: 2.25 mu_r^2 (2 E* sqrt(R* d))
            const double kn = 2.0 * law.youngStar * std::sqrt(0.01 * 1e-4);
            QVERIFY(std::abs(after(w, "sds") - 2.25 * 0.05 * 0.05 * kn) < 1e-12 * kn);
            // noted: the elastic cap, Hertz rolling at one reference, Mindlin at the limit
            QCOMPARE(model.notes.size(), std::size_t(3));
        }
    }
};

QTEST_APPLESS_MAIN(TestLammpsModel)
#include "TestLammpsModel.moc"
