#include "session/SweepScheme.h"

#include <algorithm>

#include "sim/ConvergenceSweep.h"
#include "sim/SweepSchemes.h"

namespace tumble::ui {

namespace {

std::string bracketed(const std::string& scheme, const std::string& name)
{
    return scheme == name ? scheme : scheme + " (" + name + ")";
}

AnalyticMeasure measureOf(SweepKind kind)
{
    return kind == SweepKind::Rotation ? AnalyticMeasure::Angle : AnalyticMeasure::Position;
}

} // namespace

SweepKind SweepScheme::kindOf(const Scene& scene)
{
    try {
        return sweepMeasure(scene) == AnalyticMeasure::Angle ? SweepKind::Rotation : SweepKind::Translation;
    } catch (const std::exception&) {
        return SweepKind::Translation; // the sweep itself reports that the solution no longer applies
    }
}

std::vector<std::string> SweepScheme::names(SweepKind kind)
{
    return sweepSchemeNames(measureOf(kind));
}

std::vector<std::string> SweepScheme::defaultNames(SweepKind kind)
{
    if (kind == SweepKind::Rotation)
        return {"explicit_euler", "buss_2nd_order", "rk4_quaternion"};
    return {"explicit_euler", "velocity_verlet", "rk4"};
}

SweepScheme SweepScheme::resolve(const std::string& name, const Scene& scene)
{
    // the core's rule (sim/SweepSchemes.h), so the panel and tumble-cli sweep run the same pairs
    const SweepKind kind = kindOf(scene);
    const auto [translation, rotation] = sweepSchemes(name, scene.params.rotation, measureOf(kind));
    SweepScheme s;
    s.name = name;
    s.translation = translation;
    s.rotation = rotation;
    s.varied = kind == SweepKind::Rotation ? "rotation: " + bracketed(rotation, name)
                                           : "translation: " + bracketed(translation, name);
    return s;
}

} // namespace tumble::ui
