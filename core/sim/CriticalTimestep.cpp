#include "sim/CriticalTimestep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/ContactLaw.h"

namespace tumble {

double criticalTimestep(const World& world)
{
    const ContactTable table(world.materials);
    std::vector<char> used(world.materials.size(), 0);
    for (int m : world.material)
        used[m] = 1;
    for (const Wall& w : world.walls)
        used[w.material] = 1;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < world.size(); ++i) {
        for (std::size_t m = 0; m < used.size(); ++m) {
            if (!used[m])
                continue;
            const PairLaw& law = table.law(world.material[i], static_cast<int>(m));
            const double z = law.zeta;
            const double damping = std::sqrt(1.0 + z * z) - z;
            best = std::min(best, std::sqrt(world.mass[i] / law.kn) * damping);
            if (world.type[i] == BodyType::Clump) {
                const double rho = world.radius[i];
                best = std::min(best, std::sqrt(world.inertia[i].minCoeff() / (law.kn * rho * rho)) * damping);
            }
        }
    }
    return best;
}

} // namespace tumble
