#include "session/SweepScheme.h"

#include <algorithm>

#include "analysis/AnalyticSolutions.h"
#include "integrate/IntegratorRegistry.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"

namespace tumble::ui {

namespace {

// the translation a varied rotation scheme runs under: exact without torque like every other,
// and the core resolves it to exactly (velocity_verlet, the scene's rotation)
const std::string kRotationCarrier = "velocity_verlet";

std::string bracketed(const std::string& scheme, const std::string& name)
{
    return scheme == name ? scheme : scheme + " (" + name + ")";
}

} // namespace

SweepKind SweepScheme::kindOf(const Scene& scene)
{
    if (scene.analytic.empty())
        return SweepKind::Translation;
    try {
        const auto exact = makeAnalyticSolution(scene.analytic, scene.world, scene.params, scene.listedBodies);
        return exact->measure() == AnalyticMeasure::Angle ? SweepKind::Rotation : SweepKind::Translation;
    } catch (const std::exception&) {
        return SweepKind::Translation; // the sweep itself reports that the solution no longer applies
    }
}

std::vector<std::string> SweepScheme::names(SweepKind kind)
{
    std::vector<std::string> out;
    const auto add = [&](const std::string& n) {
        if (std::find(out.begin(), out.end(), n) == out.end())
            out.push_back(n);
    };
    for (const SchemeInfo& s : kind == SweepKind::Rotation ? rotationSchemes() : translationSchemes())
        add(s.name);
    for (const PresetInfo& p : presets())
        add(p.name);
    return out;
}

std::vector<std::string> SweepScheme::defaultNames(SweepKind kind)
{
    if (kind == SweepKind::Rotation)
        return {"explicit_euler", "buss_2nd_order", "rk4_quaternion"};
    return {"explicit_euler", "velocity_verlet", "rk4"};
}

SweepScheme SweepScheme::resolve(const std::string& name, const Scene& scene)
{
    const SweepKind kind = kindOf(scene);
    SweepScheme s;
    s.name = name;
    if (kind == SweepKind::Rotation) {
        if (findRotationScheme(name)) {
            s.m_rotationName = true;
            s.translation = kRotationCarrier;
            s.rotation = name;
        } else if (const auto p = findPreset(name)) {
            s.translation = p->translation;
            s.rotation = p->rotation;
        } else {
            std::string known;
            for (const std::string& n : names(kind))
                known += (known.empty() ? "" : ", ") + n;
            throw ParameterError("unknown scheme '" + name +
                                 "' for a torque-free scene (rotation schemes and presets: " + known + ")");
        }
        s.varied = "rotation: " + bracketed(s.rotation, name);
        return s;
    }
    // as the core resolves it (a preset first: symplectic_euler and rk4 are both)
    const auto [translation, rotation] = sweepSchemes(name, scene.params.rotation);
    s.translation = translation;
    s.rotation = rotation;
    s.varied = "translation: " + bracketed(s.translation, name);
    return s;
}

std::string SweepScheme::coreName() const
{
    return m_rotationName ? kRotationCarrier : name;
}

Scene SweepScheme::coreScene(const Scene& scene) const
{
    Scene out = scene;
    if (m_rotationName)
        out.params.rotation = rotation;
    return out;
}

} // namespace tumble::ui
