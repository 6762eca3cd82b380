#include "contact/ContactLaw.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "contact/HertzDamping.h"

namespace tumble {

double dampingRatioFromRestitution(double e)
{
    if (e <= 0.0)
        return 1.0;
    if (e >= 1.0)
        return 0.0;
    const double l = std::log(e);
    return -l / std::sqrt(std::numbers::pi * std::numbers::pi + l * l);
}

PairLaw mixMaterials(const Material& a, const Material& b)
{
    PairLaw law;
    law.model = a.model;
    law.restitution = std::sqrt(a.restitution * b.restitution);
    law.friction = std::min(a.friction, b.friction);
    law.rollingFriction = std::min(a.rollingFriction, b.rollingFriction);
    law.frictionLimit = a.frictionLimit;
    if (a.model == ContactModelKind::HertzMindlin && b.model == ContactModelKind::HertzMindlin) {
        law.youngStar = 1.0 / ((1.0 - a.poisson * a.poisson) / a.young + (1.0 - b.poisson * b.poisson) / b.young);
        law.shearStar = 1.0 / (2.0 * (2.0 - a.poisson) * (1.0 + a.poisson) / a.young +
                               2.0 * (2.0 - b.poisson) * (1.0 + b.poisson) / b.young);
        law.alpha = hertzDampingFromRestitution(law.restitution);
    } else {
        law.model = ContactModelKind::Linear;
        law.kn = 2.0 * a.kn * b.kn / (a.kn + b.kn);
        law.kt = a.kt + b.kt > 0.0 ? 2.0 * a.kt * b.kt / (a.kt + b.kt) : 0.0;
        law.zeta = dampingRatioFromRestitution(law.restitution);
    }
    return law;
}

ContactTable::ContactTable(const std::vector<Material>& materials) : m_n(materials.size())
{
    m_laws.resize(m_n * m_n);
    for (std::size_t a = 0; a < m_n; ++a)
        for (std::size_t b = 0; b < m_n; ++b)
            m_laws[a * m_n + b] = mixMaterials(materials[a], materials[b]);
}

} // namespace tumble
