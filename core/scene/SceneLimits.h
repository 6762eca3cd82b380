#pragma once
// SceneLimits: the finite, physically meaningful ranges every scene value must lie in. The scene
// loader refuses a value outside them with the file, the JSON path and the range, and tumble-cli
// applies the same ranges to its overrides, so `inspect` and `run` agree on what is valid. The
// reasons for each figure are in docs/RELIABILITY.md ("Scene validation and limits").
#include <cstddef>

namespace tumble::limits {

/// |coordinate| of any position, clump member centre, wall point or generated body, m. A double
/// at 1e6 m still resolves 1.2e-10 m, a tenth of the smallest radius below.
inline constexpr double kMaxCoordinate = 1e6;
/// Sphere and clump member radius, m: nanometre grains to kilometre boulders.
inline constexpr double kMinRadius = 1e-9;
inline constexpr double kMaxRadius = 1e3;
/// Material density, kg/m^3: aerogels (~1) and below to beyond osmium (22 590).
inline constexpr double kMinDensity = 1e-3;
inline constexpr double kMaxDensity = 1e5;
/// Linear normal and tangential stiffness, N/m.
inline constexpr double kMinStiffness = 1e-3;
inline constexpr double kMaxStiffness = 1e13;
/// Bond stiffnesses: normal and shear, N/m, and twisting and bending, N m/rad (0 turns a mode
/// off).
inline constexpr double kMaxBondStiffness = 1e13;
inline constexpr double kMaxBondAngularStiffness = 1e13;
/// Bond strengths: tension and shear, N, twist and bend, N m.
inline constexpr double kMaxBondStrength = 1e15;
/// Bonds in a scene: twelve per body of the largest scene (a close packing's coordination).
inline constexpr double kMaxBonds = 6e7;
/// Bonds of one body: a sphere touches at most 12 equal neighbours; 64 leaves room for gaps and
/// mixed sizes. More means spheres overlapping deeply (a radius or spacing scaled wrongly), and
/// a bonding generator would otherwise build millions of bonds before the count limit.
inline constexpr int kMaxBondsPerBody = 64;
/// Hertz-Mindlin Young's modulus, Pa: soft gels (~1 kPa) and below to diamond (1.2e12).
inline constexpr double kMinYoung = 1.0;
inline constexpr double kMaxYoung = 1e13;
/// Coulomb and rolling friction coefficients (dimensionless).
inline constexpr double kMaxFriction = 100.0;
/// |velocity|, m/s: thirty times a rifle bullet.
inline constexpr double kMaxSpeed = 1e5;
/// |angular velocity|, rad/s: beyond any spinning grain.
inline constexpr double kMaxAngularSpeed = 1e8;
/// |gravity|, m/s^2: ultracentrifuges reach 1e6 g.
inline constexpr double kMaxGravity = 1e7;
/// Timestep, s (given, or a factor times the critical timestep).
inline constexpr double kMinDt = 1e-15;
inline constexpr double kMaxDt = 1e3;
/// dt as a fraction of the critical timestep: above 1 a run is unstable, which a lesson may show.
inline constexpr double kMaxDtFactor = 100.0;
/// Viscous damping rate, 1/s.
inline constexpr double kMaxViscousDamping = 1e6;
/// |entry| of a periodic cell's velocity gradient L, 1/s: a grain of 1e-9 m sheared at 1e6 1/s
/// moves 1e-3 m/s relative to its neighbour, a kilometre cell 1e9 m/s; beyond this strain
/// rates are not granular flow.
inline constexpr double kMaxStrainRate = 1e6;
/// Knots of a cell's velocity gradient schedule (a step searches them by bisection).
inline constexpr std::size_t kMaxScheduleKnots = 10000;
/// A schedule knot's time, s (3e4 years: beyond any run's end).
inline constexpr double kMaxTime = 1e12;
/// A clump's mass from mass_properties, kg (the extremes of radius and density above).
inline constexpr double kMinMass = 1e-30;
inline constexpr double kMaxMass = 1e16;
/// A clump's principal moments from mass_properties, kg m^2.
inline constexpr double kMinMoment = 1e-50;
inline constexpr double kMaxMoment = 1e23;
/// Grid generator spacing, m, and jitter (a fraction of the spacing).
inline constexpr double kMaxJitter = 10.0;
/// Bodies a scene may create, listed and generated together.
inline constexpr double kMaxBodies = 5e6;
/// Spheres in one clump: its mass properties integrate over the union of every pair of them.
inline constexpr int kMaxClumpMembers = 1000;
/// Collision spheres (clump members and spheres) a scene may hold.
inline constexpr double kMaxMembers = 2e7;
/// Materials: the contact table holds one law per pair of them.
inline constexpr int kMaxMaterials = 256;
/// Plane walls: each is tested against every body at every step.
inline constexpr int kMaxWalls = 1024;
/// Steps a run may ask for.
inline constexpr double kMaxSteps = 1e15;

} // namespace tumble::limits
