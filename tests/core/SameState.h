#pragma once
// Whether two runs are in the same state, bit for bit: what a later step reads (poses,
// velocities, momenta, loads, the neighbour lists and their contact history, the bonds), the
// ledger and the parameters. Used by the determinism and saved-state tests.
#include <cstring>
#include <string>
#include <vector>

#include "sim/Simulation.h"

namespace tumble::test {

inline bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class V> bool sameBits(const std::vector<V>& a, const std::vector<V>& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(V)) == 0);
}

inline bool sameHistory(const ContactHistory& a, const ContactHistory& b)
{
    return sameBits(a.shear, b.shear) && sameBits(a.roll, b.roll) && sameBits(a.overlap, b.overlap);
}

/// "" when a and b are in the same state, else what differs first.
inline std::string difference(const Simulation& a, const Simulation& b)
{
    const World& x = a.world();
    const World& y = b.world();
    if (x.step != y.step || !sameBits(x.time, y.time))
        return "step or time";
    if (!sameBits(x.position, y.position))
        return "positions";
    if (!sameBits(x.velocity, y.velocity))
        return "velocities";
    if (!sameBits(x.orientation, y.orientation))
        return "orientations";
    if (!sameBits(x.angularVelocity, y.angularVelocity) || !sameBits(x.angularMomentum, y.angularMomentum))
        return "angular velocities or momenta";
    if (!sameBits(x.force, y.force) || !sameBits(x.torque, y.torque))
        return "forces or torques";
    if (x.bodyIds != y.bodyIds)
        return "body order";
    if (x.bonds.bodies != y.bonds.bodies || !sameBits(x.bonds.springs, y.bonds.springs))
        return "bonds";
    const NeighbourList& m = a.neighbours();
    const NeighbourList& n = b.neighbours();
    if (m.pairs().size() != n.pairs().size() || m.wallPairs().size() != n.wallPairs().size() ||
        !sameHistory(m.pairHistory(), n.pairHistory()) || !sameHistory(m.wallHistory(), n.wallHistory()))
        return "contact history";
    const EnergySample e = a.energy(), f = b.energy();
    if (std::memcmp(&e, &f, sizeof e) != 0)
        return "energy ledger";
    if (a.params().dt != b.params().dt || a.params().translation != b.params().translation ||
        a.params().rotation != b.params().rotation)
        return "parameters";
    return {};
}

} // namespace tumble::test
