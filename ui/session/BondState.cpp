#include "session/BondState.h"

#include <cmath>

#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

namespace tumble::ui {

bool isFinite(const BondState& b)
{
    if (b.broken)
        return true;
    const BondInspection& s = b.inspection;
    bool finite = s.contactPoint.allFinite() && s.bendDirection.allFinite() && std::isfinite(s.phi) &&
                  std::isfinite(s.loads.theta) && std::isfinite(s.loads.psi) && std::isfinite(s.loads.stretch) &&
                  std::isfinite(s.loads.slip);
    for (const Vec3& axis : s.frame)
        finite = finite && axis.allFinite();
    for (double e : s.loads.energy)
        finite = finite && std::isfinite(e);
    return finite;
}

std::optional<BondState> bondState(const Simulation& sim, int a, int b)
{
    const World& w = sim.world();
    const auto n = static_cast<int>(w.size());
    if (a < 0 || b < 0 || a >= n || b >= n || a == b)
        return std::nullopt;
    BondState out;
    const long long k = w.bonds.find(static_cast<int>(w.bodySlot(a)), static_cast<int>(w.bodySlot(b)));
    if (k < 0) {
        // gone: broken in this run? The newest break of the pair (a reset brings the bond back)
        const std::vector<BondBreak>& breaks = sim.bondBreaks();
        for (auto it = breaks.rbegin(); it != breaks.rend(); ++it) {
            if ((it->bodies[0] == a && it->bodies[1] == b) || (it->bodies[0] == b && it->bodies[1] == a)) {
                out.bodies[0] = it->bodies[0];
                out.bodies[1] = it->bodies[1];
                for (int e = 0; e < 2; ++e)
                    out.radius[e] = w.radius[w.bodySlot(out.bodies[e])];
                out.broken = true;
                out.breakTime = it->time;
                return out;
            }
        }
        return std::nullopt;
    }
    const auto bond = static_cast<std::size_t>(k);
    const auto i = static_cast<std::size_t>(w.bonds.bodies[bond][0]);
    const auto j = static_cast<std::size_t>(w.bonds.bodies[bond][1]);
    out.bodies[0] = w.bodyId(i);
    out.bodies[1] = w.bodyId(j);
    out.radius[0] = w.radius[i];
    out.radius[1] = w.radius[j];
    out.stiffness = w.bonds.stiffness[bond];
    out.strength = w.bonds.strength[bond];
    out.formulation = w.bonds.formulation(bond);
    const Vec3 xj = w.bondPartnerPosition(bond); // (in a periodic cell, j's image nearest i)
    out.inspection =
        inspectBond(w.position[i], w.orientation[i], xj, w.orientation[j], w.bonds.rest[bond], out.stiffness,
                    w.bonds.loads(bond, w.position[i], w.orientation[i], xj, w.orientation[j]));
    out.loadRatio = bondLoadRatio(out.inspection.loads, out.stiffness, out.strength);
    return out;
}

} // namespace tumble::ui
