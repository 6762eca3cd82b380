#pragma once
// The ledger's split terms (EnergySample) with the column names tumble-cli writes for them:
// after CONTRACT.md's energy columns with --energy-terms, and in the summary JSON's energy rows.
#include <array>

#include "energy/EnergySample.h"

namespace tumble {

struct EnergyTerm {
    const char* name;            ///< CSV column / JSON key
    double EnergySample::*field; ///< J
};

inline constexpr std::array<EnergyTerm, 10> kEnergyTerms = {{
    {"elastic_normal", &EnergySample::elasticNormal},
    {"elastic_tangential", &EnergySample::elasticTangential},
    {"elastic_rolling", &EnergySample::elasticRolling},
    {"elastic_bond", &EnergySample::elasticBond},
    {"dissipated_dashpot", &EnergySample::dissipatedDashpot},
    {"dissipated_friction", &EnergySample::dissipatedFriction},
    {"dissipated_rolling", &EnergySample::dissipatedRolling},
    {"dissipated_local_damping", &EnergySample::dissipatedLocalDamping},
    {"dissipated_viscous", &EnergySample::dissipatedViscous},
    {"dissipated_stiffness", &EnergySample::dissipatedStiffness},
}};

} // namespace tumble
