#include "session/SnapshotBuilder.h"

#include <algorithm>
#include <cmath>

#include "model/OnStepKinematics.h"
#include "sim/Simulation.h"

namespace tumble::ui {

// padded so a single body or a thin layer still shows a sensible floor; a clump also adds the
// sphere its members sweep as it turns (centre +- bounding radius), so a tumbling clump stays
// in frame
void sceneBounds(const World& w, double b[6])
{
    double lo[3] = {1e300, 1e300, 1e300};
    double hi[3] = {-1e300, -1e300, -1e300};
    auto grow = [&](const Vec3& p, double r) {
        for (int k = 0; k < 3; ++k) {
            if (!std::isfinite(p[k]) || !std::isfinite(r))
                return;
            lo[k] = std::min(lo[k], p[k] - r);
            hi[k] = std::max(hi[k], p[k] + r);
        }
    };
    for (std::size_t j = 0; j < w.memberCount(); ++j)
        grow(w.memberPosition[j], w.memberRadius[j]);
    for (std::size_t i = 0; i < w.size(); ++i)
        if (w.type[i] == BodyType::Clump)
            grow(w.position[i], w.radius[i]);
    for (const Wall& wall : w.walls)
        grow(wall.point, 0.0);
    if (w.cell) // the cell's eight corners
        for (int c = 0; c < 8; ++c)
            grow(w.cell->vectors() * Vec3(double(c & 1), double((c >> 1) & 1), double((c >> 2) & 1)), 0.0);
    if (lo[0] > hi[0]) { // nothing at all
        for (int k = 0; k < 3; ++k) {
            lo[k] = -0.5;
            hi[k] = 0.5;
        }
    }
    // every extent at least half the largest one, centred
    double largest = 0.0;
    for (int k = 0; k < 3; ++k)
        largest = std::max(largest, hi[k] - lo[k]);
    largest = std::max(largest, 1e-6);
    for (int k = 0; k < 3; ++k) {
        const double need = 0.5 * largest - (hi[k] - lo[k]);
        if (need > 0.0) {
            lo[k] -= 0.5 * need;
            hi[k] += 0.5 * need;
        }
        b[2 * k] = lo[k];
        b[2 * k + 1] = hi[k];
    }
}

std::shared_ptr<SceneInfo> makeSceneInfo(const Scene& scene, const World& world, long long revision,
                                         double sampleInterval)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = revision;
    info->name = scene.name;
    info->description = scene.description;
    info->source = scene.source;
    info->walls = scene.world.walls;
    sceneBounds(world, info->bounds); // member positions as the simulation set them
    if (const Vec3 g = scene.world.gravity; g.norm() > 0.0 && g.allFinite())
        for (int k = 0; k < 3; ++k)
            info->up[k] = -g[k] / g.norm();
    info->sampleInterval = sampleInterval;
    // in scene order, as the snapshots list the members
    std::vector<int> members;
    world.membersInSceneOrder(members);
    info->memberOffsets.resize(members.size());
    for (std::size_t j = 0; j < members.size(); ++j)
        info->memberOffsets[j] = world.memberOffset[static_cast<std::size_t>(members[j])];
    return info;
}

bool fillBodies(FrameSnapshot& s, const Simulation& sim, int selected, PublishScratch& scratch)
{
    // member spheres, as floats for the views; speed from the owning body (one estimate per
    // body, shared by its members). The simulation may keep its bodies sorted for locality:
    // everything here goes out in scene order, with scene ids.
    const World& w = sim.world();
    const std::size_t n = w.size();
    const std::size_t m = w.memberCount();
    const double dt = sim.params().dt;
    std::vector<float>& bodySpeed = scratch.speeds;
    bodySpeed.resize(n);
    scratch.velocities.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        scratch.velocities[i] = onStepKinematics(w, i, dt).velocity;
        bodySpeed[i] = static_cast<float>(scratch.velocities[i].norm());
    }
    // in a periodic cell, the speed relative to the medium as well: |u| = |v - L x|
    const bool cell = w.cell.has_value();
    if (cell) {
        const Mat3& l = w.cell->gradient();
        scratch.fluctuationSpeeds.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            scratch.fluctuationSpeeds[i] = static_cast<float>((scratch.velocities[i] - l * w.position[i]).norm());
    }
    w.membersInSceneOrder(scratch.members);
    s.positions.resize(3 * m);
    s.radii.resize(m);
    s.speeds.resize(m);
    s.memberBody.resize(m);
    s.fluctuationSpeeds.resize(cell ? m : 0);
    s.bodies = n;
    bool finite = true;
    for (std::size_t j = 0; j < m; ++j) {
        const auto k = static_cast<std::size_t>(scratch.members[j]);
        const int b = w.memberBody[k];
        for (int c = 0; c < 3; ++c)
            s.positions[3 * j + c] = static_cast<float>(w.memberPosition[k][c]);
        s.radii[j] = static_cast<float>(w.memberRadius[k]);
        s.speeds[j] = bodySpeed[static_cast<std::size_t>(b)];
        s.memberBody[j] = w.bodyId(static_cast<std::size_t>(b));
        if (cell)
            s.fluctuationSpeeds[j] = scratch.fluctuationSpeeds[static_cast<std::size_t>(b)];
        finite = finite && std::isfinite(s.positions[3 * j]) && std::isfinite(s.positions[3 * j + 1]) &&
                 std::isfinite(s.positions[3 * j + 2]) && std::isfinite(s.speeds[j]);
    }
    // clumps and the selected body in full (orientation, momentum, energies)
    s.clumps.clear();
    for (std::size_t id = 0; id < n; ++id) {
        const std::size_t i = w.bodySlot(static_cast<int>(id));
        if (w.type[i] != BodyType::Clump)
            continue;
        s.clumps.push_back(bodyState(w, i, dt));
        finite = finite && isFinite(s.clumps.back());
    }
    s.selected.reset();
    if (selected >= 0 && std::size_t(selected) < n) {
        s.selected = bodyState(w, w.bodySlot(selected), dt);
        finite = finite && isFinite(*s.selected);
    }
    return finite;
}

float bondLoadRatio(const BondLoads& l, const BondStiffness& k, const BondStrength& strength)
{
    if (strength.unbreakable())
        return -1.f;
    // an infinite strength contributes 0 (x / inf)
    const double parts[kBondModes] = {k.kn * l.stretch / strength.tension, k.ks * l.slip / strength.shear,
                                      k.kt * std::abs(l.psi) / strength.twist, k.kb * l.theta / strength.bend};
    double ratio = 0.0;
    if (strength.criterion == BondCriterion::LinearSum)
        ratio = parts[0] + parts[1] + parts[2] + parts[3];
    else
        ratio = std::max({parts[0], parts[1], parts[2], parts[3]});
    return std::isfinite(ratio) ? static_cast<float>(std::max(ratio, 0.0)) : 0.f;
}

void fillMemberValues(FrameSnapshot& s, const Simulation& sim, MemberQuantity q, PublishScratch& scratch)
{
    s.memberQuantity = q;
    s.memberValues.clear();
    if (q == MemberQuantity::None)
        return;
    const World& w = sim.world();
    const std::size_t n = w.size();
    const double dt = sim.params().dt;
    std::vector<float>& body = scratch.bodyValues;
    body.assign(n, 0.f);
    switch (q) {
    case MemberQuantity::SpinRate:
        for (std::size_t i = 0; i < n; ++i)
            body[i] = static_cast<float>(onStepKinematics(w, i, dt).angularVelocity.norm());
        break;
    case MemberQuantity::KineticEnergy:
        for (std::size_t i = 0; i < n; ++i) {
            const OnStepKinematics k = onStepKinematics(w, i, dt);
            body[i] = static_cast<float>(0.5 * w.mass[i] * k.velocity.squaredNorm() +
                                         0.5 * k.angularVelocity.dot(k.angularMomentum));
        }
        break;
    case MemberQuantity::Coordination: {
        // the pairs that stored an overlap at the last committed evaluation touch
        const NeighbourList& list = sim.neighbours();
        const std::vector<PairCandidate>& pairs = list.pairs();
        const std::vector<double>& overlap = list.pairHistory().overlap;
        for (std::size_t k = 0; k < pairs.size() && k < overlap.size(); ++k) {
            if (!(overlap[k] > 0.0))
                continue;
            const auto a = static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(pairs[k].i)]);
            const auto b = static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(pairs[k].j)]);
            if (a != b) {
                body[a] += 1.f;
                body[b] += 1.f;
            }
        }
        break;
    }
    case MemberQuantity::NetForce:
        for (std::size_t i = 0; i < n; ++i)
            body[i] = static_cast<float>(w.force[i].norm());
        break;
    case MemberQuantity::Height: {
        const Vec3 g = w.gravity;
        const Vec3 up = g.norm() > 0.0 && g.allFinite() ? Vec3(-g.normalized()) : Vec3::UnitZ();
        for (std::size_t i = 0; i < n; ++i)
            body[i] = static_cast<float>(w.position[i].dot(up));
        break;
    }
    case MemberQuantity::BodyId:
        for (std::size_t i = 0; i < n; ++i)
            body[i] = static_cast<float>(w.bodyId(i));
        break;
    case MemberQuantity::None:
        break;
    }
    const std::size_t m = scratch.members.size();
    s.memberValues.resize(m);
    for (std::size_t j = 0; j < m; ++j)
        s.memberValues[j] = body[static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(scratch.members[j])])];
}

void fillForceChains(FrameSnapshot& s, const Simulation& sim, PublishScratch& scratch)
{
    s.chainsAsked = true;
    s.chainMembers.clear();
    s.chainForce.clear();
    s.chainShift.clear();
    const World& w = sim.world();
    const NeighbourList& list = sim.neighbours();
    const std::vector<PairCandidate>& pairs = list.pairs();
    const std::vector<double>& overlap = list.pairHistory().overlap;
    const std::vector<ContactParams>& table = list.contactParams();
    const std::vector<PairScale>& scales = list.pairScales();
    const ImageTable* images = list.images();
    // snapshot index of each simulation member
    scratch.memberSlot.resize(scratch.members.size());
    for (std::size_t j = 0; j < scratch.members.size(); ++j)
        scratch.memberSlot[static_cast<std::size_t>(scratch.members[j])] = static_cast<int>(j);
    for (std::size_t k = 0; k < pairs.size() && k < overlap.size(); ++k) {
        const double d = overlap[k];
        if (!(d > 0.0))
            continue;
        const PairCandidate& p = pairs[k];
        if (w.memberBody[static_cast<std::size_t>(p.i)] == w.memberBody[static_cast<std::size_t>(p.j)])
            continue;
        const ContactParams c = scales.empty() ? table[static_cast<std::size_t>(p.params)]
                                               : scaled(table[static_cast<std::size_t>(p.params)], scales[k]);
        const double force = c.hertz ? c.kn * d * std::sqrt(d) : c.kn * d;
        s.chainMembers.push_back(scratch.memberSlot[static_cast<std::size_t>(p.i)]);
        s.chainMembers.push_back(scratch.memberSlot[static_cast<std::size_t>(p.j)]);
        s.chainForce.push_back(static_cast<float>(force));
        if (images) {
            const Vec3& shift = images->shift[p.image];
            for (int a = 0; a < 3; ++a)
                s.chainShift.push_back(static_cast<float>(shift[a]));
        }
    }
}

void fillBonds(FrameSnapshot& s, const Simulation& sim, PublishScratch& scratch)
{
    const World& w = sim.world();
    const BondSet& bonds = w.bonds;
    const std::size_t b = bonds.size();
    s.bondMembers.resize(2 * b);
    s.bondShift.resize(w.cell ? 3 * b : 0);
    s.bondMode.resize(b);
    s.bondLoad.resize(b);
    if (b > 0) {
        // body -> its member in the snapshot (scene order, as fillBodies listed them); a bonded
        // body is a sphere, with one member
        scratch.bodyMember.assign(w.size(), -1);
        for (std::size_t j = 0; j < scratch.members.size(); ++j)
            scratch.bodyMember[static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(scratch.members[j])])] =
                static_cast<int>(j);
    }
    for (std::size_t k = 0; k < b; ++k) {
        const auto i = static_cast<std::size_t>(bonds.bodies[k][0]);
        const auto j = static_cast<std::size_t>(bonds.bodies[k][1]);
        s.bondMembers[2 * k] = scratch.bodyMember[i];
        s.bondMembers[2 * k + 1] = scratch.bodyMember[j];
        // (in a periodic cell, j's image nearest i: the bond is drawn to it)
        const Vec3 xj = w.bondPartnerPosition(k);
        if (w.cell)
            for (int c = 0; c < 3; ++c)
                s.bondShift[3 * k + std::size_t(c)] = static_cast<float>(xj[c] - w.position[j][c]);
        const BondLoads l = bonds.loads(k, w.position[i], w.orientation[i], xj, w.orientation[j]);
        // the mode holding most energy (none when all are 0, or not finite after a blow-up)
        int mode = -1;
        double most = 0.0;
        for (int m = 0; m < kBondModes; ++m)
            if (l.energy[m] > most) {
                most = l.energy[m];
                mode = m;
            }
        s.bondMode[k] = static_cast<signed char>(std::isfinite(most) ? mode : -1);
        s.bondLoad[k] = bondLoadRatio(l, bonds.stiffness[k], bonds.strength[k]);
    }
    // the newest breaks, where each broke and how big its spheres were (for the marker)
    const std::vector<BondBreak>& breaks = sim.bondBreaks();
    s.bondBreaks = static_cast<long long>(breaks.size());
    const std::size_t first = breaks.size() - std::min(breaks.size(), FrameSnapshot::kRecentBreaks);
    s.recentBreaks.resize(breaks.size() - first);
    for (std::size_t k = first; k < breaks.size(); ++k) {
        const BondBreak& br = breaks[k];
        BrokenBond& out = s.recentBreaks[k - first];
        for (int c = 0; c < 3; ++c)
            out.point[c] = static_cast<float>(br.point[c]);
        double r = 0.0;
        for (int id : br.bodies)
            if (id >= 0 && static_cast<std::size_t>(id) < w.size()) {
                const double ri = w.radius[w.bodySlot(id)];
                r = r > 0.0 ? std::min(r, ri) : ri;
            }
        out.radius = static_cast<float>(r);
        out.time = br.time;
    }
}

void fillCell(FrameSnapshot& s, const Simulation& sim, const PublishScratch& scratch)
{
    s.cell.reset();
    if (sim.world().cell)
        s.cell = cellState(sim, scratch.velocities);
}

void fillRunState(FrameSnapshot& s, const Simulation& sim)
{
    const World& w = sim.world();
    s.time = w.time;
    s.step = w.step;
    s.contactCount = sim.contactCount();
    s.criticalDt = sim.criticalDt();
    s.params = sim.params();
    s.instabilityMessage = sim.instabilityMessage();
}

} // namespace tumble::ui
