#include "analysis/AnalyticChecks.h"

#include <cmath>

#include "contact/ContactLaw.h"

namespace tumble::analytic {

std::string bodyPath(std::size_t i, std::size_t listedBodies)
{
    return i < listedBodies ? "/bodies/" + std::to_string(i) : std::string("/generators");
}

void requireNoDamping(const SimParams& p)
{
    if (p.localDamping != 0.0)
        throw AnalyticAssumptionError("/damping/local", "must be 0: the closed form has no local damping");
    if (p.viscousDamping != 0.0)
        throw AnalyticAssumptionError("/damping/viscous", "must be 0: the closed form has no viscous damping");
}

void requireSpheres(const World& w, std::size_t n, std::size_t listedBodies)
{
    if (w.size() != n)
        throw AnalyticAssumptionError("/bodies", "needs exactly " + std::to_string(n) + " bod" +
                                                     (n == 1 ? "y" : "ies") + ", the scene has " +
                                                     std::to_string(w.size()));
    for (std::size_t i = 0; i < n; ++i)
        if (w.type[i] != BodyType::Sphere)
            throw AnalyticAssumptionError(bodyPath(i, listedBodies) + "/type", "must be a sphere");
}

void requireWalls(const World& w, std::size_t n)
{
    if (w.walls.size() != n)
        throw AnalyticAssumptionError("/walls", "needs exactly " + std::to_string(n) + " plane wall" +
                                                    (n == 1 ? "" : "s") + ", the scene has " +
                                                    std::to_string(w.walls.size()));
}

void requireNoSpin(const World& w, std::size_t i, std::size_t listedBodies)
{
    if (!w.angularVelocity[i].isZero(0.0))
        throw AnalyticAssumptionError(bodyPath(i, listedBodies) + "/angular_velocity",
                                      "must be zero: a spinning sphere would load the contact tangentially");
}

void requireAlong(const Vec3& v, const Vec3& n, const std::string& path, const std::string& what)
{
    if (v.cross(n).norm() > 1e-12 * v.norm())
        throw AnalyticAssumptionError(path, "must be along " + what + " (the closed form is one-dimensional)");
}

ContactParams linearContact(const World& w, int a, int b, double rStar, double mStar)
{
    for (int m : {a, b}) {
        const std::string path = "/materials/" + std::to_string(m) + "/contact";
        if (w.materials[m].model != ContactModelKind::Linear)
            throw AnalyticAssumptionError(path + "/model",
                                          "must be \"linear\": the closed form is the linear spring-dashpot");
    }
    const PairLaw law = mixMaterials(w.materials[a], w.materials[b]);
    if (!(law.restitution > 0.0))
        throw AnalyticAssumptionError("/materials/" + std::to_string(a) + "/contact/restitution",
                                      "must be > 0: the closed form needs an underdamped contact");
    return makeContactParams(law, rStar, mStar);
}

} // namespace tumble::analytic
