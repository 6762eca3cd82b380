#pragma once
// Builds small scene JSON documents for core tests, so each test states its physics in a few lines.
#include <cstdio>
#include <string>

#include "math/Types.h"

#include "scene/SceneLoader.h"

namespace tumble::test {

/// One material "m" (linear, given kn in N/m, restitution e, density rho in kg/m^3).
inline std::string materialJson(double kn, double e, double rho = 2500.0)
{
    return R"({"name": "m", "density": )" + std::to_string(rho) + R"(, "contact": {"model": "linear", "kn": )" +
           std::to_string(kn) + R"(, "restitution": )" + std::to_string(e) + "}}";
}

/// A linear material with friction: kn, kt in N/m, restitution e, Coulomb mu, rolling mu_r,
/// density rho in kg/m^3; named `name`.
inline std::string frictionMaterialJson(const std::string& name, double kn, double kt, double e, double mu,
                                        double muRoll, double rho = 2500.0)
{
    char text[400];
    std::snprintf(text, sizeof text,
                  R"({"name": "%s", "density": %.17g, "contact": {"model": "linear", "kn": %.17g, "kt": %.17g, )"
                  R"("restitution": %.17g, "friction": %.17g, "rolling_friction": %.17g}})",
                  name.c_str(), rho, kn, kt, e, mu, muRoll);
    return text;
}

/// A Hertz-Mindlin material: Young's modulus E in Pa, Poisson's ratio nu, restitution e,
/// Coulomb mu, rolling mu_r, density rho in kg/m^3; named `name`.
inline std::string hertzMaterialJson(const std::string& name, double young, double poisson, double e, double mu,
                                     double muRoll, double rho = 2500.0)
{
    char text[400];
    std::snprintf(text, sizeof text,
                  R"({"name": "%s", "density": %.17g, "contact": {"model": "hertz_mindlin", "young": %.17g, )"
                  R"("poisson": %.17g, "restitution": %.17g, "friction": %.17g, "rolling_friction": %.17g}})",
                  name.c_str(), rho, young, poisson, e, mu, muRoll);
    return text;
}

/// One sphere body of material `material`: radius in m, position in m, velocity in m/s, angular
/// velocity in rad/s.
inline std::string sphereJson(const std::string& material, double radius, const Vec3& x, const Vec3& v,
                              const Vec3& w = Vec3::Zero())
{
    char text[600];
    std::snprintf(text, sizeof text,
                  R"({"type": "sphere", "material": "%s", "radius": %.17g, "position": [%.17g, %.17g, %.17g], )"
                  R"("velocity": [%.17g, %.17g, %.17g], "angular_velocity": [%.17g, %.17g, %.17g]})",
                  material.c_str(), radius, x.x(), x.y(), x.z(), v.x(), v.y(), v.z(), w.x(), w.y(), w.z());
    return text;
}

/// A plane wall through the origin with normal +z, of material `material`.
inline std::string floorJson(const std::string& material)
{
    return R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": ")" + material + R"("}])";
}

/// A scene document from its parts (JSON fragments); dt in s. Rotation is explicit Euler, or
/// rk4_quaternion under rk4 (which needs it).
inline std::string sceneJson(const std::string& gravity, const std::string& translation, double dt,
                             const std::string& materials, const std::string& bodies, const std::string& walls = "[]",
                             const std::string& extra = "")
{
    char dtText[64];
    std::snprintf(dtText, sizeof dtText, "%.17g", dt);
    return R"({"format": "tumble-scene", "version": 1, "gravity": )" + gravity +
           R"(, "integration": {"translation": ")" + translation + R"(", "rotation": ")" +
           (translation == "rk4" ? "rk4_quaternion" : "explicit_euler") + R"(", "dt": )" + dtText +
           R"(}, "materials": [)" + materials + R"(], "bodies": )" + bodies + R"(, "walls": )" + walls + extra + "}";
}

inline Scene sceneFrom(const std::string& json)
{
    return loadSceneText(json, "test-scene.json");
}

} // namespace tumble::test
