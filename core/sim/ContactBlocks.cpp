#include "sim/ContactBlocks.h"

#include <algorithm>

#include "parallel/Chunks.h"

namespace tumble {

namespace {

// a buffer that would be full gets an eighth more (steady-state sizes fluctuate)
template <class V> void keepHeadroom(V& v, std::size_t n)
{
    if (v.capacity() < n + n / 16)
        v.reserve(n + n / 8);
}

} // namespace

void ContactBlocks::build(const World& w, const NeighbourList& list, std::size_t chunks, bool membersByBody)
{
    const std::vector<PairCandidate>& pairs = list.pairs();
    const std::vector<WallCandidate>& walls = list.wallPairs();
    const std::size_t n = w.size();
    m_membersByBody = membersByBody;
    m_pairStart.assign(chunks + 1, pairs.size());
    m_wallStart.assign(chunks + 1, walls.size());
    m_slotStart.assign(chunks + 1, 0);
    m_refStart.assign(n + 1, 0);
    const BondSet& bonds = w.bonds;
    m_bondStart.assign(chunks + 1, bonds.size());
    m_bondSlotStart.assign(chunks + 1, 0);
    m_pairSlots = 0;
    if (!membersByBody) {
        // one block with every body: nothing is deferred
        m_pairStart[0] = 0;
        m_wallStart[0] = 0;
        m_bondStart[0] = 0;
        m_refs.clear();
        m_loads.clear();
        m_build = list.buildCount();
        return;
    }
    auto chunkOf = [&](int member) {
        return static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(member)]) / kBodyChunk;
    };
    std::size_t slots = 0;
    std::size_t c = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::size_t ci = chunkOf(pairs[k].i);
        while (c <= ci) {
            m_pairStart[c] = k;
            m_slotStart[c++] = slots;
        }
        if (chunkOf(pairs[k].j) != ci) {
            ++slots;
            ++m_refStart[static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(pairs[k].j)]) + 1];
        }
    }
    while (c <= chunks) {
        m_pairStart[c] = pairs.size();
        m_slotStart[c++] = slots;
    }
    c = 0;
    for (std::size_t k = 0; k < walls.size(); ++k)
        for (const std::size_t cw = chunkOf(walls[k].member); c <= cw; ++c)
            m_wallStart[c] = k;
    for (; c <= chunks; ++c)
        m_wallStart[c] = walls.size();
    // bonds, sorted by their lower body, after the pairs: a crossing bond's slot follows the pairs'
    m_pairSlots = slots;
    auto bodyChunk = [](int body) { return static_cast<std::size_t>(body) / kBodyChunk; };
    auto other = [&](std::size_t k) { return std::max(bonds.bodies[k][0], bonds.bodies[k][1]); };
    c = 0;
    std::size_t bondSlots = 0;
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const std::size_t ck = bodyChunk(bonds.owner(k));
        while (c <= ck) {
            m_bondStart[c] = k;
            m_bondSlotStart[c++] = bondSlots;
        }
        if (bodyChunk(other(k)) != ck) {
            ++bondSlots;
            ++m_refStart[static_cast<std::size_t>(other(k)) + 1];
        }
    }
    while (c <= chunks) {
        m_bondStart[c] = bonds.size();
        m_bondSlotStart[c++] = bondSlots;
    }
    slots += bondSlots;
    for (std::size_t b = 0; b < n; ++b)
        m_refStart[b + 1] += m_refStart[b];
    keepHeadroom(m_refs, slots);
    keepHeadroom(m_loads, slots);
    m_refs.resize(slots);
    m_loads.resize(slots);
    m_cursor.assign(m_refStart.begin(), m_refStart.end() - 1);
    // each body's slots: its pairs' in list order, then its bonds' in bond order
    std::size_t slot = 0;
    for (const PairCandidate& p : pairs) {
        if (chunkOf(p.j) == chunkOf(p.i))
            continue;
        const std::size_t b = static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(p.j)]);
        m_refs[static_cast<std::size_t>(m_cursor[b]++)] = {static_cast<int>(slot++), static_cast<int>(b)};
    }
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        if (bodyChunk(other(k)) == bodyChunk(bonds.owner(k)))
            continue;
        const std::size_t b = static_cast<std::size_t>(other(k));
        m_refs[static_cast<std::size_t>(m_cursor[b]++)] = {static_cast<int>(slot++), static_cast<int>(b)};
    }
    m_build = list.buildCount();
}

ContactBlock ContactBlocks::all(const World& w, const NeighbourList& list)
{
    ContactBlock b;
    b.pairEnd = list.pairs().size();
    b.wallEnd = list.wallPairs().size();
    b.bondEnd = w.bonds.size();
    b.bodyEnd = static_cast<int>(w.size());
    return b;
}

ContactBlock ContactBlocks::block(std::size_t c, std::size_t bodies)
{
    ContactBlock b;
    b.pairBegin = m_pairStart[c];
    b.pairEnd = m_pairStart[c + 1];
    b.wallBegin = m_wallStart[c];
    b.wallEnd = m_wallStart[c + 1];
    b.bodyBegin = static_cast<int>(c * kBodyChunk);
    b.bodyEnd = static_cast<int>(std::min(bodies, (c + 1) * kBodyChunk));
    if (!m_membersByBody)
        b.bodyEnd = static_cast<int>(bodies);
    b.deferred = m_slotStart[c + 1] > m_slotStart[c] ? m_loads.data() + m_slotStart[c] : nullptr;
    b.bondBegin = m_bondStart[c];
    b.bondEnd = m_bondStart[c + 1];
    b.bondDeferred =
        m_bondSlotStart[c + 1] > m_bondSlotStart[c] ? m_loads.data() + m_pairSlots + m_bondSlotStart[c] : nullptr;
    return b;
}

void ContactBlocks::gather(World& w, std::size_t b0, std::size_t b1) const
{
    // a body's loads only meet its own, so bodies may take theirs one after another; raw
    // pointers taken once
    const DeferredRef* refs = m_refs.data();
    const DeferredLoad* loads = m_loads.data();
    Vec3* force = w.force.data();
    Vec3* torque = w.torque.data();
    Vec3* dashForce = w.dissipativeForce[kDashpot].data();
    Vec3* dashTorque = w.dissipativeTorque[kDashpot].data();
    const int end = m_refStart[b1];
    for (int e = m_refStart[b0]; e < end; ++e) {
        const std::size_t b = static_cast<std::size_t>(refs[e].body);
        const DeferredLoad& l = loads[refs[e].slot];
        if (l.flags == 0)
            continue;
        force[b] += l.force;
        if (l.flags & kDeferredTorque)
            torque[b] += l.torque;
        dashForce[b] += l.dashpot;
        if (l.flags & kDeferredDashTorque)
            dashTorque[b] += l.dashTorque;
    }
}

} // namespace tumble
