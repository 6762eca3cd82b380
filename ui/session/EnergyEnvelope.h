#pragma once
// EnergyEnvelope: the lowest and highest value of every plotted energy quantity over the steps
// one energy sample stands for (every step since the previous sample, its own included): an
// oscilloscope's peak detect, so a plot of samples taken every K steps still shows the run's
// extremes, and a fast oscillation is not aliased into a slow beat that is not in the physics.
//
// Design note. Each plotted quantity is tracked itself, never composed from others' ranges (the
// lowest of a sum is not the sum of the lowest): every row of the table of energy terms
// (energyTermValue, derived rows such as the total and the balance error included), every
// group (energyGroupValue: a compare lane's term panel) and total + dissipated (the compare
// lanes' drift), each computed by the same function the plots use on the sample, so a sample's
// own value lies in its range bit for bit. An empty envelope (the default) has every range
// inverted (+inf, -inf): widening it by a value gives exactly that value.
#include <algorithm>
#include <array>
#include <limits>

#include "energy/EnergyTerms.h"

namespace tumble::ui {

/// A closed range of values, J; empty when min > max.
struct EnergyRange {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();

    bool empty() const { return min > max; }
    bool contains(double v) const { return min <= v && v <= max; }
    void add(double v)
    {
        min = std::min(min, v);
        max = std::max(max, v);
    }
    void add(const EnergyRange& o)
    {
        min = std::min(min, o.min);
        max = std::max(max, o.max);
    }
};

/// The groups of EnergyGroup, for arrays indexed by int(group).
inline constexpr int kEnergyGroupCount = int(EnergyGroup::Balance) + 1;

struct EnergyEnvelope {
    /// Steps the sample stands for: since the previous sample (0: the run's first sample, or a
    /// state that owed several samples of a shared grid at once).
    long long steps = 0;
    double dt = 0.0;                                     ///< s, the timestep of the last of those steps
    std::array<EnergyRange, energy_term::Count> terms{}; ///< per row of kEnergyTerms (energyTermValue), J
    std::array<EnergyRange, kEnergyGroupCount> groups{}; ///< per group (energyGroupValue), J
    EnergyRange totalPlusDissipated;                     ///< e.total() + e.dissipated, J

    bool empty() const { return totalPlusDissipated.empty(); }
    const EnergyRange& term(EnergyTermId id) const { return terms[std::size_t(id)]; }
    const EnergyRange& group(EnergyGroup g) const { return groups[std::size_t(g)]; }

    /// Widens every range to e's values (without counting a step). Runs every step: the total
    /// is added up once, and stored rows are read directly (what energyTermValue and
    /// energyGroupValue return for them, the same bits).
    void widen(const EnergySample& e)
    {
        const double total = energyTotal(e);
        for (const EnergyTerm& t : kEnergyTerms) {
            const double v = t.rule == EnergyRule::Field || t.rule == EnergyRule::Sum ? e.*t.field
                             : t.rule == EnergyRule::Total                            ? total
                                                                                      : energyTermValue(e, t.id);
            terms[std::size_t(t.id)].add(v);
        }
        for (int g = 0; g < kEnergyGroupCount; ++g)
            groups[std::size_t(g)].add(EnergyGroup(g) == EnergyGroup::Total ? total
                                                                            : energyGroupValue(e, EnergyGroup(g)));
        totalPlusDissipated.add(total + e.dissipated);
    }
    /// One more step, whose end state is e, taken with timestep dtStep (s).
    void addStep(const EnergySample& e, double dtStep)
    {
        widen(e);
        ++steps;
        dt = dtStep;
    }
    /// A later interval appended to this one: the ranges widened, the steps added up.
    void merge(const EnergyEnvelope& later)
    {
        for (std::size_t k = 0; k < terms.size(); ++k)
            terms[k].add(later.terms[k]);
        for (std::size_t g = 0; g < groups.size(); ++g)
            groups[g].add(later.groups[g]);
        totalPlusDissipated.add(later.totalPlusDissipated);
        steps += later.steps;
        dt = later.dt;
    }
    /// The envelope of one state that no step led to (steps 0): every range is its value.
    static EnergyEnvelope of(const EnergySample& e, double dtStep)
    {
        EnergyEnvelope out;
        out.widen(e);
        out.dt = dtStep;
        return out;
    }
};

} // namespace tumble::ui
