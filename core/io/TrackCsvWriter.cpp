#include "io/TrackCsvWriter.h"

#include <stdexcept>

#include "io/NumberFormat.h"
#include "model/OnStepKinematics.h"

namespace tumble {

TrackCsvWriter::TrackCsvWriter(std::string path, std::vector<int> ids) : m_file(std::move(path)), m_ids(std::move(ids))
{
    m_file.write(std::string(kHeader) + '\n');
}

void TrackCsvWriter::write(const World& world, double dt)
{
    m_chunk.clear();
    for (int id : m_ids) {
        if (id < 0 || static_cast<std::size_t>(id) >= world.size())
            throw std::out_of_range("track: body " + std::to_string(id) + " does not exist (the world has " +
                                    std::to_string(world.size()) + " bodies)");
        const std::size_t i = world.bodySlot(id); // where the simulation keeps it
        const OnStepKinematics k = onStepKinematics(world, i, dt);
        const Quat& q = world.orientation[i];

        appendNumber(m_chunk, world.step);
        m_chunk += ',';
        appendNumber(m_chunk, world.time);
        m_chunk += ',';
        appendNumber(m_chunk, static_cast<long long>(id));
        appendFields(m_chunk, world.position[i]);
        appendFields(m_chunk, k.velocity);
        appendFields(m_chunk, k.angularVelocity);
        appendFields(m_chunk, k.angularMomentum);
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
