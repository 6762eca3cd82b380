#include "integrate/IntegratorRegistry.h"

#include <cmath>

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

} // namespace

const std::vector<SchemeInfo>& translationSchemes()
{
    static const double kRk4Limit = 2.0 * std::sqrt(2.0);
    static const std::vector<SchemeInfo> list = {
        {"explicit_euler", "explicit Euler: v+ = v + a dt, x+ = x + v dt (1st order)",
         "v(t+dt) = v(t) + a(t) dt\nx(t+dt) = x(t) + v(t) dt", 1, 0.0},
        {"symplectic_euler", "symplectic Euler: v+ = v + a dt, x+ = x + v+ dt (1st order, symplectic)",
         "v(t+dt) = v(t) + a(t) dt\nx(t+dt) = x(t) + v(t+dt) dt", 1, 2.0},
        {"central_difference", "central difference / leapfrog, half-step velocities (Woo; 2nd order)",
         "v(t+dt/2) = v(t-dt/2) + a(t) dt\nx(t+dt) = x(t) + v(t+dt/2) dt\n(first step from on-step v: half kick)", 2,
         2.0},
        {"velocity_verlet", "velocity Verlet, PFC form: half kick, drift, forces, half kick (2nd order)",
         "v(t+dt/2) = v(t) + a(t) dt/2\nx(t+dt) = x(t) + v(t+dt/2) dt\nforces at t+dt\nv(t+dt) = v(t+dt/2) + a(t+dt) "
         "dt/2",
         2, 2.0},
        {"rk4", "classical Runge-Kutta on (x, v, L, q), forces at every stage (4th order)",
         "k1 = f(y), k2 = f(y + dt/2 k1), k3 = f(y + dt/2 k2), k4 = f(y + dt k3)\n"
         "y(t+dt) = y + dt/6 (k1 + 2 k2 + 2 k3 + k4), y = (x, v, L, q)",
         4, kRk4Limit},
    };
    return list;
}

const std::vector<SchemeInfo>& rotationSchemes()
{
    static const std::vector<SchemeInfo> list = {
        {"explicit_euler", "explicit Euler: L+ = L + T dt, q+ = normalise(q + dt/2 w q) (1st order)",
         "w = I(q)^-1 L\nq(t+dt) = normalise(q + dt/2 (0, w) q)\nL(t+dt) = L + T dt", 1, 0.0},
        {"symplectic_euler", "symplectic Euler: L+ = L + T dt, q+ = exp(w+ dt) q, w+ from (q, L+) (1st order)",
         "L(t+dt) = L + T dt\nw+ = I(q)^-1 L(t+dt)\nq(t+dt) = exp(w+ dt) q", 1, 2.0},
        {"fincham_leapfrog", "Fincham leapfrog (Woo, Wang 2008): mid-step L, on/mid-step q estimates (2nd order)",
         "L(t) = L(t-dt/2) + T dt/2,  L(t+dt/2) = L(t-dt/2) + T dt\n"
         "q(t+dt/2) = q + dt/2 * 1/2 q (0, J^-1 q* L(t) q)\n"
         "q(t+dt) = normalise(q + dt * 1/2 q(t+dt/2) (0, J^-1 q(t+dt/2)* L(t+dt/2) q(t+dt/2)))",
         2, 2.0},
        {"buss_2nd_order", "PFC 2nd order: augmented mean angular velocity (Buss 2000)",
         "w = I^-1 L,  w' = I^-1 (T - w x L)\nw_mean = w + w' dt/2 + (w' x w) dt^2/12\n"
         "q(t+dt) = exp(w_mean dt) q\nL += T dt/2 before and after the force update",
         2, 2.0},
        {"rk4_quaternion", "PFC 4th order: RK4 on dq/dt = 1/2 (q J^-1 q* L) q (Johnson et al. 2008)",
         "dq/dt = 1/2 (q J^-1 q* L) q, classical RK4 with L held\nq(t+dt) = normalise(q + dt/6 (k1 + 2 k2 + 2 k3 + "
         "k4))\n"
         "L += T dt/2 before and after the force update",
         4, 2.0},
    };
    return list;
}

double stabilityLimitInCriticalSteps(const SchemeInfo& scheme)
{
    return scheme.stabilityLimit / 2.0;
}

const SchemeInfo* findTranslationScheme(std::string_view name)
{
    for (const SchemeInfo& s : translationSchemes())
        if (s.name == name)
            return &s;
    return nullptr;
}

const SchemeInfo* findRotationScheme(std::string_view name)
{
    for (const SchemeInfo& s : rotationSchemes())
        if (s.name == name)
            return &s;
    return nullptr;
}

std::vector<PresetInfo> presets()
{
    std::vector<PresetInfo> out;
    for (const PresetInfo& p : kAllPresets)
        if (findTranslationScheme(p.translation) && findRotationScheme(p.rotation))
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
               "'rk4_quaternion', not '" +
               std::string(rotation) + "'";
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
