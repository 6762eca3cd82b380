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
    for (std::size_t i = 0; i < n; ++i)
        bodySpeed[i] = static_cast<float>(onStepKinematics(w, i, dt).velocity.norm());
    w.membersInSceneOrder(scratch.members);
    s.positions.resize(3 * m);
    s.radii.resize(m);
    s.speeds.resize(m);
    s.memberBody.resize(m);
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
