#include "sim/SceneFingerprint.h"

#include <cstring>
#include <string_view>
#include <type_traits>

namespace tumble {

namespace {

class Fnv1a {
public:
    void bytes(const void* data, std::size_t size)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t k = 0; k < size; ++k) {
            m_hash ^= p[k];
            m_hash *= 0x100000001b3ULL;
        }
    }
    template <class T> void add(const T& v)
    {
        static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>);
        bytes(&v, sizeof v);
    }
    void add(const Vec3& v) { bytes(v.data(), 3 * sizeof(double)); }
    void add(std::string_view s)
    {
        add(s.size());
        bytes(s.data(), s.size());
    }
    std::uint64_t value() const { return m_hash; }

private:
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
};

} // namespace

std::uint64_t sceneFingerprint(const World& w)
{
    Fnv1a h;
    h.add(w.size());
    h.add(w.memberCount());
    for (std::size_t id = 0; id < w.size(); ++id) {
        const std::size_t i = w.bodySlot(static_cast<int>(id));
        h.add(w.mass[i]);
        h.add(w.radius[i]);
        h.add(w.inertia[i]);
        h.add(w.material[i]);
        h.add(w.type[i]);
        h.add(w.hasHeldBodies() ? w.motion[i] : BodyMotion::Free);
    }
    std::vector<int> members;
    w.membersInSceneOrder(members);
    for (int k : members) {
        const std::size_t m = static_cast<std::size_t>(k);
        h.add(w.bodyId(static_cast<std::size_t>(w.memberBody[m])));
        h.add(w.memberOffset[m]);
        h.add(w.memberRadius[m]);
    }
    h.add(w.materials.size());
    for (const Material& m : w.materials) {
        h.add(std::string_view(m.name));
        h.add(m.model);
        for (double v : {m.density, m.kn, m.kt, m.young, m.poisson, m.restitution, m.friction, m.rollingFriction})
            h.add(v);
        if (m.frictionLimit != FrictionLimit::Elastic) // (so states saved before the option still match)
            h.add(m.frictionLimit);
    }
    h.add(w.walls.size());
    for (const Wall& wall : w.walls) {
        h.add(wall.point);
        h.add(wall.normal);
        h.add(wall.material);
    }
    h.add(w.gravity);
    h.add(w.bonds.size());
    for (const auto& b : w.bonds.bodies) {
        h.add(w.bodyId(static_cast<std::size_t>(b[0])));
        h.add(w.bodyId(static_cast<std::size_t>(b[1])));
    }
    h.add(w.cell.has_value());
    return h.value();
}

} // namespace tumble
