#pragma once
// Builds small scene JSON documents for core tests, so each test states its physics in a few lines.
#include <string>

#include "scene/SceneLoader.h"

namespace tumble::test {

/// One material "m" (linear, given kn in N/m, restitution e, density rho in kg/m^3).
inline std::string materialJson(double kn, double e, double rho = 2500.0)
{
    return R"({"name": "m", "density": )" + std::to_string(rho) + R"(, "contact": {"model": "linear", "kn": )"
           + std::to_string(kn) + R"(, "restitution": )" + std::to_string(e) + "}}";
}

/// A scene document from its parts (JSON fragments); dt in s. Rotation is explicit Euler, or
/// rk4_quaternion under rk4 (which needs it).
inline std::string sceneJson(const std::string& gravity, const std::string& translation, double dt,
                             const std::string& materials, const std::string& bodies, const std::string& walls = "[]",
                             const std::string& extra = "")
{
    char dtText[64];
    std::snprintf(dtText, sizeof dtText, "%.17g", dt);
    return R"({"format": "tumble-scene", "version": 1, "gravity": )" + gravity
           + R"(, "integration": {"translation": ")" + translation + R"(", "rotation": ")"
           + (translation == "rk4" ? "rk4_quaternion" : "explicit_euler") + R"(", "dt": )"
           + dtText + R"(}, "materials": [)" + materials + R"(], "bodies": )" + bodies + R"(, "walls": )" + walls
           + extra + "}";
}

inline Scene sceneFrom(const std::string& json)
{
    return loadSceneText(json, "test-scene.json");
}

} // namespace tumble::test
