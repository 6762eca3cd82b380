#pragma once
// A material: bulk density plus the contact law parameters used where two bodies of it touch.
#include <string>

namespace tumble {

enum class ContactModelKind { Linear, HertzMindlin };

struct Material {
    std::string name;
    double density = 2500.0; ///< kg/m^3
    ContactModelKind model = ContactModelKind::Linear;
    double kn = 1e5;              ///< linear normal stiffness, N/m
    double kt = 2.5e4;            ///< linear tangential stiffness, N/m
    double young = 1e7;           ///< Hertz-Mindlin Young's modulus, Pa
    double poisson = 0.3;         ///< Hertz-Mindlin Poisson's ratio, -
    double restitution = 0.9;     ///< coefficient of restitution of a normal impact, [0, 1]
    double friction = 0.3;        ///< Coulomb coefficient, -
    double rollingFriction = 0.0; ///< rolling resistance coefficient, -
};

} // namespace tumble
