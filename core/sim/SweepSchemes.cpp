#include "sim/SweepSchemes.h"

#include <algorithm>

#include "analysis/AnalyticSolutions.h"
#include "integrate/IntegratorRegistry.h"
#include "sim/Simulation.h"

namespace tumble {

namespace {

// the translation a varied rotation scheme runs under: exact without forces like every other,
// and free to pair with every rotation scheme (schemeCombinationError)
const char* const kRotationCarrier = "velocity_verlet";

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::pair<std::string, std::string> rotationSweepSchemes(const std::string& name)
{
    // a rotation scheme before a preset of the same name: the name then says what varied
    if (findRotationScheme(name))
        return {kRotationCarrier, name};
    if (const auto p = findPreset(name))
        return {p->translation, p->rotation};
    const std::string known = joined(sweepSchemeNames(AnalyticMeasure::Angle));
    const std::string why = "this scene measures the orientation angle (angle_rad), so the sweep varies the "
                            "rotation scheme; rotation schemes and presets: " +
                            known;
    if (findTranslationScheme(name))
        throw ParameterError("'" + name +
                             "' is a translation scheme, which does nothing to a torque-free body: " + why);
    throw ParameterError("unknown scheme '" + name + "' (" + why + ")");
}

} // namespace

std::unique_ptr<AnalyticSolution> sweepSolution(const Scene& scene)
{
    if (scene.analytic.empty())
        return nullptr;
    try {
        return makeAnalyticSolution(scene.analytic, scene.world, scene.params, scene.listedBodies);
    } catch (const AnalyticAssumptionError& e) {
        throw ParameterError("the scene's analytic solution '" + scene.analytic + "' no longer applies (" +
                             e.jsonPath() + ": " + e.what() + ")");
    }
}

AnalyticMeasure sweepMeasure(const Scene& scene)
{
    const auto exact = sweepSolution(scene);
    return exact ? exact->measure() : AnalyticMeasure::Position;
}

std::vector<std::string> sweepSchemeNames(AnalyticMeasure measure)
{
    std::vector<std::string> out;
    const auto add = [&](const std::string& n) {
        if (std::find(out.begin(), out.end(), n) == out.end())
            out.push_back(n);
    };
    for (const SchemeInfo& s : measure == AnalyticMeasure::Angle ? rotationSchemes() : translationSchemes())
        add(s.name);
    for (const PresetInfo& p : presets())
        add(p.name);
    return out;
}

std::pair<std::string, std::string> sweepSchemes(const std::string& name, const std::string& sceneRotation,
                                                 AnalyticMeasure measure)
{
    if (measure == AnalyticMeasure::Angle)
        return rotationSweepSchemes(name);
    if (const auto p = findPreset(name))
        return {p->translation, p->rotation};
    if (makeTranslationScheme(name)) {
        // only rk4 constrains its partner (schemeCombinationError)
        return {name, name == "rk4" ? std::string("rk4_quaternion") : sceneRotation};
    }
    std::string known;
    for (const PresetInfo& p : presets())
        known += (known.empty() ? "" : ", ") + p.name;
    for (const SchemeInfo& s : translationSchemes())
        known += ", " + s.name;
    throw ParameterError("unknown scheme '" + name + "' (presets and translation schemes: " + known + ")");
}

std::string sweepVaried(const std::string& name, const std::string& sceneRotation, AnalyticMeasure measure)
{
    const auto [translation, rotation] = sweepSchemes(name, sceneRotation, measure);
    return measure == AnalyticMeasure::Angle ? "rotation: " + rotation : "translation: " + translation;
}

} // namespace tumble
