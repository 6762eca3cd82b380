#pragma once
// The one explicit table of integration schemes and presets (no static self-registration: a
// linker may drop such objects from a static library). The UI fills its combo boxes from here.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "integrate/RotationScheme.h"
#include "integrate/TranslationScheme.h"

namespace tumble {

struct SchemeInfo {
    std::string name;        ///< stable name (CONTRACT.md)
    std::string description; ///< one line for lists
    std::string equations;   ///< the update equations, for tooltips (plain text, one per line)
    int order = 1;           ///< global order of accuracy
    /// Largest w dt for which the scheme is stable on an undamped linear oscillator: 2 for the
    /// Verlet family, 2 sqrt(2) for RK4, 0 for explicit Euler (unstable at any dt without damping).
    double stabilityLimit = 0.0;
};

/// The stability limit of a scheme as a multiple of criticalTimestep(): that estimate is the
/// chain limit sqrt(m/k), where the highest frequency of a chain is w = 2 sqrt(k/m), so the ratio
/// is stabilityLimit / 2.
double stabilityLimitInCriticalSteps(const SchemeInfo& scheme);

/// The registry entry of a translation or rotation scheme; nullptr when unknown.
const SchemeInfo* findTranslationScheme(std::string_view name);
const SchemeInfo* findRotationScheme(std::string_view name);

struct PresetInfo {
    std::string name;        ///< stable preset name, e.g. "pfc"
    std::string translation; ///< translation scheme name
    std::string rotation;    ///< rotation scheme name
};

/// Translation schemes available in this build, in display order.
const std::vector<SchemeInfo>& translationSchemes();
/// Rotation schemes available in this build, in display order.
const std::vector<SchemeInfo>& rotationSchemes();
/// Presets whose schemes are all available in this build.
std::vector<PresetInfo> presets();

/// A new translation scheme by stable name, or nullptr when the name is unknown.
std::unique_ptr<TranslationScheme> makeTranslationScheme(std::string_view name);
/// A new rotation scheme by stable name, or nullptr when the name is unknown.
std::unique_ptr<RotationScheme> makeRotationScheme(std::string_view name);
/// Empty when the two schemes can run together, else why not: translation "rk4" integrates
/// (x, v, L, q) in one Runge-Kutta step and needs rotation "rk4_quaternion".
std::string schemeCombinationError(std::string_view translation, std::string_view rotation);

/// The preset of that name, if it exists and all its schemes are available.
std::optional<PresetInfo> findPreset(std::string_view name);

} // namespace tumble
