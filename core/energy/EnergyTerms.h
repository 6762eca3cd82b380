#pragma once
// The one table of energy terms (DESIGN.md, "The step's force stages"): every term of the ledger
// with its id, the label and colour the plots show, the CSV column / JSON key tumble-cli writes,
// its group, and how its value comes from an EnergySample. The ledger's sums, the energy CSV
// writer, the summary JSON and every plot read this table; none keeps a list of its own.
//
// A new force source adds its terms here: a field in EnergySample that the ledger books, an id
// below and a row in kEnergyTerms. The row says everything else: whether it is a CONTRACT.md
// column or a split column (written after them with --ledger-csv), whether its group's sum
// counts it, how the stacked plot piles it, its label and colour.
//
// Rows are in table order, which fixes every order derived from it:
//   - the contract's energy CSV columns: the rows marked Contract, in table order (CONTRACT.md's
//     header exactly, checked by core.EnergyCsvWriter);
//   - the split columns: the rows marked Split, in table order;
//   - the sums, which the ledger stores (elastic, dissipated) or computes (total): the group's
//     Part rows (or the InTotal rows) added in table order, the first one first, so the bits
//     are those of `a + b + c + d`;
//   - the plots' legend: the total first, then the plotted rows in table order;
//   - the stacked plot's bands, bottom up: the Base row (gravity, measured from its lowest
//     value in the run), the Band rows in table order, then the Top rows (terms that may be
//     negative, so every band below them is >= 0).
// The remainder rows ("other") are the group's stored sum minus its parts: zero while the
// ledger fills every part, and what a ledger that books only the sum would show.
#include <array>
#include <cstdint>

#include "energy/EnergySample.h"

namespace tumble {

/// What a term is part of.
enum class EnergyGroup { Kinetic, Potential, Elastic, Dissipated, External, Total, Balance };

/// How a term's value comes from an EnergySample.
enum class EnergyRule {
    Field,     ///< the stored field
    Sum,       ///< the stored field, which the ledger sets to its group's Part rows added up
    Remainder, ///< its group's Sum row minus the group's Part rows (rounding, < 1e-12 relative, is 0)
    Total,     ///< the InTotal rows added up (computed, not stored)
};

/// Which energy CSV / summary JSON columns a term is.
enum class EnergyColumn {
    None,     ///< not written (derived for the plots only)
    Contract, ///< one of CONTRACT.md's energy CSV columns
    Split,    ///< a split column, after the contract's (--ledger-csv; the summary JSON's rows)
};

/// How the stacked plot piles a term.
enum class EnergyStack {
    None, ///< not stacked (a line of its own, or not plotted)
    Base, ///< the bottom band, measured from its lowest value in the run
    Band, ///< a band, in table order
    Top,  ///< may be negative: stacked after every Band row
};

/// Ids of the terms: the index of their row in kEnergyTerms. Unscoped (an id indexes arrays),
/// in a namespace of their own so that their names stay out of tumble's.
namespace energy_term {
enum Id : int {
    KineticTranslational,
    KineticRotational,
    GravityPotential,
    Elastic,
    ElasticNormal,
    ElasticTangential,
    ElasticRolling,
    ElasticBond,
    ElasticBondNormal,
    ElasticBondShear,
    ElasticBondTwist,
    ElasticBondBend,
    ElasticOther,
    Dissipated,
    DissipatedDashpot,
    DissipatedFriction,
    DissipatedRolling,
    DissipatedLocalDamping,
    DissipatedViscous,
    DissipatedStiffness,
    DissipatedBondBreaking,
    DissipatedOther,
    ExternalWork,
    Total,
    BalanceError,
    Count
};
} // namespace energy_term
using EnergyTermId = energy_term::Id;

struct EnergyTerm {
    EnergyTermId id;
    const char* name;         ///< CSV column and JSON key
    const char* label;        ///< as the plots show it
    const char* stackedLabel; ///< its band's label in the stacked plot; nullptr: label
    std::uint32_t rgb;        ///< colour hint, 0xRRGGBB
    EnergyGroup group;
    EnergyRule rule;
    double EnergySample::*field; ///< Field and Sum rows: the stored value, J; else nullptr
    EnergyColumn column;
    bool part;    ///< counted in its group's Sum row
    bool inTotal; ///< counted in the total mechanical energy
    bool plotted; ///< a curve of the energy plot
    EnergyStack stack;
};

namespace energy_term_detail {
using G = EnergyGroup;
using R = EnergyRule;
using C = EnergyColumn;
using S = EnergyStack;
using E = EnergySample;
namespace t = energy_term;
} // namespace energy_term_detail

// kinetic blues, potential green, elastic oranges, dissipated reds and browns; the bond modes
// in hues of their own (orange-red, purple, teal, magenta), as the 3D view draws bonds
inline constexpr std::array<EnergyTerm, energy_term::Count> kEnergyTerms = [] {
    using namespace energy_term_detail;
    // clang-format off
    return std::array<EnergyTerm, t::Count>{{
    // id                        name                        label                        stacked label            colour    group         rule          field                        column      part   total  plotted stack
    {t::KineticTranslational,   "kinetic_translational",    "kinetic (transl.)",         nullptr,                 0x1f77b4, G::Kinetic,   R::Field,     &E::kineticTranslational,    C::Contract, false, true,  true,  S::Band},
    {t::KineticRotational,      "kinetic_rotational",       "kinetic (rot.)",            nullptr,                 0x17becf, G::Kinetic,   R::Field,     &E::kineticRotational,       C::Contract, false, true,  true,  S::Band},
    {t::GravityPotential,       "potential_gravity",        "gravity potential",         "gravity pot. above min",0x2ca02c, G::Potential, R::Field,     &E::potentialGravity,        C::Contract, false, true,  true,  S::Base},
    {t::Elastic,                "elastic",                  "elastic",                   nullptr,                 0xff7f0e, G::Elastic,   R::Sum,       &E::elastic,                 C::Contract, false, true,  false, S::None},
    {t::ElasticNormal,          "elastic_normal",           "elastic: normal",           nullptr,                 0xff7f0e, G::Elastic,   R::Field,     &E::elasticNormal,           C::Split,    true,  false, true,  S::Band},
    {t::ElasticTangential,      "elastic_tangential",       "elastic: tangential",       nullptr,                 0xfdb462, G::Elastic,   R::Field,     &E::elasticTangential,       C::Split,    true,  false, true,  S::Band},
    {t::ElasticRolling,         "elastic_rolling",          "elastic: rolling",          nullptr,                 0xbe5000, G::Elastic,   R::Field,     &E::elasticRolling,          C::Split,    true,  false, true,  S::Band},
    {t::ElasticBond,            "elastic_bond",             "elastic: bonds",            nullptr,                 0xe6af1e, G::Elastic,   R::Field,     &E::elasticBond,             C::Split,    false, false, false, S::None},
    {t::ElasticBondNormal,      "elastic_bond_normal",      "elastic: bond normal",      nullptr,                 0xd94801, G::Elastic,   R::Field,     &E::elasticBondNormal,       C::Split,    true,  false, true,  S::Band},
    {t::ElasticBondShear,       "elastic_bond_shear",       "elastic: bond shear",       nullptr,                 0x8c6bb1, G::Elastic,   R::Field,     &E::elasticBondShear,        C::Split,    true,  false, true,  S::Band},
    {t::ElasticBondTwist,       "elastic_bond_twist",       "elastic: bond twist",       nullptr,                 0x1b9e77, G::Elastic,   R::Field,     &E::elasticBondTwist,        C::Split,    true,  false, true,  S::Band},
    {t::ElasticBondBend,        "elastic_bond_bend",        "elastic: bond bend",        nullptr,                 0xe7298a, G::Elastic,   R::Field,     &E::elasticBondBend,         C::Split,    true,  false, true,  S::Band},
    {t::ElasticOther,           "elastic_other",            "elastic: other",            nullptr,                 0xf58c32, G::Elastic,   R::Remainder, nullptr,                     C::None,     false, false, true,  S::Band},
    {t::Dissipated,             "dissipated",               "dissipated",                nullptr,                 0xd62728, G::Dissipated,R::Sum,       &E::dissipated,              C::Contract, false, false, false, S::None},
    {t::DissipatedDashpot,      "dissipated_dashpot",       "dissipated: dashpot",       nullptr,                 0xd62728, G::Dissipated,R::Field,     &E::dissipatedDashpot,       C::Split,    true,  false, true,  S::Band},
    {t::DissipatedFriction,     "dissipated_friction",      "dissipated: friction",      nullptr,                 0x8c564b, G::Dissipated,R::Field,     &E::dissipatedFriction,      C::Split,    true,  false, true,  S::Band},
    {t::DissipatedRolling,      "dissipated_rolling",       "dissipated: rolling",       nullptr,                 0x7d1423, G::Dissipated,R::Field,     &E::dissipatedRolling,       C::Split,    true,  false, true,  S::Band},
    {t::DissipatedLocalDamping, "dissipated_local_damping", "dissipated: local damping", nullptr,                 0xf07864, G::Dissipated,R::Field,     &E::dissipatedLocalDamping,  C::Split,    true,  false, true,  S::Band},
    {t::DissipatedViscous,      "dissipated_viscous",       "dissipated: viscous",       nullptr,                 0xbe875f, G::Dissipated,R::Field,     &E::dissipatedViscous,       C::Split,    true,  false, true,  S::Band},
    {t::DissipatedStiffness,    "dissipated_stiffness",     "dissipated: stiffness",     nullptr,                 0x553228, G::Dissipated,R::Field,     &E::dissipatedStiffness,     C::Split,    true,  false, true,  S::Top},
    {t::DissipatedBondBreaking, "dissipated_bond_breaking", "dissipated: bond breaking", nullptr,                 0x9c1e5a, G::Dissipated,R::Field,     &E::dissipatedBondBreaking,  C::Split,    true,  false, true,  S::Band},
    {t::DissipatedOther,        "dissipated_other",         "dissipated: other",         nullptr,                 0xc83c32, G::Dissipated,R::Remainder, nullptr,                     C::None,     false, false, true,  S::Band},
    {t::ExternalWork,           "external_work",            "external work",             nullptr,                 0x9467bd, G::External,  R::Field,     &E::externalWork,            C::Contract, false, false, true,  S::None},
    {t::Total,                  "total",                    "total (mechanical)",        nullptr,                 0x141414, G::Total,     R::Total,     nullptr,                     C::Contract, false, false, true,  S::None},
    {t::BalanceError,           "balance_error",            "balance error",             nullptr,                 0x6a3d9a, G::Balance,   R::Field,     &E::balanceError,            C::Contract, false, false, false, S::None},
    }};
    // clang-format on
}();

namespace energy_term_detail {
constexpr bool idsAreRows()
{
    for (std::size_t i = 0; i < kEnergyTerms.size(); ++i)
        if (kEnergyTerms[i].id != EnergyTermId(i))
            return false;
    return true;
}
static_assert(idsAreRows(), "kEnergyTerms: row i must have id i");
} // namespace energy_term_detail

/// The row of a term.
inline const EnergyTerm& energyTerm(EnergyTermId id)
{
    return kEnergyTerms[std::size_t(id)];
}

/// The Part rows of a group added up in table order, J (what the ledger stores in its Sum row).
double energyPartsSum(const EnergySample& sample, EnergyGroup group);
/// The InTotal rows added up in table order: the total mechanical energy, J.
double energyTotal(const EnergySample& sample);
/// A term's value in a sample, J (a Remainder row: its group's stored sum minus the parts, 0
/// when that is rounding).
double energyTermValue(const EnergySample& sample, EnergyTermId id);
/// A group's energy, J: its Sum row when it has one (the total for Total), else its rows added
/// up in table order.
double energyGroupValue(const EnergySample& sample, EnergyGroup group);

} // namespace tumble
