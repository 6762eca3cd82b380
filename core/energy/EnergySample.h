#pragma once
// One row of the energy ledger (CONTRACT.md energy CSV) with every term split by mechanism.
// All energies in J, time in s.
//
// elastic and dissipated are the CSV columns; the ledger sets them to the sums of their split
// terms. Which field is which term, its CSV name, label and colour, and how the sums are formed:
// the one table of energy terms, kEnergyTerms (EnergyTerms.h).

namespace tumble {

struct EnergySample {
    long long step = 0;
    double time = 0.0;                 ///< s
    double kineticTranslational = 0.0; ///< sum 1/2 m v^2, on-step velocities, J
    double kineticRotational = 0.0;    ///< sum 1/2 w.L, J
    double potentialGravity = 0.0;     ///< -sum m g.x, J

    // energy stored in springs, J
    double elasticNormal = 0.0;     ///< normal contact springs (linear 1/2 kn d^2, Hertz 2/5 kh d^(5/2))
    double elasticTangential = 0.0; ///< tangential (shear) springs, 1/2 kt |us|^2
    double elasticRolling = 0.0;    ///< rolling-resistance springs, 1/2 kr |theta_r|^2
    double elasticBondNormal = 0.0; ///< bonds' normal mode, 1/2 kn (l - L0)^2 (bond/BondLoads.h)
    double elasticBondShear = 0.0;  ///< bonds' shear, 1/2 ks |u|^2
    double elasticBondTwist = 0.0;  ///< bonds' twist, 1/2 kt psi^2
    double elasticBondBend = 0.0;   ///< bonds' bend, 1/2 kb theta^2
    double elasticBond = 0.0;       ///< the bonds' four modes added up (not a part of elastic: its modes are)
    double elastic = 0.0;           ///< normal + tangential + rolling + the bonds' four modes, J

    // cumulative dissipation since the ledger was reset, J (each >= 0 for a physical run,
    // except dissipatedStiffness, see below)
    double dissipatedDashpot = 0.0;      ///< normal and tangential contact dashpots
    double dissipatedFriction = 0.0;     ///< Coulomb slip: tangential spring energy removed at the limit
    double dissipatedRolling = 0.0;      ///< rolling springs' plastic (capped) part
    double dissipatedLocalDamping = 0.0; ///< Cundall local non-viscous damping
    double dissipatedViscous = 0.0;      ///< global viscous damping
    /// Hertz-Mindlin only: the tangential and rolling stiffnesses follow the normal overlap, so a
    /// spring at fixed displacement gains or loses energy no force works for; booked here
    /// (negative when the model creates energy) so that the balance still closes.
    double dissipatedStiffness = 0.0;
    /// bonds' stored energy when they broke (bond/BondStrength.h)
    double dissipatedBondBreaking = 0.0;
    double dissipated = 0.0; ///< the sum of the seven above, J

    double externalWork = 0.0; ///< cumulative work of external loads, J
    double balanceError = 0.0; ///< total + dissipated - externalWork - total(step 0), J

    /// kinetic + potential + elastic, J (the InTotal rows of kEnergyTerms, in table order)
    double total() const;
    /// The elastic and dissipated parts added up as the ledger does (EnergyTerms.h), J.
    double elasticParts() const;
    double dissipatedParts() const;
};

} // namespace tumble
