// The table of energy terms (energy/EnergyTerms.h): ids are rows, names and labels are unique,
// the sums the ledger stores are its parts added in the order the CSV always had (bit for bit),
// the total is kinetic + potential + elastic, the remainder rows are the aggregate minus its parts
// (zero when only rounding is left), and the stacked plot's order puts gravity at the bottom and
// the terms that may be negative on top.
#include <QtTest>

#include <cmath>
#include <set>
#include <string>

#include "energy/EnergyTerms.h"

using namespace tumble;
namespace t = tumble::energy_term;

namespace {

EnergySample awkward()
{
    EnergySample e;
    e.kineticTranslational = 0.1;
    e.kineticRotational = 0.2;
    e.potentialGravity = 1.0 / 3.0;
    e.elasticNormal = 1e-17;
    e.elasticTangential = 0.7;
    e.elasticRolling = 1e16;
    e.elasticBondNormal = -1e16;
    e.elasticBondShear = 3e-5;
    e.elasticBondTwist = 1.0 / 11.0;
    e.elasticBondBend = 2e-8;
    e.elasticBond = ((e.elasticBondNormal + e.elasticBondShear) + e.elasticBondTwist) + e.elasticBondBend;
    e.dissipatedDashpot = 0.3;
    e.dissipatedFriction = 1.0 / 7.0;
    e.dissipatedRolling = 1e-300;
    e.dissipatedLocalDamping = 5.5;
    e.dissipatedViscous = 2.0 / 3.0;
    e.dissipatedStiffness = -0.25;
    e.dissipatedBondBreaking = 1.0 / 9.0;
    return e;
}

} // namespace

class TestEnergyTerms : public QObject {
    Q_OBJECT
private slots:
    void rowsAreTheirIdsAndNamesAreUnique()
    {
        std::set<std::string> names, labels;
        for (std::size_t i = 0; i < kEnergyTerms.size(); ++i) {
            const EnergyTerm& row = kEnergyTerms[i];
            QCOMPARE(int(row.id), int(i));
            QVERIFY2(names.insert(row.name).second, row.name);
            QVERIFY2(labels.insert(row.label).second, row.label);
            // a stored term has its field; a computed one has none
            const bool stored = row.rule == EnergyRule::Field || row.rule == EnergyRule::Sum;
            QCOMPARE(row.field != nullptr, stored);
            // what a file holds is stored or the total
            if (row.column != EnergyColumn::None)
                QVERIFY(stored || row.rule == EnergyRule::Total);
            // a part is a stored field of a group that has a sum
            if (row.part) {
                QCOMPARE(row.rule, EnergyRule::Field);
                bool hasSum = false;
                for (const EnergyTerm& s : kEnergyTerms)
                    hasSum = hasSum || (s.group == row.group && s.rule == EnergyRule::Sum);
                QVERIFY2(hasSum, row.name);
            }
        }
        QCOMPARE(std::string(energyTerm(t::DissipatedOther).label), std::string("dissipated: other"));
    }

    void sumsAreThePartsInTheirOldOrder()
    {
        const EnergySample e = awkward();
        // the expressions the ledger and EnergySample::total() used before the table, to the bit,
        // with the bonds' four modes (issue 19) and bond breaking added last: a run without bonds
        // adds zeros, which leave every bit as it was
        const double elastic = e.elasticNormal + e.elasticTangential + e.elasticRolling + e.elasticBondNormal +
                               e.elasticBondShear + e.elasticBondTwist + e.elasticBondBend;
        const double dissipated = e.dissipatedDashpot + e.dissipatedFriction + e.dissipatedRolling +
                                  e.dissipatedLocalDamping + e.dissipatedViscous + e.dissipatedStiffness +
                                  e.dissipatedBondBreaking;
        QCOMPARE(energyPartsSum(e, EnergyGroup::Elastic), elastic);
        QCOMPARE(energyPartsSum(e, EnergyGroup::Dissipated), dissipated);
        EnergySample noBonds = e;
        noBonds.elasticBondNormal = noBonds.elasticBondShear = noBonds.elasticBondTwist = noBonds.elasticBondBend = 0.0;
        noBonds.dissipatedBondBreaking = 0.0;
        const double oldElastic = e.elasticNormal + e.elasticTangential + e.elasticRolling + 0.0;
        QVERIFY(energyPartsSum(noBonds, EnergyGroup::Elastic) == oldElastic);
        EnergySample s = e;
        s.elastic = elastic;
        const double total = s.kineticTranslational + s.kineticRotational + s.potentialGravity + s.elastic;
        QCOMPARE(s.total(), total);
        QCOMPARE(energyTermValue(s, t::Total), total);
        QCOMPARE(energyGroupValue(s, EnergyGroup::Kinetic), s.kineticTranslational + s.kineticRotational);
        QCOMPARE(energyGroupValue(s, EnergyGroup::Total), total);
        // a lone negative zero stays one (the sum starts from the first part, not from +0.0)
        EnergySample z;
        z.elasticNormal = -0.0;
        z.elasticTangential = -0.0;
        z.elasticRolling = -0.0;
        z.elasticBondNormal = -0.0;
        z.elasticBondShear = -0.0;
        z.elasticBondTwist = -0.0;
        z.elasticBondBend = -0.0;
        QVERIFY(std::signbit(energyPartsSum(z, EnergyGroup::Elastic)));
    }

    void remainderIsTheAggregateMinusItsParts()
    {
        EnergySample e = awkward();
        e.elastic = e.elasticParts();
        e.dissipated = e.dissipatedParts();
        // parts that add up to the aggregate: nothing left
        QCOMPARE(energyTermValue(e, t::ElasticOther), 0.0);
        QCOMPARE(energyTermValue(e, t::DissipatedOther), 0.0);
        // a ledger that books only the sum: all of it is "other"
        EnergySample u;
        u.elastic = 2.5;
        u.dissipated = 0.75;
        QCOMPARE(energyTermValue(u, t::ElasticOther), 2.5);
        QCOMPARE(energyTermValue(u, t::DissipatedOther), 0.75);
        // part of it booked: the rest
        u.dissipatedDashpot = 0.5;
        QCOMPARE(energyTermValue(u, t::DissipatedOther), 0.25);
        // rounding of the sum is not a term
        u.dissipated = 0.5 * (1.0 + 1e-15);
        QCOMPARE(energyTermValue(u, t::DissipatedOther), 0.0);
    }

    void contractColumnsInContractOrder()
    {
        std::string header = "step,time";
        for (const EnergyTerm& row : kEnergyTerms)
            if (row.column == EnergyColumn::Contract)
                header += std::string(",") + row.name;
        QCOMPARE(QString::fromStdString(header),
                 QStringLiteral("step,time,kinetic_translational,kinetic_rotational,potential_gravity,elastic,"
                                "dissipated,external_work,total,balance_error"));
    }

    void stackingOrder()
    {
        // base first, bands in table order, the terms that may be negative last
        std::vector<EnergyTermId> order;
        for (EnergyStack s : {EnergyStack::Base, EnergyStack::Band, EnergyStack::Top})
            for (const EnergyTerm& row : kEnergyTerms)
                if (row.stack == s)
                    order.push_back(row.id);
        QCOMPARE(order.front(), t::GravityPotential);
        QCOMPARE(order.back(), t::DissipatedStiffness);
        // every plotted term but the total and the external work is a band; nothing else is
        for (const EnergyTerm& row : kEnergyTerms)
            QCOMPARE(row.stack != EnergyStack::None,
                     row.plotted && row.group != EnergyGroup::Total && row.group != EnergyGroup::External);
    }
};

QTEST_GUILESS_MAIN(TestEnergyTerms)
#include "TestEnergyTerms.moc"
