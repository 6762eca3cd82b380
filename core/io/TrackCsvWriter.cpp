#include "io/TrackCsvWriter.h"

#include <stdexcept>

#include "io/NumberFormat.h"

namespace tumble {

namespace {

void appendVec(std::string& out, const Vec3& v)
{
    for (int k = 0; k < 3; ++k) {
        out += ',';
        appendNumber(out, v[k]);
    }
}

} // namespace

TrackCsvWriter::TrackCsvWriter(std::string path, std::vector<int> ids)
    : m_file(std::move(path)), m_ids(std::move(ids))
{
    m_file.write(std::string(kHeader) + '\n');
}

void TrackCsvWriter::write(const World& world, double dt)
{
    const bool halfStep = world.velocityTiming == VelocityTiming::HalfStep;
    m_chunk.clear();
    for (int id : m_ids) {
        if (id < 0 || static_cast<std::size_t>(id) >= world.size())
            throw std::out_of_range("track: body " + std::to_string(id) + " does not exist (the world has "
                                    + std::to_string(world.size()) + " bodies)");
        const auto i = static_cast<std::size_t>(id);
        Vec3 v = world.velocity[i];
        Vec3 l = world.angularMomentum[i];
        Vec3 w = world.angularVelocity[i];
        if (halfStep) {
            // on-step estimate from the half-step values and the loads at t
            v += world.force[i] * (world.invMass[i] * 0.5 * dt);
            l += world.torque[i] * (0.5 * dt);
            w = world.inverseInertiaWorld(i) * l;
        }
        const Quat& q = world.orientation[i];

        appendNumber(m_chunk, world.step);
        m_chunk += ',';
        appendNumber(m_chunk, world.time);
        m_chunk += ',';
        appendNumber(m_chunk, static_cast<long long>(id));
        appendVec(m_chunk, world.position[i]);
        appendVec(m_chunk, v);
        appendVec(m_chunk, w);
        appendVec(m_chunk, l);
        for (double c : {q.w(), q.x(), q.y(), q.z()}) {
            m_chunk += ',';
            appendNumber(m_chunk, c);
        }
        m_chunk += '\n';
    }
    m_file.write(m_chunk);
    m_rows += static_cast<long long>(m_ids.size());
}

} // namespace tumble
