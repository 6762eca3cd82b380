#include "integrate/IntegratorRegistry.h"

#include "integrate/Buss2ndOrder.h"
#include "integrate/CentralDifference.h"
#include "integrate/EulerRotation.h"
#include "integrate/ExplicitEuler.h"
#include "integrate/FinchamLeapfrog.h"
#include "integrate/Rk4Quaternion.h"
#include "integrate/RungeKutta4.h"
#include "integrate/SymplecticEuler.h"
#include "integrate/SymplecticEulerRotation.h"
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
        {"explicit_euler", "explicit Euler: v+ = v + a dt, x+ = x + v dt (1st order)"},
        {"symplectic_euler", "symplectic Euler: v+ = v + a dt, x+ = x + v+ dt (1st order, symplectic)"},
        {"central_difference", "central difference / leapfrog, half-step velocities (Woo; 2nd order)"},
        {"velocity_verlet", "velocity Verlet, PFC form: half kick, drift, forces, half kick (2nd order)"},
        {"rk4", "classical Runge-Kutta on (x, v, L, q), forces at every stage (4th order)"},
    };
    return list;
}

const std::vector<SchemeInfo>& rotationSchemes()
{
    static const std::vector<SchemeInfo> list = {
        {"explicit_euler", "explicit Euler: L+ = L + T dt, q+ = normalise(q + dt/2 w q) (1st order)"},
        {"symplectic_euler", "symplectic Euler: L+ = L + T dt, q+ = exp(w+ dt) q, w+ from (q, L+) (1st order)"},
        {"fincham_leapfrog", "Fincham leapfrog (Woo, Wang 2008): mid-step L, on/mid-step q estimates (2nd order)"},
        {"buss_2nd_order", "PFC 2nd order: augmented mean angular velocity (Buss 2000)"},
        {"rk4_quaternion", "PFC 4th order: RK4 on dq/dt = 1/2 (q J^-1 q* L) q (Johnson et al. 2008)"},
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
    if (name == "explicit_euler")
        return std::make_unique<ExplicitEuler>();
    if (name == "symplectic_euler")
        return std::make_unique<SymplecticEuler>();
    if (name == "central_difference")
        return std::make_unique<CentralDifference>();
    if (name == "velocity_verlet")
        return std::make_unique<VelocityVerlet>();
    if (name == "rk4")
        return std::make_unique<RungeKutta4>();
    return nullptr;
}

std::unique_ptr<RotationScheme> makeRotationScheme(std::string_view name)
{
    if (name == "explicit_euler")
        return std::make_unique<EulerRotation>();
    if (name == "symplectic_euler")
        return std::make_unique<SymplecticEulerRotation>();
    if (name == "fincham_leapfrog")
        return std::make_unique<FinchamLeapfrog>();
    if (name == "buss_2nd_order")
        return std::make_unique<Buss2ndOrder>();
    if (name == "rk4_quaternion")
        return std::make_unique<Rk4Quaternion>();
    return nullptr;
}

std::string schemeCombinationError(std::string_view translation, std::string_view rotation)
{
    if (translation == "rk4" && rotation != "rk4_quaternion")
        return "translation 'rk4' integrates rotation in the same Runge-Kutta step and needs rotation "
               "'rk4_quaternion', not '" + std::string(rotation) + "'";
    return {};
}

std::optional<PresetInfo> findPreset(std::string_view name)
{
    for (const PresetInfo& p : presets())
        if (p.name == name)
            return p;
    return std::nullopt;
}

} // namespace tumble
