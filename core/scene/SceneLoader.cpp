#include "scene/SceneLoader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <numbers>
#include <random>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analysis/AnalyticSolutions.h"
#include "integrate/IntegratorRegistry.h"
#include "model/ClumpShape.h"
#include "scene/SceneLimits.h"
#include "sim/CriticalTimestep.h"
#include "sim/MemoryEstimate.h"

namespace tumble {

namespace {

using Json = nlohmann::json;

using limits::kMaxBodies;

std::string typeName(const Json& j)
{
    return j.type_name();
}

// Reads one JSON object while tracking its path, so every error names where it happened.
class Reader {
public:
    Reader(const std::string& file, const Json& node, std::string path)
        : m_file(file), m_node(node), m_path(std::move(path))
    {
        if (!m_node.is_object())
            fail("expected an object, found " + typeName(m_node));
    }

    [[noreturn]] void fail(const std::string& problem, const std::string& key = {}) const
    {
        throw SceneError(m_file, key.empty() ? (m_path.empty() ? "/" : m_path) : m_path + "/" + key, problem);
    }

    // unknown keys are errors: list the ones allowed here
    void allowOnly(std::initializer_list<const char*> keys) const
    {
        const std::set<std::string> allowed(keys.begin(), keys.end());
        for (auto it = m_node.begin(); it != m_node.end(); ++it) {
            if (!allowed.count(it.key())) {
                std::string list;
                for (const std::string& k : allowed)
                    list += (list.empty() ? "" : ", ") + k;
                fail("unknown key '" + it.key() + "' (allowed here: " + list + ")", it.key());
            }
        }
    }

    bool has(const char* key) const { return m_node.contains(key); }
    const Json& raw(const char* key) const { return m_node.at(key); }
    std::string path(const std::string& key) const { return m_path + "/" + key; }
    const std::string& file() const { return m_file; }

    Reader object(const char* key) const
    {
        require(key);
        return Reader(m_file, m_node.at(key), path(key));
    }

    void require(const char* key) const
    {
        if (!m_node.contains(key))
            fail(std::string("missing required key '") + key + "'", key);
    }

    double number(const char* key) const
    {
        require(key);
        const Json& v = m_node.at(key);
        if (!v.is_number())
            fail("expected a number, found " + typeName(v), key);
        const double x = v.get<double>();
        if (!std::isfinite(x))
            fail("expected a finite number", key);
        return x;
    }
    double number(const char* key, double fallback) const { return has(key) ? number(key) : fallback; }

    double positive(const char* key) const
    {
        const double x = number(key);
        if (!(x > 0.0))
            fail("must be > 0, got " + fmt(x), key);
        return x;
    }

    double nonNegative(const char* key, double fallback) const
    {
        const double x = number(key, fallback);
        if (x < 0.0)
            fail("must be >= 0, got " + fmt(x), key);
        return x;
    }

    double unitInterval(const char* key, double fallback, bool closedAbove) const
    {
        const double x = number(key, fallback);
        if (x < 0.0 || (closedAbove ? x > 1.0 : x >= 1.0))
            fail(std::string("must be in [0, 1") + (closedAbove ? "]" : ")") + ", got " + fmt(x), key);
        return x;
    }

    std::int64_t integer(const char* key) const
    {
        require(key);
        const Json& v = m_node.at(key);
        if (!v.is_number_integer())
            fail("expected an integer, found " + typeName(v), key);
        return v.get<std::int64_t>();
    }

    std::string string(const char* key) const
    {
        require(key);
        const Json& v = m_node.at(key);
        if (!v.is_string())
            fail("expected a string, found " + typeName(v), key);
        return v.get<std::string>();
    }
    std::string string(const char* key, const std::string& fallback) const { return has(key) ? string(key) : fallback; }

    Vec3 vec3(const char* key) const
    {
        require(key);
        const Json& v = m_node.at(key);
        if (!v.is_array() || v.size() != 3)
            fail("expected an array of 3 numbers", key);
        Vec3 out;
        for (int k = 0; k < 3; ++k) {
            if (!v[k].is_number() || !std::isfinite(v[k].get<double>()))
                fail("expected a finite number, found " + typeName(v[k]), std::string(key) + "/" + std::to_string(k));
            out[k] = v[k].get<double>();
        }
        return out;
    }
    Vec3 vec3(const char* key, const Vec3& fallback) const { return has(key) ? vec3(key) : fallback; }

    // a number in [lo, hi] (unit for the message)
    double inRange(const char* key, double lo, double hi, const char* unit) const
    {
        const double x = number(key);
        if (!(x >= lo && x <= hi))
            fail("must be in [" + fmt(lo) + ", " + fmt(hi) + "]" + unit + ", got " + fmt(x), key);
        return x;
    }
    double inRange(const char* key, double fallback, double lo, double hi, const char* unit) const
    {
        return has(key) ? inRange(key, lo, hi, unit) : fallback;
    }

    // a position: every coordinate within +-limits::kMaxCoordinate
    Vec3 point(const char* key) const
    {
        const Vec3 x = vec3(key);
        for (int k = 0; k < 3; ++k)
            if (!(std::abs(x[k]) <= limits::kMaxCoordinate))
                fail("coordinate " + fmt(x[k]) + " m is beyond +-" + fmt(limits::kMaxCoordinate) + " m",
                     std::string(key) + "/" + std::to_string(k));
        return x;
    }
    Vec3 point(const char* key, const Vec3& fallback) const { return has(key) ? point(key) : fallback; }

    // a vector whose length is at most max (unit for the message)
    Vec3 vec3AtMost(const char* key, const Vec3& fallback, double max, const char* unit) const
    {
        const Vec3 v = vec3(key, fallback);
        if (!(v.norm() <= max))
            fail("magnitude " + fmt(v.norm()) + unit + " exceeds " + fmt(max) + unit, key);
        return v;
    }

    // an array of objects, each handed to f(reader, index)
    template <class F> void forEach(const char* key, F&& f) const
    {
        if (!has(key))
            return;
        const Json& v = m_node.at(key);
        if (!v.is_array())
            fail("expected an array, found " + typeName(v), key);
        for (std::size_t i = 0; i < v.size(); ++i)
            f(Reader(m_file, v[i], path(key) + "/" + std::to_string(i)), i);
    }

    static std::string fmt(double x)
    {
        std::ostringstream s;
        s << x;
        return s.str();
    }

private:
    const std::string& m_file;
    const Json& m_node;
    std::string m_path;
};

Material readMaterial(const Reader& r)
{
    r.allowOnly({"name", "density", "contact"});
    Material m;
    m.name = r.string("name");
    if (m.name.empty())
        r.fail("must not be empty", "name");
    m.density = r.inRange("density", limits::kMinDensity, limits::kMaxDensity, " kg/m^3");
    const Reader c = r.object("contact");
    const std::string model = c.string("model", "linear");
    if (model == "linear") {
        c.allowOnly({"model", "kn", "kt", "restitution", "friction", "rolling_friction", "friction_limit"});
        m.model = ContactModelKind::Linear;
        m.kn = c.inRange("kn", limits::kMinStiffness, limits::kMaxStiffness, " N/m");
        m.kt = c.has("kt") ? c.inRange("kt", limits::kMinStiffness, limits::kMaxStiffness, " N/m") : 0.25 * m.kn;
    } else if (model == "hertz_mindlin") {
        c.allowOnly({"model", "young", "poisson", "restitution", "friction", "rolling_friction", "friction_limit"});
        m.model = ContactModelKind::HertzMindlin;
        m.young = c.inRange("young", limits::kMinYoung, limits::kMaxYoung, " Pa");
        m.poisson = c.number("poisson");
        // -1 < nu < 1/2 for a stable isotropic solid (positive shear and bulk moduli)
        if (!(m.poisson > -1.0 && m.poisson < 0.5))
            c.fail("must be in (-1, 0.5), got " + std::to_string(m.poisson), "poisson");
    } else {
        c.fail("unknown contact model '" + model + "' (known: linear, hertz_mindlin)", "model");
    }
    m.restitution = c.unitInterval("restitution", 1.0, true);
    m.friction = c.inRange("friction", 0.0, 0.0, limits::kMaxFriction, "");
    m.rollingFriction = c.inRange("rolling_friction", 0.0, 0.0, limits::kMaxFriction, "");
    const std::string limit = c.string("friction_limit", "elastic");
    if (limit == "total")
        m.frictionLimit = FrictionLimit::Total;
    else if (limit != "elastic")
        c.fail("unknown friction limit '" + limit + "' (known: elastic, total)", "friction_limit");
    return m;
}

int materialIndex(const Reader& r, const std::map<std::string, int>& byName)
{
    const std::string name = r.string("material");
    const auto it = byName.find(name);
    if (it == byName.end()) {
        std::string known;
        for (const auto& [k, v] : byName)
            known += (known.empty() ? "" : ", ") + k;
        r.fail("unknown material '" + name + "' (defined: " + (known.empty() ? "none" : known) + ")", "material");
    }
    return it->second;
}

void checkBodyCount(const Reader& r, const World& world, double adding, const char* key)
{
    if (static_cast<double>(world.size()) + adding > kMaxBodies)
        r.fail("the scene would hold more than " + Reader::fmt(kMaxBodies) + " bodies", key);
}

Vec3 velocity(const Reader& r)
{
    return r.vec3AtMost("velocity", Vec3::Zero(), limits::kMaxSpeed, " m/s");
}

Vec3 angularVelocity(const Reader& r)
{
    return r.vec3AtMost("angular_velocity", Vec3::Zero(), limits::kMaxAngularSpeed, " rad/s");
}

// "motion": "free" (default), "fixed" (held at rest; its velocities must be zero or absent) or
// "driven" (held at its velocity and angular velocity for ever)
void readMotion(const Reader& r, World& world, int body)
{
    if (!r.has("motion"))
        return;
    const std::string m = r.string("motion");
    const std::size_t i = static_cast<std::size_t>(body);
    if (m == "free")
        return;
    if (m == "fixed") {
        if (!world.velocity[i].isZero(0.0) || !world.angularVelocity[i].isZero(0.0))
            r.fail("a fixed body does not move: give it no velocity or angular velocity (or make it \"driven\")",
                   "motion");
        world.setMotion(body, BodyMotion::Fixed);
    } else if (m == "driven") {
        const Vec3& j = world.inertia[i];
        if (!world.angularVelocity[i].isZero(0.0) && j.maxCoeff() - j.minCoeff() > 1e-12 * j.maxCoeff())
            r.fail("a driven clump cannot turn: its angular velocity would not stay constant under a constant "
                   "angular momentum (drive a sphere, or give the clump no angular velocity)",
                   "motion");
        world.setMotion(body, BodyMotion::Driven);
    } else {
        r.fail("unknown motion '" + m + "' (known: free, fixed, driven)", "motion");
    }
}

void readSphere(const Reader& r, World& world, const std::map<std::string, int>& byName)
{
    r.allowOnly({"type", "material", "radius", "position", "velocity", "angular_velocity", "motion"});
    const int mat = materialIndex(r, byName);
    const double radius = r.inRange("radius", limits::kMinRadius, limits::kMaxRadius, " m");
    const int body = world.addSphere(mat, radius, r.point("position"), velocity(r), angularVelocity(r));
    readMotion(r, world, body);
}

Quat readQuaternion(const Reader& r, const char* key)
{
    r.require(key);
    const Json& v = r.raw(key);
    if (!v.is_array() || v.size() != 4)
        r.fail("expected a quaternion [w, x, y, z]", key);
    double c[4];
    for (int k = 0; k < 4; ++k) {
        if (!v[k].is_number() || !std::isfinite(v[k].get<double>()))
            r.fail("expected a finite number", std::string(key) + "/" + std::to_string(k));
        c[k] = v[k].get<double>();
    }
    const Quat q(c[0], c[1], c[2], c[3]);
    if (q.norm() < 1e-12)
        r.fail("the quaternion must not be zero", key);
    return q.normalized();
}

void readClump(const Reader& r, World& world, const std::map<std::string, int>& byName)
{
    r.allowOnly({"type", "material", "spheres", "position", "orientation", "velocity", "angular_velocity",
                 "mass_properties", "motion"});
    const int mat = materialIndex(r, byName);
    std::vector<ClumpMember> members;
    r.forEach("spheres", [&](const Reader& m, std::size_t) {
        m.allowOnly({"center", "radius"});
        members.push_back({m.point("center"), m.inRange("radius", limits::kMinRadius, limits::kMaxRadius, " m")});
    });
    r.require("spheres");
    if (members.empty())
        r.fail("a clump needs at least one sphere", "spheres");
    if (members.size() > static_cast<std::size_t>(limits::kMaxClumpMembers))
        r.fail("a clump may have at most " + std::to_string(limits::kMaxClumpMembers) + " spheres, got " +
                   std::to_string(members.size()),
               "spheres");
    if (static_cast<double>(world.memberCount() + members.size()) > limits::kMaxMembers)
        r.fail("the scene would hold more than " + Reader::fmt(limits::kMaxMembers) + " collision spheres", "spheres");
    MassProperties mp = sphereUnionMassProperties(members, world.materials[mat].density);
    if (r.has("mass_properties")) {
        // the centre of mass stays the union's centroid; mass, moments and axes are the file's
        const Reader o = r.object("mass_properties");
        o.allowOnly({"mass", "principal_moments", "principal_axes"});
        mp.mass = o.inRange("mass", limits::kMinMass, limits::kMaxMass, " kg");
        mp.principalMoments = o.vec3("principal_moments");
        const Vec3& j = mp.principalMoments;
        if (!(j.minCoeff() >= limits::kMinMoment && j.maxCoeff() <= limits::kMaxMoment))
            o.fail("principal moments must be in [" + Reader::fmt(limits::kMinMoment) + ", " +
                       Reader::fmt(limits::kMaxMoment) + "] kg m^2",
                   "principal_moments");
        if (j.x() + j.y() < j.z() || j.y() + j.z() < j.x() || j.z() + j.x() < j.y())
            o.fail("principal moments violate the triangle inequality (no rigid body has them)", "principal_moments");
        mp.principalAxes = o.has("principal_axes") ? readQuaternion(o, "principal_axes") : Quat::Identity();
    }
    const Quat clumpToWorld = r.has("orientation") ? readQuaternion(r, "orientation") : Quat::Identity();
    const Quat q = (clumpToWorld * mp.principalAxes).normalized(); // principal -> world
    double bounding = 0.0;
    std::vector<Vec3> offsets;
    for (const ClumpMember& m : members) {
        offsets.push_back(mp.principalAxes.conjugate() * (m.center - mp.centerOfMass));
        bounding = std::max(bounding, offsets.back().norm() + m.radius);
    }
    const Vec3 position = r.point("position");
    // every member must lie within the coordinate range too (the neighbour grid spans them)
    for (int k = 0; k < 3; ++k)
        if (!(std::abs(position[k]) + bounding <= limits::kMaxCoordinate))
            r.fail("the clump reaches beyond +-" + Reader::fmt(limits::kMaxCoordinate) + " m (its spheres extend " +
                       Reader::fmt(bounding) + " m from its centre of mass at " + Reader::fmt(position[k]) + " m)",
                   "position/" + std::to_string(k));
    // the union's mass properties come from the members; tiny or huge ones are out of range too
    if (!(mp.mass >= limits::kMinMass && mp.mass <= limits::kMaxMass && std::isfinite(mp.principalMoments.norm()) &&
          mp.principalMoments.minCoeff() > 0.0))
        r.fail("the clump's mass properties are out of range (mass " + Reader::fmt(mp.mass) + " kg)", "spheres");
    const int body =
        world.addRigidBody(mat, mp.mass, mp.principalMoments, q, bounding, position, velocity(r), angularVelocity(r));
    for (std::size_t k = 0; k < members.size(); ++k)
        world.addMember(body, offsets[k], members[k].radius);
    readMotion(r, world, body);
}

// a unit vector uniformly on the sphere from two uniform variates (portable, unlike
// std::normal_distribution whose output differs between standard libraries)
Vec3 randomDirection(std::mt19937_64& rng)
{
    const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53; // [0, 1)
    const double v = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    const double z = 2.0 * u - 1.0;
    const double phi = 2.0 * std::numbers::pi * v;
    const double s = std::sqrt(std::max(0.0, 1.0 - z * z));
    return {s * std::cos(phi), s * std::sin(phi), z};
}

// three independent standard normal variates (Box-Muller from uniform variates in (0, 1]; portable)
Vec3 randomNormal(std::mt19937_64& rng)
{
    auto uniform = [&] { return (static_cast<double>(rng() >> 11) + 1.0) * 0x1.0p-53; }; // (0, 1]
    double z[4];
    for (int k = 0; k < 4; k += 2) {
        const double radius = std::sqrt(-2.0 * std::log(uniform()));
        const double angle = 2.0 * std::numbers::pi * uniform();
        z[k] = radius * std::cos(angle);
        z[k + 1] = radius * std::sin(angle);
    }
    return {z[0], z[1], z[2]};
}

void readGridGenerator(const Reader& r, World& world, const std::map<std::string, int>& byName)
{
    r.allowOnly(
        {"type", "material", "radius", "count", "spacing", "origin", "jitter", "seed", "velocity", "thermal_speed"});
    const int mat = materialIndex(r, byName);
    const double radius = r.inRange("radius", limits::kMinRadius, limits::kMaxRadius, " m");
    const double spacing = r.inRange("spacing", limits::kMinRadius, 2.0 * limits::kMaxCoordinate, " m");
    const Vec3 origin = r.point("origin", Vec3::Zero());
    const double jitter = r.inRange("jitter", 0.0, 0.0, limits::kMaxJitter, "");
    const std::int64_t seed = r.has("seed") ? r.integer("seed") : 1;
    const Vec3 drift = velocity(r);
    // (a normal variate from 53-bit uniforms stays within 8.6 deviations: the thermal part of a
    // generated speed stays under 7.5e4 m/s)
    const double thermal = r.inRange("thermal_speed", 0.0, 0.0, limits::kMaxSpeed / 20.0, " m/s");
    r.require("count");
    const Json& count = r.raw("count");
    if (!count.is_array() || count.size() != 3)
        r.fail("expected an array of 3 integers", "count");
    std::int64_t n[3];
    for (int k = 0; k < 3; ++k) {
        if (!count[k].is_number_integer() || count[k].get<std::int64_t>() < 1)
            r.fail("expected an integer >= 1", "count/" + std::to_string(k));
        n[k] = count[k].get<std::int64_t>();
    }
    checkBodyCount(r, world, static_cast<double>(n[0]) * static_cast<double>(n[1]) * static_cast<double>(n[2]),
                   "count");
    // the farthest generated centre, jitter included, stays within the coordinate range
    for (int k = 0; k < 3; ++k) {
        const double reach = static_cast<double>(n[k] - 1) * spacing + jitter * spacing;
        if (!(std::abs(origin[k]) + reach <= limits::kMaxCoordinate))
            r.fail("the grid reaches " + Reader::fmt(origin[k] + reach) + " m along axis " + std::to_string(k) +
                       ", beyond +-" + Reader::fmt(limits::kMaxCoordinate) + " m",
                   "count/" + std::to_string(k));
    }
    const double adding = static_cast<double>(n[0]) * static_cast<double>(n[1]) * static_cast<double>(n[2]);
    // before allocating: the whole scene so far plus this grid must fit in the machine's memory
    MemoryEstimate::requireFits(static_cast<double>(world.size()) + adding,
                                static_cast<double>(world.memberCount()) + adding,
                                r.file() + ": " + r.path("count") + ": ");
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    for (std::int64_t k = 0; k < n[2]; ++k) {
        for (std::int64_t j = 0; j < n[1]; ++j) {
            for (std::int64_t i = 0; i < n[0]; ++i) {
                Vec3 x =
                    origin + spacing * Vec3(static_cast<double>(i), static_cast<double>(j), static_cast<double>(k));
                if (jitter > 0.0) {
                    const Vec3 dir = randomDirection(rng);
                    const double dist = jitter * spacing * (static_cast<double>(rng() >> 11) * 0x1.0p-53);
                    x += dist * dir;
                }
                world.addSphere(mat, radius, x, drift, Vec3::Zero());
            }
        }
    }
    if (thermal > 0.0) {
        // a gas at temperature m thermal^2: each component normal with deviation thermal, from a
        // stream of its own (the positions stay those of the same grid without it), less the
        // grid's mean, so the grid moves as a whole at `velocity`
        std::mt19937_64 gas(static_cast<std::uint64_t>(seed) ^ 0x9e3779b97f4a7c15ull);
        const std::size_t first = world.size() - static_cast<std::size_t>(adding);
        Vec3 mean = Vec3::Zero();
        for (std::size_t b = first; b < world.size(); ++b) {
            world.velocity[b] += thermal * randomNormal(gas);
            mean += world.velocity[b] - drift;
        }
        mean /= adding;
        for (std::size_t b = first; b < world.size(); ++b)
            world.velocity[b] -= mean;
    }
}

std::string knownSchemes(const std::vector<SchemeInfo>& list)
{
    std::string out;
    for (const SchemeInfo& s : list)
        out += (out.empty() ? "" : ", ") + s.name;
    return out;
}

// "analytic": {"type": NAME}: the closed form must exist and the scene must satisfy its assumptions
void readAnalytic(const Reader& r, Scene& scene)
{
    r.allowOnly({"type"});
    const std::string type = r.string("type");
    const std::vector<std::string>& types = analyticSolutionTypes();
    if (std::find(types.begin(), types.end(), type) == types.end()) {
        std::string known;
        for (const std::string& t : types)
            known += (known.empty() ? "" : ", ") + t;
        r.fail("unknown analytic solution '" + type + "' (known: " + known + ")", "type");
    }
    try {
        makeAnalyticSolution(type, scene.world, scene.params, scene.listedBodies);
    } catch (const AnalyticAssumptionError& e) {
        throw SceneError(r.file(), e.jsonPath(),
                         std::string("the analytic solution '") + type + "' does not apply: " + e.what());
    }
    scene.analytic = type;
}

// a bond's stiffnesses: given directly (kn, ks N/m; kt, kb N m/rad), or as an elastic beam of
// circular cross-section between the two centres, "beam": {"young": Pa, "shear_modulus": Pa,
// "radius": m (default: the smaller sphere's)}, whose stiffnesses depend on the bond's length
struct BondStiffnessSpec {
    BondStiffness direct;
    bool beam = false;
    double young = 0.0;  // Pa
    double shear = 0.0;  // Pa
    double radius = 0.0; // m; 0: the smaller sphere's
};

BondStiffnessSpec readBondStiffness(const Reader& r)
{
    BondStiffnessSpec s;
    if (r.has("beam")) {
        for (const char* key : {"kn", "ks", "kt", "kb"})
            if (r.has(key))
                r.fail("give the four stiffnesses or a beam, not both", key);
        const Reader b = r.object("beam");
        b.allowOnly({"young", "shear_modulus", "radius"});
        s.beam = true;
        s.young = b.inRange("young", limits::kMinYoung, limits::kMaxYoung, " Pa");
        s.shear = b.inRange("shear_modulus", limits::kMinYoung, limits::kMaxYoung, " Pa");
        s.radius = b.inRange("radius", 0.0, limits::kMinRadius, limits::kMaxRadius, " m");
        return s;
    }
    s.direct.kn = r.inRange("kn", 0.0, limits::kMaxBondStiffness, " N/m");
    s.direct.ks = r.inRange("ks", 0.0, limits::kMaxBondStiffness, " N/m");
    s.direct.kt = r.inRange("kt", 0.0, limits::kMaxBondAngularStiffness, " N m/rad");
    s.direct.kb = r.inRange("kb", 0.0, limits::kMaxBondAngularStiffness, " N m/rad");
    return s;
}

// the stiffnesses of the bond between bodies a and b: a beam of length L0 = |x_a - x_b|, area
// A = pi r^2, polar and bending moments J = pi r^4 / 2, I = pi r^4 / 4, gives EA/L0, GA/L0,
// GJ/L0, EI/L0 (docs/BONDS.md)
BondStiffness stiffnessOf(const BondStiffnessSpec& s, const World& w, int a, int b)
{
    if (!s.beam)
        return s.direct;
    const std::size_t i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    const double length = (w.position[i] - w.position[j]).norm();
    const double r = s.radius > 0.0 ? s.radius : std::min(w.radius[i], w.radius[j]);
    const double area = std::numbers::pi * r * r;
    const double polar = 0.5 * std::numbers::pi * r * r * r * r;
    const double bending = 0.25 * std::numbers::pi * r * r * r * r;
    return {s.young * area / length, s.shear * area / length, s.shear * polar / length, s.young * bending / length};
}

// "strength": {"criterion": "independent" | "linear_sum", "tension": N, "shear": N, "twist": N m,
// "bend": N m}, each strength optional (left out: that mode never breaks)
BondStrength readBondStrength(const Reader& bond)
{
    BondStrength s;
    if (!bond.has("strength"))
        return s;
    const Reader r = bond.object("strength");
    r.allowOnly({"criterion", "tension", "shear", "twist", "bend"});
    const std::string criterion = r.string("criterion", "independent");
    if (criterion == "linear_sum")
        s.criterion = BondCriterion::LinearSum;
    else if (criterion != "independent")
        r.fail("unknown criterion '" + criterion + "' (known: independent, linear_sum)", "criterion");
    const double hi = limits::kMaxBondStrength;
    s.tension = r.has("tension") ? r.inRange("tension", 0.0, hi, " N") : BondStrength::kNever;
    s.shear = r.has("shear") ? r.inRange("shear", 0.0, hi, " N") : BondStrength::kNever;
    s.twist = r.has("twist") ? r.inRange("twist", 0.0, hi, " N m") : BondStrength::kNever;
    s.bend = r.has("bend") ? r.inRange("bend", 0.0, hi, " N m") : BondStrength::kNever;
    if (s.criterion == BondCriterion::LinearSum && s.unbreakable())
        r.fail("the linear_sum criterion needs at least one strength");
    return s;
}

// "law": "total" (Wang's, the default) | "incremental" (IncrementalBondState)
BondFormulation readBondLaw(const Reader& bond)
{
    const std::string law = bond.string("law", "total");
    if (law == "incremental")
        return BondFormulation::Incremental;
    if (law != "total")
        bond.fail("unknown bond law '" + law + "' (known: total, incremental)", "law");
    return BondFormulation::Total;
}

// the pairs of spheres among bodies [first, last] whose surfaces are at most `within` m apart,
// (lower, higher), in ascending order; a grid of cells as wide as the largest reach
// (stops at the first body with more than limits::kMaxBondsPerBody partners: crowded is then
// that body, else -1). In a periodic cell (whose narrowest width is over twice the reach: the
// caller checks), a pair meets through the images next to the cell too: each sphere is wrapped
// into the cell and listed with its images one period away along each periodic axis.
std::vector<std::pair<int, int>> spheresWithin(const World& w, int first, int last, double within, int& crowded)
{
    crowded = -1;
    std::vector<int> partners(w.size(), 0);
    double reach = 0.0;
    for (int b = first; b <= last; ++b)
        reach = std::max(reach, 2.0 * w.radius[static_cast<std::size_t>(b)]);
    reach += within;
    struct Entry {
        std::int64_t key[3];
        int body;
        bool image; // a periodic image (not searched from)
        Vec3 x;     // m
    };
    std::vector<Entry> cells;
    const int span = w.cell ? 1 : 0;
    for (int b = first; b <= last; ++b) {
        if (w.type[static_cast<std::size_t>(b)] != BodyType::Sphere)
            continue;
        Vec3 x = w.position[static_cast<std::size_t>(b)];
        if (w.cell)
            x -= w.cell->shift(w.cell->wrapShift(x));
        for (int i = -span; i <= span; ++i)
            for (int j = -span; j <= span; ++j)
                for (int k = -span; k <= span; ++k) {
                    const ImageShift n{i, j, k};
                    bool valid = true;
                    for (int c = 0; c < 3; ++c)
                        valid = valid && (n[static_cast<std::size_t>(c)] == 0 || w.cell->periodic(c));
                    if (!valid)
                        continue;
                    const Vec3 y = w.cell ? Vec3(x + w.cell->shift(n)) : x;
                    cells.push_back({{static_cast<std::int64_t>(std::floor(y.x() / reach)),
                                      static_cast<std::int64_t>(std::floor(y.y() / reach)),
                                      static_cast<std::int64_t>(std::floor(y.z() / reach))},
                                     b,
                                     i != 0 || j != 0 || k != 0,
                                     y});
                }
    }
    auto less = [](const Entry& a, const Entry& b) {
        return std::lexicographical_compare(a.key, a.key + 3, b.key, b.key + 3) ||
               (std::equal(a.key, a.key + 3, b.key) && a.body < b.body);
    };
    std::sort(cells.begin(), cells.end(), less);
    std::vector<std::pair<int, int>> out;
    for (const Entry& e : cells) {
        if (e.image)
            continue;
        const std::size_t a = static_cast<std::size_t>(e.body);
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz) {
                    Entry probe{{e.key[0] + dx, e.key[1] + dy, e.key[2] + dz}, -1, false, Vec3::Zero()};
                    for (auto it = std::lower_bound(cells.begin(), cells.end(), probe, less);
                         it != cells.end() && std::equal(it->key, it->key + 3, probe.key); ++it) {
                        const std::size_t b = static_cast<std::size_t>(it->body);
                        if (b <= a)
                            continue;
                        const double gap = (e.x - it->x).norm() - w.radius[a] - w.radius[b];
                        if (gap > within)
                            continue;
                        out.push_back({e.body, it->body});
                        if (++partners[a] > limits::kMaxBondsPerBody || ++partners[b] > limits::kMaxBondsPerBody) {
                            crowded = partners[a] > limits::kMaxBondsPerBody ? e.body : it->body;
                            return out;
                        }
                    }
                }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// In a periodic cell, a bond between spheres at a distance (m, to the partner's nearest image)
// of half the cell's narrowest width or more is refused: its partner's nearest image would not
// be one image (PeriodicCell::nearestImage), and the step keeps bonds under that bound.
void requireBondFitsCell(const Reader& r, const World& world, double length, const std::string& what, const char* key)
{
    if (!world.cell)
        return;
    const double width = world.cell->narrowestPeriodicWidth();
    if (!(length < 0.5 * width))
        r.fail(what + " reaches " + Reader::fmt(length) + " m, not under half the periodic cell's narrowest width " +
                   Reader::fmt(width) + " m: a bond would reach two images of its partner (use a larger cell)",
               key);
}

// "bonds": [{"bodies": [i, j], "kn": N/m, "ks": N/m, "kt": N m/rad, "kb": N m/rad}]: Wang's bond
// (or with "law": "incremental", the incremental one) between spheres i and j (indices in the scene's body list,
// generated bodies after the listed ones), free of stress in the bodies' state at load. A generator entry,
// {"within": m, "range": [first, last], "kn": ...}, bonds every pair of spheres among bodies
// first to last (default: all) whose surfaces are at most `within` apart (beams, plates,
// agglomerates), leaving out pairs bonded already.
void readBonds(const Reader& top, World& world)
{
    std::set<std::pair<int, int>> seen;
    auto checkCount = [&](const Reader& r, std::size_t more) {
        if (static_cast<double>(world.bonds.size() + more) > limits::kMaxBonds)
            r.fail("more than " + Reader::fmt(limits::kMaxBonds) + " bonds");
    };
    top.forEach("bonds", [&](const Reader& r, std::size_t) {
        checkCount(r, 1);
        if (r.has("within")) {
            r.allowOnly({"within", "range", "kn", "ks", "kt", "kb", "beam", "strength", "law"});
            const double within = r.inRange("within", 0.0, limits::kMaxRadius, " m");
            int first = 0, last = static_cast<int>(world.size()) - 1;
            if (r.has("range")) {
                const Json& range = r.raw("range");
                if (!range.is_array() || range.size() != 2 || !range[0].is_number_integer() ||
                    !range[1].is_number_integer())
                    r.fail("expected two body indices [first, last]", "range");
                const std::int64_t a = range[0].get<std::int64_t>(), b = range[1].get<std::int64_t>();
                if (a < 0 || b >= static_cast<std::int64_t>(world.size()) || a > b)
                    r.fail("expected 0 <= first <= last < " + std::to_string(world.size()) + ", got [" +
                               std::to_string(a) + ", " + std::to_string(b) + "]",
                           "range");
                first = static_cast<int>(a);
                last = static_cast<int>(b);
            }
            const BondStiffnessSpec k = readBondStiffness(r);
            const BondStrength strength = readBondStrength(r);
            const BondFormulation law = readBondLaw(r);
            double largest = 0.0;
            for (int b = first; b <= last; ++b)
                if (world.type[static_cast<std::size_t>(b)] == BodyType::Sphere)
                    largest = std::max(largest, world.radius[static_cast<std::size_t>(b)]);
            requireBondFitsCell(r, world, 2.0 * largest + within, "a bond of the largest spheres 'within' this",
                                "within");
            int crowded = -1;
            const std::vector<std::pair<int, int>> pairs = spheresWithin(world, first, last, within, crowded);
            if (crowded >= 0)
                r.fail("body " + std::to_string(crowded) + " would get more than " +
                           std::to_string(limits::kMaxBondsPerBody) + " bonds within " + Reader::fmt(within) +
                           " m: spheres this close overlap deeply (is a radius or the spacing scaled wrongly?)",
                       "within");
            checkCount(r, pairs.size());
            for (const auto& pair : pairs)
                if (seen.insert(pair).second)
                    world.addBond(pair.first, pair.second, stiffnessOf(k, world, pair.first, pair.second), strength,
                                  law);
            return;
        }
        r.allowOnly({"bodies", "kn", "ks", "kt", "kb", "beam", "strength", "law"});
        r.require("bodies");
        const Json& ids = r.raw("bodies");
        if (!ids.is_array() || ids.size() != 2)
            r.fail("expected two body indices [i, j]", "bodies");
        int body[2];
        for (int e = 0; e < 2; ++e) {
            const std::string at = "bodies/" + std::to_string(e);
            if (!ids[e].is_number_integer())
                r.fail("expected a body index (an integer), found " + typeName(ids[e]), at);
            const std::int64_t id = ids[e].get<std::int64_t>();
            if (id < 0 || id >= static_cast<std::int64_t>(world.size()))
                r.fail("no body " + std::to_string(id) + " (the scene has bodies 0 to " +
                           std::to_string(world.size() - 1) + ")",
                       at);
            body[e] = static_cast<int>(id);
            if (world.type[static_cast<std::size_t>(id)] != BodyType::Sphere)
                r.fail("body " + std::to_string(id) +
                           " is a clump; bonds join spheres (bonding clumps is not implemented)",
                       at);
        }
        if (body[0] == body[1])
            r.fail("a body cannot be bonded to itself (both are body " + std::to_string(body[0]) + ")", "bodies");
        const std::pair<int, int> key{std::min(body[0], body[1]), std::max(body[0], body[1])};
        if (!seen.insert(key).second)
            r.fail("bodies " + std::to_string(key.first) + " and " + std::to_string(key.second) + " are bonded twice",
                   "bodies");
        // (in a periodic cell, to body 1's image nearest body 0)
        const Vec3& x0 = world.position[static_cast<std::size_t>(body[0])];
        const Vec3 gap = x0 - world.positionNear(static_cast<std::size_t>(body[1]), x0);
        if (!(gap.norm() > 1e-9 * (world.radius[static_cast<std::size_t>(body[0])] +
                                   world.radius[static_cast<std::size_t>(body[1])])))
            r.fail("bodies " + std::to_string(body[0]) + " and " + std::to_string(body[1]) +
                       " are at the same position: a bond needs a direction",
                   "bodies");
        requireBondFitsCell(r, world, gap.norm(),
                            "the bond between bodies " + std::to_string(body[0]) + " and " + std::to_string(body[1]),
                            "bodies");
        world.addBond(body[0], body[1], stiffnessOf(readBondStiffness(r), world, body[0], body[1]), readBondStrength(r),
                      readBondLaw(r));
    });
    world.bonds.sort(world.size());
}

// three rows of three finite numbers within +-bound (unit for the message) at r's key
Mat3 readMatrix(const Reader& r, const char* key, double bound, const char* unit)
{
    const Json& v = r.raw(key);
    if (!v.is_array() || v.size() != 3)
        r.fail("expected three rows of three numbers", key);
    Mat3 m;
    for (int i = 0; i < 3; ++i) {
        const std::string row = std::string(key) + "/" + std::to_string(i);
        if (!v[i].is_array() || v[i].size() != 3)
            r.fail("expected an array of 3 numbers", row);
        for (int j = 0; j < 3; ++j) {
            const Json& x = v[i][j];
            const std::string at = row + "/" + std::to_string(j);
            if (!x.is_number() || !std::isfinite(x.get<double>()))
                r.fail("expected a finite number, found " + typeName(x), at);
            if (!(std::abs(x.get<double>()) <= bound))
                r.fail(Reader::fmt(x.get<double>()) + unit + " is beyond +-" + Reader::fmt(bound) + unit, at);
            m(i, j) = x.get<double>();
        }
    }
    return m;
}

// "velocity_gradient_schedule": [{"time": t, "velocity_gradient": L}, ...]: L piecewise linear in
// time (GradientSchedule), times >= 0 and strictly increasing
GradientSchedule readGradientSchedule(const Reader& r)
{
    std::vector<GradientKnot> knots;
    const Json& list = r.raw("velocity_gradient_schedule");
    if (!list.is_array() || list.empty())
        r.fail("expected a non-empty array of {\"time\": s, \"velocity_gradient\": L}", "velocity_gradient_schedule");
    if (list.size() > limits::kMaxScheduleKnots)
        r.fail("more than " + std::to_string(limits::kMaxScheduleKnots) + " knots", "velocity_gradient_schedule");
    r.forEach("velocity_gradient_schedule", [&](const Reader& k, std::size_t i) {
        k.allowOnly({"time", "velocity_gradient"});
        GradientKnot knot;
        knot.time = k.inRange("time", 0.0, limits::kMaxTime, " s");
        k.require("velocity_gradient");
        knot.gradient = readMatrix(k, "velocity_gradient", limits::kMaxStrainRate, " 1/s");
        if (i > 0 && !(knot.time > knots.back().time))
            k.fail("the times must increase: " + Reader::fmt(knot.time) + " s after " + Reader::fmt(knots.back().time) +
                       " s",
                   "time");
        knots.push_back(knot);
    });
    return GradientSchedule(std::move(knots));
}

// the smallest subspace holding a that every one of gradients maps into itself (a side vector
// moved by any sequence of steps under these gradients stays in it), as an orthonormal basis
std::vector<Vec3> invariantSpan(const Vec3& a, const std::vector<Mat3>& gradients)
{
    std::vector<Vec3> basis{a.normalized()};
    for (std::size_t done = 0; done < basis.size() && basis.size() < 3; ++done) {
        for (const Mat3& l : gradients) {
            Vec3 v = l * basis[done];
            const double size = v.norm();
            for (const Vec3& e : basis)
                v -= v.dot(e) * e;
            if (v.norm() > 1e-9 * size && basis.size() < 3)
                basis.push_back(v.normalized());
        }
    }
    return basis;
}

// "cell": {"vectors": [a, b, c], "periodic": [bool x 3], "velocity_gradient": [[3], [3], [3]],
// "model": "medium_carried" | "lees_edwards"}: a periodic cell with its corner at the origin,
// side vectors a, b, c (m), and the medium's velocity gradient L (1/s, rows: v_i = L_ij x_j;
// default zero), or "velocity_gradient_schedule" in its place. docs/PERIODIC.md.
void readCell(const Reader& top, World& world, const std::string& file)
{
    if (!top.has("cell"))
        return;
    const Reader r = top.object("cell");
    r.allowOnly({"vectors", "periodic", "velocity_gradient", "velocity_gradient_schedule", "model"});
    auto matrix = [&](const char* key, double bound, const char* unit) { return readMatrix(r, key, bound, unit); };
    r.require("vectors");
    const Mat3 h = matrix("vectors", limits::kMaxCoordinate, " m").transpose(); // columns: the sides
    const double volume = h.determinant();
    if (!(std::abs(volume) > 1e-9 * h.col(0).norm() * h.col(1).norm() * h.col(2).norm()))
        r.fail("the side vectors are (nearly) coplanar: the cell has no volume", "vectors");
    std::array<bool, 3> periodic{true, true, true};
    if (r.has("periodic")) {
        const Json& v = r.raw("periodic");
        if (!v.is_array() || v.size() != 3)
            r.fail("expected three booleans, one per side", "periodic");
        for (int k = 0; k < 3; ++k) {
            if (!v[k].is_boolean())
                r.fail("expected true or false, found " + typeName(v[k]), "periodic/" + std::to_string(k));
            periodic[static_cast<std::size_t>(k)] = v[k].get<bool>();
        }
        if (!periodic[0] && !periodic[1] && !periodic[2])
            r.fail("no side repeats: a cell needs at least one periodic side", "periodic");
    }
    if (r.has("velocity_gradient") && r.has("velocity_gradient_schedule"))
        r.fail("give the velocity gradient as a constant or as a schedule, not both", "velocity_gradient_schedule");
    const GradientSchedule schedule =
        r.has("velocity_gradient_schedule") ? readGradientSchedule(r) : GradientSchedule();
    const Mat3 l =
        r.has("velocity_gradient") ? matrix("velocity_gradient", limits::kMaxStrainRate, " 1/s") : schedule.at(0.0);
    // every gradient the cell will move under (the steps' means lie in the knots' hull)
    std::vector<Mat3> gradients{l};
    for (const GradientKnot& k : schedule.knots())
        gradients.push_back(k.gradient);
    const std::string model = r.string("model", "medium_carried");
    if (model != "medium_carried" && model != "lees_edwards")
        r.fail("unknown model '" + model + "' (known: medium_carried, lees_edwards)", "model");
    PeriodicCell cell(h, periodic, l, model == "lees_edwards" ? CellModel::LeesEdwards : CellModel::MediumCarried);
    cell.setSchedule(schedule);
    cell.reduce(); // the same images through the least tilted sides
    // a wall must not cut a periodic direction, now or as the cell deforms: its normal at right
    // angles to every direction the side can take (the side's span under the gradients)
    for (std::size_t i = 0; i < world.walls.size(); ++i) {
        const Vec3& n = world.walls[i].normal;
        for (int k = 0; k < 3; ++k) {
            if (!periodic[static_cast<std::size_t>(k)])
                continue;
            const Vec3 a = cell.vectors().col(k);
            const bool now = std::abs(n.dot(a)) > 1e-9 * a.norm();
            bool crosses = now;
            for (const Vec3& e : invariantSpan(a, gradients))
                crosses = crosses || std::abs(n.dot(e)) > 1e-9;
            if (crosses)
                throw SceneError(file, "/walls/" + std::to_string(i) + "/normal",
                                 "the wall cuts the cell's periodic side " + std::to_string(k) +
                                     (now ? "" : " once the cell deforms") +
                                     ": a wall's normal must be at right angles to every periodic side");
        }
    }
    // the minimum-image condition: no body wider than half the cell
    const double w = cell.narrowestPeriodicWidth();
    for (std::size_t b = 0; b < world.size(); ++b) {
        if (2.0 * world.radius[b] > 0.5 * w)
            r.fail("body " + std::to_string(b) + " is " + Reader::fmt(2.0 * world.radius[b]) +
                       " m wide, more than half the cell's narrowest periodic width " + Reader::fmt(w) +
                       " m (it would touch its own image)",
                   "vectors");
    }
    world.cell = cell;
}

Scene readScene(const Json& doc, const std::string& file)
{
    const Reader top(file, doc, "");
    top.allowOnly({"format", "version", "name", "description", "gravity", "integration", "damping", "materials",
                   "bodies", "walls", "bonds", "generators", "analytic", "cell"});
    if (top.string("format") != "tumble-scene")
        top.fail("expected \"tumble-scene\"", "format");
    if (top.integer("version") != 1)
        top.fail("unsupported version " + std::to_string(top.integer("version")) + " (this build reads version 1)",
                 "version");

    Scene scene;
    scene.source = file;
    scene.name = top.string("name", "Untitled");
    scene.description = top.string("description", "");
    World& world = scene.world;
    world.gravity = top.vec3AtMost("gravity", Vec3(0.0, 0.0, -9.81), limits::kMaxGravity, " m/s^2");

    // materials first: bodies and walls refer to them by name
    std::map<std::string, int> byName;
    top.forEach("materials", [&](const Reader& r, std::size_t i) {
        if (i >= static_cast<std::size_t>(limits::kMaxMaterials))
            r.fail("more than " + std::to_string(limits::kMaxMaterials) + " materials");
        Material m = readMaterial(r);
        if (byName.count(m.name))
            r.fail("material '" + m.name + "' is defined twice", "name");
        byName[m.name] = static_cast<int>(world.materials.size());
        world.materials.push_back(std::move(m));
    });

    top.forEach("bodies", [&](const Reader& r, std::size_t) {
        const std::string type = r.string("type");
        if (type == "sphere") {
            checkBodyCount(r, world, 1.0, "type");
            readSphere(r, world, byName);
        } else if (type == "clump") {
            checkBodyCount(r, world, 1.0, "type");
            readClump(r, world, byName);
        } else {
            r.fail("unknown body type '" + type + "' (known: sphere, clump)", "type");
        }
    });
    scene.listedBodies = world.size();
    top.forEach("generators", [&](const Reader& r, std::size_t) {
        const std::string type = r.string("type");
        if (type != "grid")
            r.fail("unknown generator type '" + type + "' (known: grid)", "type");
        readGridGenerator(r, world, byName);
    });
    top.forEach("walls", [&](const Reader& r, std::size_t i) {
        if (i >= static_cast<std::size_t>(limits::kMaxWalls))
            r.fail("more than " + std::to_string(limits::kMaxWalls) + " walls");
        r.allowOnly({"type", "point", "normal", "material"});
        const std::string type = r.string("type");
        if (type != "plane")
            r.fail("unknown wall type '" + type + "' (known: plane)", "type");
        Wall w;
        w.material = materialIndex(r, byName);
        w.point = r.point("point");
        const Vec3 normal = r.vec3("normal");
        if (normal.norm() < 1e-12)
            r.fail("the normal must not be the zero vector", "normal");
        w.normal = normal.normalized();
        world.walls.push_back(w);
    });
    // no published law joins a linear spring to a Hertzian one, so one scene uses one model
    {
        std::vector<char> used(world.materials.size(), 0);
        for (int m : world.material)
            used[m] = 1;
        for (const Wall& w : world.walls)
            used[w.material] = 1;
        int first = -1;
        for (std::size_t m = 0; m < used.size(); ++m) {
            if (!used[m])
                continue;
            if (first < 0) {
                first = static_cast<int>(m);
            } else if (world.materials[m].model != world.materials[first].model) {
                const auto modelName = [&](int k) {
                    return world.materials[k].model == ContactModelKind::Linear ? "linear" : "hertz_mindlin";
                };
                throw SceneError(file, "/materials/" + std::to_string(m) + "/contact/model",
                                 "material '" + world.materials[m].name + "' uses " + modelName(static_cast<int>(m)) +
                                     " but material '" + world.materials[first].name + "' uses " + modelName(first) +
                                     "; the bodies and walls of one scene must share one contact model");
            } else if (world.materials[m].frictionLimit != world.materials[first].frictionLimit) {
                const auto limitName = [&](int k) {
                    return world.materials[k].frictionLimit == FrictionLimit::Elastic ? "elastic" : "total";
                };
                throw SceneError(file, "/materials/" + std::to_string(m) + "/contact/friction_limit",
                                 "material '" + world.materials[m].name + "' caps friction on the " +
                                     limitName(static_cast<int>(m)) + " normal force but material '" +
                                     world.materials[first].name + "' on the " + limitName(first) +
                                     "; the bodies and walls of one scene must share one friction limit");
            }
        }
    }
    readCell(top, world, file); // (first: a bond meets its partner's nearest image)
    readBonds(top, world);
    if (world.size() == 0)
        top.fail("the scene has no bodies (give \"bodies\" or \"generators\")");
    // the run's memory (contacts, grid) on top of the bodies: refused here, so inspect and run agree
    MemoryEstimate::requireFits(static_cast<double>(world.size()), static_cast<double>(world.memberCount()),
                                file + ": /: ");

    // run parameters
    SimParams& p = scene.params;
    if (top.has("integration")) {
        const Reader in = top.object("integration");
        in.allowOnly({"translation", "rotation", "dt"});
        p.translation = in.string("translation", p.translation);
        if (!makeTranslationScheme(p.translation))
            in.fail("unknown translation scheme '" + p.translation +
                        "' (available: " + knownSchemes(translationSchemes()) + ")",
                    "translation");
        p.rotation = in.string("rotation", p.rotation);
        if (!makeRotationScheme(p.rotation))
            in.fail("unknown rotation scheme '" + p.rotation + "' (available: " + knownSchemes(rotationSchemes()) + ")",
                    "rotation");
        if (const std::string err = schemeCombinationError(p.translation, p.rotation); !err.empty())
            in.fail(err, "rotation");
        if (in.has("dt")) {
            if (in.raw("dt").is_object()) {
                const Reader d = in.object("dt");
                d.allowOnly({"factor"});
                scene.dtFactor = d.positive("factor");
                if (scene.dtFactor > limits::kMaxDtFactor)
                    d.fail("must be <= " + Reader::fmt(limits::kMaxDtFactor) + ", got " + Reader::fmt(scene.dtFactor),
                           "factor");
            } else {
                p.dt = in.inRange("dt", limits::kMinDt, limits::kMaxDt, " s");
            }
        } else {
            scene.dtFactor = 0.3;
        }
    } else {
        scene.dtFactor = 0.3;
    }
    if (scene.dtFactor > 0.0) {
        const double critical = criticalTimestep(world);
        p.dt = scene.dtFactor * critical;
        if (!(p.dt >= limits::kMinDt && p.dt <= limits::kMaxDt))
            throw SceneError(file, "/integration/dt",
                             "dt = " + Reader::fmt(scene.dtFactor) + " x the critical timestep " +
                                 Reader::fmt(critical) + " s = " + Reader::fmt(p.dt) + " s is outside [" +
                                 Reader::fmt(limits::kMinDt) + ", " + Reader::fmt(limits::kMaxDt) +
                                 "] s (the scene's stiffness and masses are extreme)");
    }

    if (top.has("damping")) {
        const Reader d = top.object("damping");
        d.allowOnly({"local", "local_variant", "viscous"});
        p.localDamping = d.unitInterval("local", 0.0, false);
        const std::string variant = d.string("local_variant", "pfc");
        if (variant == "pfc")
            p.localDampingVariant = LocalDampingVariant::Pfc;
        else if (variant == "woo")
            p.localDampingVariant = LocalDampingVariant::Woo;
        else
            d.fail("unknown local damping variant '" + variant + "' (known: pfc, woo)", "local_variant");
        p.viscousDamping = d.inRange("viscous", 0.0, 0.0, limits::kMaxViscousDamping, " 1/s");
    }
    if (top.has("analytic"))
        readAnalytic(top.object("analytic"), scene);
    return scene;
}

} // namespace

namespace {

// no scene nests this deep; refusing deeper documents before parsing keeps a hostile one from
// exhausting the stack of any recursive walk over the parsed tree
constexpr int kMaxNesting = 64;

void checkNesting(const std::string& text, const std::string& sourceName)
{
    int depth = 0;
    bool inString = false;
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < text.size(); ++i, ++col) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            col = 0;
        }
        if (inString) {
            if (c == '\\')
                ++i, ++col; // the escaped character
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxNesting)
                throw SceneError(sourceName, "line " + std::to_string(line) + ", column " + std::to_string(col),
                                 "JSON nested deeper than " + std::to_string(kMaxNesting) + " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

} // namespace

Scene loadSceneText(const std::string& text, const std::string& sourceName)
{
    checkNesting(text, sourceName);
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const Json::parse_error& e) {
        // turn the byte offset into a line and column a person can find
        std::size_t line = 1, col = 1;
        const std::size_t end = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        for (std::size_t i = 0; i < end; ++i) {
            if (text[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        std::string what = e.what();
        if (const auto pos = what.find("syntax error"); pos != std::string::npos)
            what = what.substr(pos);
        throw SceneError(sourceName, "line " + std::to_string(line) + ", column " + std::to_string(col),
                         "malformed JSON: " + what);
    } catch (const Json::out_of_range& e) {
        // a number past the double range (e.g. 2e308, a fuzzer's find): no byte offset comes
        // with it, so find the number the message quotes
        std::string what = e.what();
        std::string where = "/";
        const auto open = what.find('\'');
        const auto close = what.rfind('\'');
        if (open != std::string::npos && close > open) {
            const std::string number = what.substr(open + 1, close - open - 1);
            if (const auto at = text.find(number); at != std::string::npos) {
                const auto lineStart = text.rfind('\n', at);
                const std::size_t line =
                    1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + at, '\n'));
                const std::size_t col = at - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
                where = "line " + std::to_string(line) + ", column " + std::to_string(col);
            }
        }
        if (const auto pos = what.find("number overflow"); pos != std::string::npos)
            what = what.substr(pos);
        throw SceneError(sourceName, where, "number out of range: " + what);
    } catch (const Json::exception& e) {
        throw SceneError(sourceName, "/", std::string("malformed JSON: ") + e.what());
    }
    try {
        return readScene(doc, sourceName);
    } catch (const Json::exception& e) {
        // every value is type-checked before it is read; this is a safety net, never a crash
        throw SceneError(sourceName, "/", std::string("unexpected JSON: ") + e.what());
    }
}

Scene loadSceneFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw SceneError(path, "/", "cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    return loadSceneText(text.str(), path);
}

} // namespace tumble
