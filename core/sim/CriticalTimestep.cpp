#include "sim/CriticalTimestep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/ContactLaw.h"
#include "contact/ContactParams.h"

namespace tumble {

namespace {

// reference overlap of a Hertz contact, as a fraction of the radius (see the header)
constexpr double kHertzReferenceOverlap = 0.01;

} // namespace

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
        const double rho = world.radius[i];
        const double j1 = world.inertia[i].minCoeff();
        for (std::size_t m = 0; m < used.size(); ++m) {
            if (!used[m])
                continue;
            const PairLaw& law = table.law(world.material[i], static_cast<int>(m));
            const ContactParams p = makeContactParams(law, rho, world.mass[i]);
            // stiffnesses at the reference overlap: N/m
            double kn = p.kn, kt = p.kt, zeta = law.zeta;
            if (p.hertz) {
                const double root = std::sqrt(kHertzReferenceOverlap * rho);
                kn = 1.5 * p.kn * root;
                kt = p.kt * root;
                zeta = law.alpha / (2.0 * std::sqrt(1.5));
            }
            const double damping = std::sqrt(1.0 + zeta * zeta) - zeta;
            best = std::min(best, std::sqrt(world.mass[i] / kn) * damping);
            if (world.type[i] == BodyType::Clump)
                best = std::min(best, std::sqrt(j1 / (kn * rho * rho)) * damping);
            if (p.friction > 0.0 && kt > 0.0)
                best = std::min(best, 1.0 / std::sqrt(kt * (world.invMass[i] + rho * rho / j1)));
            if (p.rollingCap > 0.0)
                best = std::min(best, std::sqrt(j1 / (p.rollingStiffness * kn)));
        }
    }
    return std::min(best, bondCriticalTimestep(world));
}

double bondCriticalTimestep(const World& world)
{
    const BondSet& bonds = world.bonds;
    if (bonds.empty())
        return std::numeric_limits<double>::infinity();
    // block Gershgorin rows of M^-1/2 K M^-1/2 per body: translation (t) and rotation (r)
    std::vector<double> rowT(world.size(), 0.0), rowR(world.size(), 0.0);
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const BondStiffness& s = bonds.stiffness[k];
        const BondRest& rest = bonds.rest[k];
        for (int e = 0; e < 2; ++e) {
            const std::size_t a = static_cast<std::size_t>(bonds.bodies[k][e]);
            const std::size_t b = static_cast<std::size_t>(bonds.bodies[k][1 - e]);
            const double ma = world.mass[a], mb = world.mass[b];
            const double ia = world.inertia[a].minCoeff(), ib = world.inertia[b].minCoeff();
            const double ra = rest.rho[e], rb = rest.rho[1 - e];
            const double kTrans = std::max(s.kn, s.ks);
            rowT[a] += kTrans / ma + kTrans / std::sqrt(ma * mb) + s.ks * ra / std::sqrt(ma * ia) +
                       s.ks * rb / std::sqrt(ma * ib);
            rowR[a] += std::max(s.ks * ra * ra + s.kb, s.kt) / ia +
                       std::max(s.ks * ra * rb + s.kb, s.kt) / std::sqrt(ia * ib) + s.ks * ra / std::sqrt(ia * ma) +
                       s.ks * ra / std::sqrt(ia * mb);
        }
    }
    double omega2 = 0.0; // 1/s^2, bounds the highest squared eigenfrequency
    for (std::size_t i = 0; i < world.size(); ++i)
        omega2 = std::max({omega2, rowT[i], rowR[i]});
    return omega2 > 0.0 ? 2.0 / std::sqrt(omega2) : std::numeric_limits<double>::infinity();
}

} // namespace tumble
