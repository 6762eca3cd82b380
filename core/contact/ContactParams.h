#pragma once
// The constants of one contact (a member pair or a member and a wall), worked out from the
// material pair's law and the pair's effective radius and mass when the neighbour list is built,
// so the force loop only multiplies.
//
// For Hertz-Mindlin the stiffnesses and dashpots scale with the overlap d:
//   normal  F = kn d^(3/2) - cn d^(1/4) v_n,   tangent stiffness of the normal spring 3/2 kn d^(1/2)
//   shear   kt(d) = kt d^(1/2),   tangential dashpot ct d^(1/4)
// and for the linear model F = kn d - cn v_n, kt(d) = kt, no tangential dashpot.
// Rolling stiffness kr = rollingStiffness x (tangent normal stiffness), i.e. Ai et al.'s (2011)
// type C spring kr = 2.25 kn (mu_r R*)^2, with the moment capped at rollingCap |F_n elastic|.
// Under FrictionLimit::Total both caps take |F_n elastic + F_n dashpot| instead (kLawTotalCap).
#include "contact/ContactLaw.h"

namespace tumble {

struct ContactParams {
    double kn = 0.0;               ///< linear: N/m; Hertz: 4/3 E* sqrt(R*), N/m^(3/2)
    double cn = 0.0;               ///< linear: 2 zeta sqrt(m* kn), N s/m; Hertz: alpha sqrt(m* kn), N s/m^(5/4)
    double kt = 0.0;               ///< linear: N/m; Hertz: 8 G* sqrt(R*), N/m^(3/2)
    double ct = 0.0;               ///< Hertz: tangential dashpot, N s/m^(5/4); linear: 0
    double friction = 0.0;         ///< Coulomb mu, -
    double rollingCap = 0.0;       ///< mu_r R*, m: |M_r| <= rollingCap |F_n elastic|
    double rollingStiffness = 0.0; ///< 2.25 (mu_r R*)^2, m^2
    bool hertz = false;
    bool springs = false;  ///< a tangential (friction > 0, kt > 0) or a rolling spring
    unsigned char law = 0; ///< LawBits of the parts above, for the force loop's dispatch
};

/// The parts of a contact law that are present, as bits of ContactParams::law.
enum LawBits : unsigned char {
    kLawHertz = 1,        ///< Hertz-Mindlin (else linear)
    kLawShear = 2,        ///< a tangential spring: friction > 0 and kt > 0
    kLawRolling = 4,      ///< a rolling spring: rollingCap > 0
    kLawShearDashpot = 8, ///< a tangential dashpot: ct > 0
    kLawTotalCap = 16,    ///< Coulomb caps on the total normal force, dashpot included (LAMMPS's)
};

/// The kernel tables' index: a contact's LawBits, plus this bit when both members are centred.
inline constexpr unsigned kLawCentred = 32;

/// Constants for a contact of the given law; rStar = R_i R_j / (R_i + R_j) (a wall: R_i) in m,
/// mStar = m_a m_b / (m_a + m_b) (a wall: m_a) in kg.
ContactParams makeContactParams(const PairLaw& law, double rStar, double mStar);

/// The parts of a pair's constants that depend on its effective radius and mass, for scenes whose
/// members are too varied for a table of classes (a polydisperse pour): 32 B per candidate where
/// a whole ContactParams takes 64, and half the bytes the contact loop reads. The rest is the
/// material pair's unit constants, makeContactParams(law, 1, 1) (unit R*, m*): with them,
/// scaled(unit, makePairScale(law, R*, m*)) is makeContactParams(law, R*, m*) bit for bit.
struct PairScale {
    double root = 1.0;       ///< Hertz: sqrt(R*), m^(1/2); linear: 1
    double cn = 0.0;         ///< the normal dashpot, as ContactParams::cn
    double ct = 0.0;         ///< the tangential dashpot, as ContactParams::ct
    double rollingCap = 0.0; ///< mu_r R*, m
};

PairScale makePairScale(const PairLaw& law, double rStar, double mStar);

/// A pair's constants from its material pair's unit constants and its scale (see PairScale).
[[gnu::always_inline]] inline ContactParams scaled(const ContactParams& unit, const PairScale& s)
{
    ContactParams p = unit;
    p.kn = unit.kn * s.root; // (4/3 E*) sqrt(R*), as makeContactParams works it out
    p.kt = unit.kt * s.root;
    p.cn = s.cn;
    p.ct = s.ct;
    p.rollingCap = s.rollingCap;
    p.rollingStiffness = 2.25 * s.rollingCap * s.rollingCap;
    return p;
}

} // namespace tumble
