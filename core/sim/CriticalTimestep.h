#pragma once
// Critical timestep estimate for the contact laws.
//
// PFC's estimate per body is sqrt(m / k): the stability limit of a one-dimensional chain of
// equal masses and springs k under a centred-difference scheme (the single oscillator's limit
// 2 sqrt(m / k) halves once a body has neighbours on both sides). A dashpot of damping ratio
// zeta lowers the central-difference limit by the factor sqrt(1 + zeta^2) - zeta. We take the
// minimum over bodies and over every material a body can touch (bodies' and walls').
//
// A clump also rotates against its contacts: a normal spring k acting at lever arm rho (at most
// the body's bounding radius) gives a rotational stiffness k rho^2 about the axis of least
// inertia J1, so its limit is sqrt(J1 / (k rho^2)) with the same damping factor. (A sphere's
// normal forces pass through its centre and give no rotational stiffness.)
//
// With friction the tangential spring kt moves the contact point by translation and rotation
// together: stiffness kt (1/m + rho^2/J1), for a sphere 3.5 kt / m. A rolling spring kr acts on
// rotation alone: kr / J1. Hertz-Mindlin stiffnesses grow with the overlap d (as d^(1/2)), so
// no overlap-free limit exists; Tumble evaluates them at d = 1% of the radius, the overlap a
// well-set Hertz simulation stays below (the Rayleigh time step, EDEM's convention, comes out
// about the same there). Its d^(1/4) dashpot has the constant ratio zeta = alpha / (2 sqrt(1.5)).
//
// Bonds (bondCriticalTimestep) are not a contact at some overlap but a fixed linear spring set
// about the rest state, so their limit is derived, not estimated per spring: the highest
// eigenfrequency w_max of the linearised bonded system (M^-1 K, translations and rotations of
// every body) is bounded by the block Gershgorin bound of M^-1/2 K M^-1/2 with the 3x3 blocks of
// each body's translation and rotation, and velocity Verlet (and every leapfrog form) is stable
// below 2 / w_max. Per bond with bodies a, b (rho the distances to the contact point, m the mass,
// I the least principal moment), the blocks' norms in the rows of a are
//   translation: max(kn, ks) (1/m_a + 1/sqrt(m_a m_b)) + ks rho_a / sqrt(m_a I_a) + ks rho_b / sqrt(m_a I_b)
//   rotation:    max(ks rho_a^2 + kb, kt) / I_a + max(ks rho_a rho_b + kb, kt) / sqrt(I_a I_b)
//                + ks rho_a (1/sqrt(I_a m_a) + 1/sqrt(I_a m_b))
// The bound is exact for the axial mode of two equal spheres (w^2 = 2 kn / m), for their twist
// (2 kt / I) and bend (2 kb / I), and a long chain's highest axial mode tends to it (4 kn / m:
// PFC's sqrt(m/k));
// for the coupled shear-rotation mode of two equal spheres (w^2 = 7 ks / m, docs/BONDS.md) it
// gives 8.16 ks / m, 8% above. The criticalTimestep is the smaller of the contacts' and the
// bonds'.
#include "model/World.h"

namespace tumble {

/// s; +infinity for a world without bodies.
double criticalTimestep(const World& world);

/// The bonds' part alone: 2 / (the bound on w_max), s; +infinity without bonds.
double bondCriticalTimestep(const World& world);

} // namespace tumble
