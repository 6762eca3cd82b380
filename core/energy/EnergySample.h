#pragma once
// One row of the energy ledger (CONTRACT.md energy CSV). All energies in J, time in s.

namespace tumble {

struct EnergySample {
    long long step = 0;
    double time = 0.0;                 ///< s
    double kineticTranslational = 0.0; ///< sum 1/2 m v^2, on-step velocities, J
    double kineticRotational = 0.0;    ///< sum 1/2 w.L, J
    double potentialGravity = 0.0;     ///< -sum m g.x, J
    double elastic = 0.0;              ///< energy stored in contact springs, J
    double dissipated = 0.0;           ///< cumulative, J (>= 0 for a physical run)
    double externalWork = 0.0;         ///< cumulative work of external loads, J
    double balanceError = 0.0;         ///< total + dissipated - externalWork - total(step 0), J

    /// kinetic + potential + elastic, J
    double total() const { return kineticTranslational + kineticRotational + potentialGravity + elastic; }
};

} // namespace tumble
