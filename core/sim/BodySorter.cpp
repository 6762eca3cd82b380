#include "sim/BodySorter.h"

#include <algorithm>

#include "model/BodyOrder.h"

namespace tumble {

bool BodySorter::sort(World& w, NeighbourList& list)
{
    double rMax = 0.0;
    for (double r : w.memberRadius)
        rMax = std::max(rMax, r);
    // cells of about one grain: a cell's bodies are neighbours, a chunk a compact lump of cells
    mortonOrder(w, rMax > 0.0 ? 2.0 * rMax : 1.0, m_order, m_keys);
    bool identity = true;
    for (std::size_t s = 0; s < m_order.size() && identity; ++s)
        identity = m_order[s] == static_cast<int>(s);
    m_sortedAtBuild = list.buildCount();
    if (identity)
        return false;
    w.permuteBodies(m_order, m_memberOrder, m_scratch);
    ++m_sorts;
    if (list.buildCount() > 0) {
        m_newMember.resize(m_memberOrder.size());
        for (std::size_t k = 0; k < m_memberOrder.size(); ++k)
            m_newMember[static_cast<std::size_t>(m_memberOrder[k])] = static_cast<int>(k);
        list.renumberMembers(m_newMember);
    }
    return true;
}

} // namespace tumble
