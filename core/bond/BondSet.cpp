#include "bond/BondSet.h"

#include "bond/BondLawKernel.h"

#include <algorithm>

namespace tumble {

void BondSet::add(int body1, int body2, const BondStiffness& k, const BondRest& r, const BondStrength& s,
                  BondFormulation f, const IncrementalBondState& start)
{
    bodies.push_back({body1, body2});
    stiffness.push_back(k);
    rest.push_back(r);
    strength.push_back(s);
    broken.push_back(0);
    incremental.push_back(f == BondFormulation::Incremental ? 1 : 0);
    if (f == BondFormulation::Incremental || !springs.empty()) {
        springs.resize(size() - 1); // (at the first incremental bond: room for the bonds before it)
        springs.push_back(f == BondFormulation::Incremental ? start : IncrementalBondState{});
    }
}

void BondSet::copyBond(std::size_t to, std::size_t from)
{
    bodies[to] = bodies[from];
    stiffness[to] = stiffness[from];
    rest[to] = rest[from];
    strength[to] = strength[from];
    incremental[to] = incremental[from];
    if (!springs.empty())
        springs[to] = springs[from];
}

BondLoads BondSet::loads(std::size_t k, const Vec3& x1, const Quat& p, const Vec3& x2, const Quat& q, const Vec3& dx1,
                         const Vec3& dphi1, const Vec3& dx2, const Vec3& dphi2) const
{
    if (incremental[k])
        return springs[k].loads(x1, dx1, dphi1, x2, dx2, dphi2, rest[k], stiffness[k], nullptr);
    return bondLoads(x1, p, x2, q, rest[k], stiffness[k]);
}

bool BondSet::bonded(int a, int b) const
{
    if (partnerStart.empty())
        return false;
    const int* begin = partners.data() + partnerStart[static_cast<std::size_t>(a)];
    const int* end = partners.data() + partnerStart[static_cast<std::size_t>(a) + 1];
    return std::binary_search(begin, end, b);
}

long long BondSet::find(int a, int b) const
{
    const int lo = std::min(a, b), hi = std::max(a, b);
    // bonds are sorted by their lower body, then by the higher
    auto k = std::lower_bound(bodies.begin(), bodies.end(), lo,
                              [](const std::array<int, 2>& x, int v) { return std::min(x[0], x[1]) < v; });
    for (; k != bodies.end() && std::min((*k)[0], (*k)[1]) == lo; ++k)
        if (std::max((*k)[0], (*k)[1]) == hi)
            return k - bodies.begin();
    return -1;
}

void BondSet::sort(std::size_t n)
{
    const std::size_t m = size();
    if (m == 0) {
        partnerStart.assign(n + 1, 0);
        partners.clear();
        layOutLaw();
        return;
    }
    m_keys.resize(m);
    for (std::size_t k = 0; k < m; ++k) {
        const int a = bodies[k][0], b = bodies[k][1];
        m_keys[k] = {std::min(a, b), std::max(a, b), static_cast<int>(k)};
    }
    std::sort(m_keys.begin(), m_keys.end()); // the bond index breaks ties: deterministic
    // bond k takes bond m_keys[k][2]'s place: the permutation applied in place, cycle by cycle
    // (a visited entry's source is complemented, then restored), without a copy of the bonds
    for (std::size_t start = 0; start < m; ++start) {
        if (m_keys[start][2] < 0 || static_cast<std::size_t>(m_keys[start][2]) == start)
            continue;
        const std::array<int, 2> bodiesHeld = bodies[start];
        const BondStiffness stiffnessHeld = stiffness[start];
        const BondRest restHeld = rest[start];
        const BondStrength strengthHeld = strength[start];
        const unsigned char incrementalHeld = incremental[start];
        const IncrementalBondState springsHeld = springs.empty() ? IncrementalBondState{} : springs[start];
        std::size_t to = start;
        for (;;) {
            const std::size_t from = static_cast<std::size_t>(m_keys[to][2]);
            m_keys[to][2] = ~m_keys[to][2];
            if (from == start) {
                bodies[to] = bodiesHeld;
                stiffness[to] = stiffnessHeld;
                rest[to] = restHeld;
                strength[to] = strengthHeld;
                incremental[to] = incrementalHeld;
                if (!springs.empty())
                    springs[to] = springsHeld;
                break;
            }
            copyBond(to, from);
            to = from;
        }
    }
    for (auto& key : m_keys)
        if (key[2] < 0)
            key[2] = ~key[2];
    std::fill(broken.begin(), broken.end(), 0); // (sorted only between steps: nothing is marked)

    // partners: a counting sort by body; each body's come out ascending (the keys are sorted)
    partnerStart.assign(n + 1, 0);
    for (const auto& b : bodies) {
        ++partnerStart[static_cast<std::size_t>(b[0]) + 1];
        ++partnerStart[static_cast<std::size_t>(b[1]) + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        partnerStart[i + 1] += partnerStart[i];
    partners.resize(2 * m);
    // each body's lower partners first (the keys with it as the higher body, ascending in the
    // lower), then its higher ones (ascending): ascending throughout
    m_fill.assign(partnerStart.begin(), partnerStart.end() - 1);
    std::vector<int>& fill = m_fill;
    for (std::size_t k = 0; k < m; ++k) {
        const int lo = m_keys[k][0], hi = m_keys[k][1];
        partners[static_cast<std::size_t>(fill[static_cast<std::size_t>(hi)]++)] = lo;
    }
    for (std::size_t k = 0; k < m; ++k) {
        const int lo = m_keys[k][0], hi = m_keys[k][1];
        partners[static_cast<std::size_t>(fill[static_cast<std::size_t>(lo)]++)] = hi;
    }
    layOutLaw();
}

void BondSet::layOutLaw()
{
    const std::size_t m = size();
    const std::size_t groups = (m + BondLawTable::kLanes - 1) / BondLawTable::kLanes;
    law.bonds = m;
    law.values.resize(groups * BondLawTable::kLanes * BondLawTable::kFields);
    law.breakable.resize(m);
    law.anyBreakable = false;
    law.anyIncremental = false;
    for (std::size_t k = 0; k < groups * BondLawTable::kLanes; ++k) {
        const std::size_t from = std::min(k, m - 1); // (the padding repeats the last bond)
        const BondConstants<double> c = bondConstants(rest[from], stiffness[from]);
        const double* v = c.v;
        double* group = law.values.data() + (k / BondLawTable::kLanes) * BondLawTable::kLanes * BondLawTable::kFields;
        for (int f = 0; f < BondLawTable::kFields; ++f)
            group[BondLawTable::kLanes * static_cast<std::size_t>(f) + k % BondLawTable::kLanes] = v[f];
    }
    for (std::size_t k = 0; k < m; ++k) {
        law.breakable[k] = strength[k].unbreakable() ? 0 : 1;
        law.anyBreakable = law.anyBreakable || law.breakable[k];
        law.anyIncremental = law.anyIncremental || incremental[k];
    }
}

void BondSet::renumber(const std::vector<int>& newSlot)
{
    for (auto& b : bodies) {
        b[0] = newSlot[static_cast<std::size_t>(b[0])];
        b[1] = newSlot[static_cast<std::size_t>(b[1])];
    }
    sort(newSlot.size());
}

void BondSet::shrinkToFit()
{
    bodies.shrink_to_fit();
    stiffness.shrink_to_fit();
    rest.shrink_to_fit();
    strength.shrink_to_fit();
    broken.shrink_to_fit();
    incremental.shrink_to_fit();
    springs.shrink_to_fit();
    law.values.shrink_to_fit();
    law.breakable.shrink_to_fit();
}

} // namespace tumble
