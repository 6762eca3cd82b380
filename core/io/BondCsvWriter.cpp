#include "io/BondCsvWriter.h"

#include "bond/BondInspection.h"
#include "io/NumberFormat.h"

namespace tumble {

BondCsvWriter::BondCsvWriter(std::string path, std::vector<std::array<int, 2>> pairs)
    : m_file(std::move(path)), m_pairs(std::move(pairs))
{
    m_file.write(std::string(kHeader) + '\n');
}

void BondCsvWriter::appendRow(const World& w, std::size_t k)
{
    const BondSet& bonds = w.bonds;
    const std::size_t i = static_cast<std::size_t>(bonds.bodies[k][0]);
    const std::size_t j = static_cast<std::size_t>(bonds.bodies[k][1]);
    // the one definition of a bond's numbers, shared with the GUI's bond inspector
    // (in a periodic cell, body j's image nearest body i)
    const Vec3 xj = w.bondPartnerPosition(k);
    const BondInspection b =
        inspectBond(w.position[i], w.orientation[i], xj, w.orientation[j], bonds.rest[k], bonds.stiffness[k],
                    bonds.loads(k, w.position[i], w.orientation[i], xj, w.orientation[j]));
    const BondLoads& l = b.loads;
    appendNumber(m_chunk, w.step);
    for (double x : {w.time}) {
        m_chunk += ',';
        appendNumber(m_chunk, x);
    }
    for (long long id : {static_cast<long long>(w.bodyId(i)), static_cast<long long>(w.bodyId(j))}) {
        m_chunk += ',';
        appendNumber(m_chunk, id);
    }
    for (double x : {b.tension, b.shearForce, b.twistMoment, b.bendMoment, l.stretch, l.slip, l.theta, b.phi, l.psi,
                     l.energy[kBondNormal], l.energy[kBondShear], l.energy[kBondTwist], l.energy[kBondBend]}) {
        m_chunk += ',';
        appendNumber(m_chunk, x);
    }
    m_chunk += '\n';
    ++m_rows;
}

void BondCsvWriter::write(const World& w)
{
    m_chunk.clear();
    if (m_pairs.empty()) {
        for (std::size_t k = 0; k < w.bonds.size(); ++k)
            appendRow(w, k);
    } else {
        for (const auto& pair : m_pairs) {
            const long long k =
                w.bonds.find(static_cast<int>(w.bodySlot(pair[0])), static_cast<int>(w.bodySlot(pair[1])));
            if (k >= 0)
                appendRow(w, static_cast<std::size_t>(k));
        }
    }
    m_file.write(m_chunk);
}

} // namespace tumble
