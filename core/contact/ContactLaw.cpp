#include "contact/ContactLaw.h"

#include <cmath>
#include <numbers>

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

ContactTable::ContactTable(const std::vector<Material>& materials) : m_n(materials.size())
{
    m_laws.resize(m_n * m_n);
    for (std::size_t a = 0; a < m_n; ++a) {
        for (std::size_t b = 0; b < m_n; ++b) {
            const Material& ma = materials[a];
            const Material& mb = materials[b];
            PairLaw& law = m_laws[a * m_n + b];
            law.kn = 2.0 * ma.kn * mb.kn / (ma.kn + mb.kn);
            law.zeta = dampingRatioFromRestitution(std::sqrt(ma.restitution * mb.restitution));
        }
    }
}

} // namespace tumble
