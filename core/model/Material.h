#pragma once
// A material: bulk density plus the contact law parameters used where two bodies of it touch.
#include <string>

namespace tumble {

enum class ContactModelKind { Linear, HertzMindlin };

/// What Coulomb's cap on friction and rolling resistance is proportional to: the elastic normal
/// force (PFC's, the default) or the total normal force, dashpot included, |F_e + F_d| (LAMMPS's
/// pair_style granular), so a scene can run in Tumble the model LAMMPS will run.
enum class FrictionLimit : unsigned char { Elastic, Total };

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
    FrictionLimit frictionLimit = FrictionLimit::Elastic;
};

} // namespace tumble
