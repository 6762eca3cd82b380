#include "io/PhaseCsvWriter.h"

#include <stdexcept>

#include "io/NumberFormat.h"

namespace tumble {

namespace {

const char* timingName(VelocityTiming t)
{
    return t == VelocityTiming::HalfStep ? "half_step" : "on_step";
}

} // namespace

PhaseCsvWriter::PhaseCsvWriter(std::string path, std::vector<int> ids, const World& world)
    : m_file(std::move(path)), m_ids(std::move(ids))
{
    for (int id : m_ids) {
        if (id < 0 || static_cast<std::size_t>(id) >= world.size())
            throw std::out_of_range("phase: body " + std::to_string(id) + " does not exist (the world has " +
                                    std::to_string(world.size()) + " bodies)");
        m_start.push_back(world.orientation[world.bodySlot(id)]);
    }
    m_file.write(std::string(kHeader) + '\n');
}

void PhaseCsvWriter::write(const World& world)
{
    m_chunk.clear();
    for (std::size_t k = 0; k < m_ids.size(); ++k) {
        const std::size_t i = world.bodySlot(m_ids[k]); // where the simulation keeps it
        const Eigen::AngleAxisd turn(world.orientation[i] * m_start[k].conjugate());
        appendNumber(m_chunk, world.step);
        m_chunk += ',';
        appendNumber(m_chunk, world.time);
        m_chunk += ',';
        appendNumber(m_chunk, static_cast<long long>(m_ids[k]));
        m_chunk += ',';
        m_chunk += timingName(world.velocityTiming);
        m_chunk += ',';
        m_chunk += timingName(world.angularTiming);
        appendFields(m_chunk, world.position[i]);
        appendFields(m_chunk, world.velocity[i]);
        appendFields(m_chunk, Vec3(turn.angle() * turn.axis()));
        appendFields(m_chunk, world.angularVelocity[i]);
        m_chunk += '\n';
    }
    m_file.write(m_chunk);
    m_rows += static_cast<long long>(m_ids.size());
}

} // namespace tumble
