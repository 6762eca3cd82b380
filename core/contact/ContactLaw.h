#pragma once
// Linear spring-dashpot (Voigt) normal contact parameters and the material mixing rules.
//
// The dashpot is set from the coefficient of restitution e: for the free binary impact of the
// linear oscillator m* x'' + c x' + k x = 0, e = exp(-pi zeta / sqrt(1 - zeta^2)) with
// zeta = c / (2 sqrt(m* k)), hence zeta = -ln e / sqrt(pi^2 + ln^2 e). The force is not clipped
// at zero (PFC's default linear model), so a free impact returns exactly e.
//
// Mixing two materials a, b: stiffness is the harmonic mean 2 ka kb / (ka + kb) (each body a
// spring of stiffness 2k in series, so equal materials keep k); restitution is the geometric
// mean sqrt(ea eb); friction the minimum. A wall contributes its own material.
#include <vector>

#include "model/Material.h"

namespace tumble {

/// Damping ratio zeta from a restitution coefficient e in [0, 1]; e = 0 gives critical damping.
double dampingRatioFromRestitution(double e);

/// Stiffness and damping ratio of the contact between two materials.
struct PairLaw {
    double kn = 0.0;   ///< normal stiffness, N/m
    double zeta = 0.0; ///< normal damping ratio, -
};

/// Table of PairLaw for every ordered material pair.
class ContactTable {
public:
    explicit ContactTable(const std::vector<Material>& materials = {});
    const PairLaw& law(int a, int b) const { return m_laws[static_cast<std::size_t>(a) * m_n + static_cast<std::size_t>(b)]; }
    std::size_t materialCount() const { return m_n; }

private:
    std::size_t m_n = 0;
    std::vector<PairLaw> m_laws; // (m_n * m_n), row-major
};

} // namespace tumble
