#pragma once
// Narrow phase and force law: linear spring-dashpot normal contacts between spheres and between
// spheres and plane walls, for every candidate in the neighbour list.
//
// Force on body i from body j, n the unit vector from j to i, overlap delta = R_i + R_j - |x_i - x_j|:
//   F_i = (kn delta - cn (v_i - v_j).n) n,   F_j = -F_i   (not clipped at zero)
// The spring stores 1/2 kn delta^2; the dashpot part is recorded in World::dissipativeForce so
// the energy ledger can integrate its work.
#include <cstddef>

#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

struct ContactSums {
    double elastic = 0.0;      ///< energy stored in normal springs, J
    std::size_t active = 0;    ///< contacts with positive overlap
};

/// Adds contact forces to world.force and world.dissipativeForce (which the caller has reset).
ContactSums addContactForces(World& world, const NeighbourList& list);

} // namespace tumble
