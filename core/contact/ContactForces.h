#pragma once
// Narrow phase and force law: linear spring-dashpot normal contacts between members (collision
// spheres) and between members and plane walls, for every candidate in the neighbour list.
//
// Members i, j of bodies a, b; n the unit vector from j to i; overlap delta = R_i + R_j - |p_i - p_j|;
// contact point c halfway through the overlap; lever arms r_a = c - x_a, r_b = c - x_b:
//   v_n = ((v_a + w_a x r_a) - (v_b + w_b x r_b)) . n
//   F_a = (kn delta - cn v_n) n = -F_b,   T_a = r_a x F_a,   T_b = r_b x F_b   (not clipped at zero)
// A member at its body's centre (every sphere body) gets no torque and no spin term: a normal force
// through the centre has no moment, and w x r is then perpendicular to n. The spring stores
// 1/2 kn delta^2; the dashpot part goes to World::dissipativeForce/Torque for the ledger.
#include <cstddef>

#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

struct ContactSums {
    double elastic = 0.0;      ///< energy stored in normal springs, J
    std::size_t active = 0;    ///< contacts with positive overlap
};

/// Adds contact loads to world.force/torque and their dissipative parts (which the caller reset).
ContactSums addContactForces(World& world, const NeighbourList& list);

} // namespace tumble
