#include "energy/EnergyTerms.h"

#include <cmath>

namespace tumble {

namespace {

// an aggregate minus its parts smaller than this fraction of their magnitude is rounding
constexpr double kRoundoff = 1e-12;

// adds the rows that pred picks, in table order, starting from the first (not from 0.0, so a
// lone -0.0 stays -0.0 and the bits are those of a + b + c)
template <class Pred> double sumRows(const EnergySample& s, Pred pred)
{
    bool first = true;
    double acc = 0.0;
    for (const EnergyTerm& t : kEnergyTerms) {
        if (!pred(t))
            continue;
        const double v = t.rule == EnergyRule::Field || t.rule == EnergyRule::Sum ? s.*t.field : energyTotal(s);
        acc = first ? v : acc + v;
        first = false;
    }
    return acc;
}

const EnergyTerm* sumRowOf(EnergyGroup group)
{
    for (const EnergyTerm& t : kEnergyTerms)
        if (t.group == group && t.rule == EnergyRule::Sum)
            return &t;
    return nullptr;
}

} // namespace

double energyPartsSum(const EnergySample& s, EnergyGroup group)
{
    return sumRows(s, [group](const EnergyTerm& t) { return t.part && t.group == group; });
}

double energyTotal(const EnergySample& s)
{
    return sumRows(s, [](const EnergyTerm& t) { return t.inTotal; });
}

double energyTermValue(const EnergySample& s, EnergyTermId id)
{
    const EnergyTerm& t = energyTerm(id);
    switch (t.rule) {
    case EnergyRule::Field:
    case EnergyRule::Sum:
        return s.*t.field;
    case EnergyRule::Total:
        return energyTotal(s);
    case EnergyRule::Remainder: {
        const EnergyTerm* sum = sumRowOf(t.group);
        if (!sum)
            return 0.0;
        const double aggregate = s.*sum->field;
        double parts = 0.0, scale = std::abs(aggregate);
        for (const EnergyTerm& p : kEnergyTerms)
            if (p.part && p.group == t.group) {
                parts += s.*p.field;
                scale += std::abs(s.*p.field);
            }
        const double r = aggregate - parts;
        return std::abs(r) <= kRoundoff * scale ? 0.0 : r;
    }
    }
    return 0.0;
}

double energyGroupValue(const EnergySample& s, EnergyGroup group)
{
    if (group == EnergyGroup::Total)
        return energyTotal(s);
    if (const EnergyTerm* sum = sumRowOf(group))
        return s.*sum->field;
    return sumRows(s, [group](const EnergyTerm& t) { return t.group == group && t.rule == EnergyRule::Field; });
}

double EnergySample::total() const
{
    return energyTotal(*this);
}
double EnergySample::elasticParts() const
{
    return energyPartsSum(*this, EnergyGroup::Elastic);
}
double EnergySample::dissipatedParts() const
{
    return energyPartsSum(*this, EnergyGroup::Dissipated);
}

} // namespace tumble
