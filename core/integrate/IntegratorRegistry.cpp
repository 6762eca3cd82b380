#include "integrate/IntegratorRegistry.h"

#include "integrate/EulerRotation.h"
#include "integrate/ExplicitEuler.h"
#include "integrate/VelocityVerlet.h"

namespace tumble {

namespace {

// All presets of CONTRACT.md; presets() lists those whose schemes this build has.
const std::vector<PresetInfo> kAllPresets = {
    {"pfc", "velocity_verlet", "buss_2nd_order"},
    {"pfc4", "velocity_verlet", "rk4_quaternion"},
    {"woo", "central_difference", "fincham_leapfrog"},
    {"euler", "explicit_euler", "explicit_euler"},
    {"symplectic_euler", "symplectic_euler", "symplectic_euler"},
    {"rk4", "rk4", "rk4_quaternion"},
};

bool hasName(const std::vector<SchemeInfo>& list, std::string_view name)
{
    for (const SchemeInfo& s : list)
        if (s.name == name)
            return true;
    return false;
}

} // namespace

const std::vector<SchemeInfo>& translationSchemes()
{
    static const std::vector<SchemeInfo> list = {
        {"velocity_verlet", "velocity Verlet, PFC form: half kick, drift, forces, half kick (2nd order)"},
        {"explicit_euler", "explicit Euler: v+ = v + a dt, x+ = x + v dt (1st order)"},
    };
    return list;
}

const std::vector<SchemeInfo>& rotationSchemes()
{
    static const std::vector<SchemeInfo> list = {
        {"explicit_euler", "explicit Euler: L+ = L + T dt, q+ = normalise(q + dt/2 w q) (1st order)"},
    };
    return list;
}

std::vector<PresetInfo> presets()
{
    std::vector<PresetInfo> out;
    for (const PresetInfo& p : kAllPresets)
        if (hasName(translationSchemes(), p.translation) && hasName(rotationSchemes(), p.rotation))
            out.push_back(p);
    return out;
}

std::unique_ptr<TranslationScheme> makeTranslationScheme(std::string_view name)
{
    if (name == "velocity_verlet")
        return std::make_unique<VelocityVerlet>();
    if (name == "explicit_euler")
        return std::make_unique<ExplicitEuler>();
    return nullptr;
}

std::unique_ptr<RotationScheme> makeRotationScheme(std::string_view name)
{
    if (name == "explicit_euler")
        return std::make_unique<EulerRotation>();
    return nullptr;
}

std::optional<PresetInfo> findPreset(std::string_view name)
{
    for (const PresetInfo& p : presets())
        if (p.name == name)
            return p;
    return std::nullopt;
}

} // namespace tumble
