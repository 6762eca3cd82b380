#pragma once
// Contact laws between two materials, and the mixing rules that make one law of two materials.
//
// Linear (PFC's linear model): normal spring kn and dashpot from the restitution e; for the free
// binary impact m* x'' + c x' + k x = 0, e = exp(-pi zeta / sqrt(1 - zeta^2)) with
// zeta = c / (2 sqrt(m* k)), hence zeta = -ln e / sqrt(pi^2 + ln^2 e). Tangential spring kt.
// Hertz-Mindlin: normal force 4/3 E* sqrt(R*) d^(3/2), tangential stiffness 8 G* sqrt(R* d),
// Tsuji's d^(1/4) dashpots sized so the normal impact returns e exactly (HertzDamping.h).
// Neither normal force is clipped at zero, so a free impact returns exactly e.
//
// Mixing two materials a, b (docs/CONTACT.md):
//   linear:  kn = 2 ka kb / (ka + kb), kt likewise (each body a spring of stiffness 2k in series,
//            so equal materials keep k);
//   Hertz:   1/E* = (1 - na^2)/Ea + (1 - nb^2)/Eb,  1/G* = 2 (2 - na)(1 + na)/Ea + (same for b)
//            (Hertz and Mindlin's own effective moduli, not a convention);
//   both:    e = sqrt(ea eb), friction mu = min(mu_a, mu_b), rolling mu_r = min(mu_r,a, mu_r,b)
//            (the weaker surface governs sliding, as YADE's frictionAngle = min).
//   The friction limit (elastic or total normal force) is one per scene (the loader refuses a
//   mix); a pair takes a's.
// A wall contributes its own material. Mixing a linear with a Hertz material is refused by the
// scene loader: there is no published law for the pair.
#include <vector>

#include "model/Material.h"

namespace tumble {

/// Damping ratio zeta from a restitution coefficient e in [0, 1]; e = 0 gives critical damping.
double dampingRatioFromRestitution(double e);

/// The contact law of an ordered material pair (both orders are equal).
struct PairLaw {
    ContactModelKind model = ContactModelKind::Linear;
    double kn = 0.0;                                      ///< linear: normal stiffness, N/m
    double kt = 0.0;                                      ///< linear: tangential stiffness, N/m
    double zeta = 0.0;                                    ///< linear: normal damping ratio, -
    double youngStar = 0.0;                               ///< Hertz: effective modulus E*, Pa
    double shearStar = 0.0;                               ///< Hertz: effective shear modulus G*, Pa
    double alpha = 0.0;                                   ///< Hertz: dimensionless d^(1/4) damping (HertzDamping.h), -
    double restitution = 1.0;                             ///< mixed e, -
    double friction = 0.0;                                ///< Coulomb mu, -
    double rollingFriction = 0.0;                         ///< mu_r, -
    FrictionLimit frictionLimit = FrictionLimit::Elastic; ///< the cap's normal force (one per scene)
};

/// Table of PairLaw for every ordered material pair.
class ContactTable {
public:
    explicit ContactTable(const std::vector<Material>& materials = {});
    const PairLaw& law(int a, int b) const
    {
        return m_laws[static_cast<std::size_t>(a) * m_n + static_cast<std::size_t>(b)];
    }
    std::size_t materialCount() const { return m_n; }

private:
    std::size_t m_n = 0;
    std::vector<PairLaw> m_laws; // (m_n * m_n), row-major
};

/// Mixes two materials into one law (the rules above).
PairLaw mixMaterials(const Material& a, const Material& b);

} // namespace tumble
