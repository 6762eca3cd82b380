#pragma once
// EnergyLedger: instantaneous terms (kinetic, gravity, elastic) computed from the state on
// demand, cumulative terms (dissipated by mechanism, external work) accumulated every step.
//
// Work of the dissipative forces over a step is integrated with the trapezoidal rule,
//   dD = -1/2 (Fd(t) + Fd(t+dt)) . (x(t+dt) - x(t))   (and likewise torque . rotation),
// the same time centring as velocity Verlet: for that scheme the balance error is then the
// shadow-energy term dt^2/(8m) |F|^2, second order in dt and bounded (it does not drift). A
// scheme that does not conserve energy shows as a growing balance error, which is the point.
// Energy leaving springs (Coulomb slip, rolling caps, contacts opening, Hertz-Mindlin stiffness
// changes) is booked by the contact law when a step commits (ContactForces.h).
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "energy/EnergySample.h"
#include "model/World.h"

namespace tumble {

/// Ways energy leaves the bodies and springs (one EnergySample field each).
enum class DissipationMechanism { Dashpot, Friction, Rolling, LocalDamping, Viscous, Stiffness, BondBreaking };

/// Energy stored in springs at one state, J.
struct ElasticEnergy {
    double normal = 0.0;
    double tangential = 0.0;
    double rolling = 0.0;
    double bond[4] = {0.0, 0.0, 0.0, 0.0}; ///< bonds per mode: normal, shear, twist, bend (BondMode)
};

/// The state's energy terms summed over bodies, J. Sums over all bodies are taken in fixed
/// chunks (kBodyChunk) added in order, so a step that sums its chunks on several threads gets
/// the same bits.
struct BodyEnergy {
    double kineticTranslational = 0.0;
    double kineticRotational = 0.0;
    double potentialGravity = 0.0;

    void add(const BodyEnergy& o)
    {
        kineticTranslational += o.kineticTranslational;
        kineticRotational += o.kineticRotational;
        potentialGravity += o.potentialGravity;
    }
};

/// Kinetic energy (on-step values, see EnergyLedger::sample) of bodies [begin, end), dt in s.
void addKineticEnergy(const World& world, std::size_t begin, std::size_t end, double dt, BodyEnergy& e);
/// Gravity's potential energy -m g.x of bodies [begin, end).
void addPotentialEnergy(const World& world, std::size_t begin, std::size_t end, BodyEnergy& e);
/// Both, over every body in chunks.
BodyEnergy bodyEnergy(const World& world, double dt);

class EnergyLedger {
public:
    /// Starts a new balance from the current state; dt in s.
    void reset(const World& world, const ElasticEnergy& elastic, double dt);

    /// Adds dissipation by one mechanism, J.
    void addDissipated(DissipationMechanism mechanism, double joules);
    /// Adds work done on the bodies from outside (the drive of fixed and driven bodies), J.
    void addExternalWork(double joules) { m_cumulative.externalWork += joules; }

    /// The ledger at the current state, with the springs' energy from the last force evaluation.
    /// Kinetic terms use on-step values: half-step velocities and momenta (leapfrog schemes) are
    /// moved to the step with the current loads, v(t) = v(t - dt/2) + a(t) dt/2; dt in s.
    EnergySample sample(const World& world, const ElasticEnergy& elastic, double dt) const;
    /// The same from body sums already taken (bodyEnergy) at the given step and time (s).
    EnergySample sample(const BodyEnergy& bodies, const ElasticEnergy& elastic, long long step, double time) const;

    double initialTotal() const { return m_initialTotal; }
    /// Sum of |terms| at reset (or the floor, if larger) plus |external work| since: the energy
    /// scale used to judge a runaway, J (a drive that pumps energy in raises the yardstick with it).
    double scale() const { return std::max(m_scale, m_floor) + std::abs(m_cumulative.externalWork); }
    /// Raises the scale's floor to joules (J): an energy the run may reach that the state at
    /// reset does not hold (a deforming cell's flow, whose bodies may start at rest in it).
    void raiseScale(double joules) { m_floor = std::max(m_floor, joules); }

    /// Every field, in and out of a saved state (sim/StateArchive.h).
    template <class A> void archive(A& a)
    {
        a.field("cumulative", m_cumulative);
        a.field("initialTotal", m_initialTotal);
        a.field("scale", m_scale);
        a.field("floor", m_floor);
    }

private:
    EnergySample m_cumulative; // dissipated* and externalWork, J
    double m_initialTotal = 0.0;
    double m_scale = 0.0;
    double m_floor = 0.0; // J
};

} // namespace tumble
