#include "InspectCommand.h"

#include <nlohmann/json.hpp>

#include "ExitCode.h"
#include "SceneSource.h"
#include "sim/CriticalTimestep.h"

namespace tumble::cli {

std::string inspectJson(const Scene& scene)
{
    using nlohmann::ordered_json;
    const World& w = scene.world;
    ordered_json bodies = ordered_json::array();
    for (std::size_t i = 0; i < w.size(); ++i) {
        const Vec3& x = w.position[i];
        const Vec3& j = w.inertia[i];
        const Quat& q = w.orientation[i];
        ordered_json b;
        b["id"] = i;
        b["type"] = w.type[i] == BodyType::Clump ? "clump" : "sphere";
        b["mass"] = w.mass[i];
        b["center_of_mass"] = {x.x(), x.y(), x.z()};
        b["principal_moments"] = {j.x(), j.y(), j.z()};
        b["principal_axes"] = {q.w(), q.x(), q.y(), q.z()};
        // only held bodies say how they move (free is the default)
        if (w.hasHeldBodies() && w.motion[i] != BodyMotion::Free)
            b["motion"] = w.motion[i] == BodyMotion::Fixed ? "fixed" : "driven";
        bodies.push_back(std::move(b));
    }
    ordered_json out;
    // +infinity (no bodies) has no JSON spelling and is written as null
    out["critical_dt"] = criticalTimestep(w);
    out["bodies"] = std::move(bodies);
    if (!w.bonds.empty()) {
        // the bonds' own limit (docs/BONDS.md), already in critical_dt; bodies by scene id
        out["bonded_critical_dt"] = bondCriticalTimestep(w);
        ordered_json bonds = ordered_json::array();
        for (std::size_t k = 0; k < w.bonds.size(); ++k) {
            const BondStiffness& s = w.bonds.stiffness[k];
            const BondRest& r = w.bonds.rest[k];
            ordered_json b;
            b["bodies"] = {w.bodyId(static_cast<std::size_t>(w.bonds.bodies[k][0])),
                           w.bodyId(static_cast<std::size_t>(w.bonds.bodies[k][1]))};
            b["kn"] = s.kn;
            b["ks"] = s.ks;
            b["kt"] = s.kt;
            b["kb"] = s.kb;
            b["rest_length"] = r.length;
            if (w.bonds.formulation(k) == BondFormulation::Incremental)
                b["law"] = "incremental"; // (left out: Wang's total law, the default)
            bonds.push_back(std::move(b));
        }
        out["bonds"] = std::move(bonds);
    }
    return out.dump(2) + '\n';
}

int inspectCommand(const std::string& sceneArg, std::ostream& out)
{
    out << inspectJson(loadSceneArgument(sceneArg));
    return kExitSuccess;
}

} // namespace tumble::cli
