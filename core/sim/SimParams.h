#pragma once
// SimParams: the run's parameters, kept apart from the state (mjModel vs mjData). Validated
// before use; changed only between steps.
#include <string>

namespace tumble {

enum class LocalDampingVariant {
    Pfc, ///< sign of the velocity the bodies hold at force evaluation (half-step for Verlet)
    Woo  ///< sign of the on-step velocity estimate (avoids locked-in forces of 2-dt oscillations)
};

struct SimParams {
    double dt = 1e-5; ///< timestep, s
    std::string translation = "velocity_verlet";
    std::string rotation = "explicit_euler";
    double localDamping = 0.0; ///< Cundall non-viscous coefficient, [0, 1)
    LocalDampingVariant localDampingVariant = LocalDampingVariant::Pfc;
    double viscousDamping = 0.0; ///< global viscous rate beta, 1/s
    double skinFraction = 0.3;   ///< neighbour-list skin / mean radius, -
    /// keep the bodies sorted along a space-filling curve (scenes of 1024 bodies or more), so
    /// neighbours are near in memory; outputs still list bodies by scene id. Sorted and unsorted
    /// runs differ in rounding only (their sums run in another order).
    bool sortBodies = true;
    /// threads that step the simulation, 1 to kMaxThreads; results do not depend on it
    int threads = 1;

    static constexpr int kMaxThreads = 4096;

    static SimParams defaults() { return {}; }

    /// Empty when valid, else a message naming the field and the problem.
    std::string validate() const;
};

/// "pfc" or "woo".
const char* toString(LocalDampingVariant v);

} // namespace tumble
