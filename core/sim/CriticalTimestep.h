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
#include "model/World.h"

namespace tumble {

/// s; +infinity for a world without bodies.
double criticalTimestep(const World& world);

} // namespace tumble
