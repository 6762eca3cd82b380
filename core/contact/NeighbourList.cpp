#include "contact/NeighbourList.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "model/Permutation.h"
#include "parallel/Chunks.h"

namespace tumble {

namespace {

// a buffer that would be full gets an eighth more, so lists that fluctuate in size (a
// steady state) stop reallocating
template <class V> void keepHeadroom(V& v, std::size_t n)
{
    if (v.capacity() < n + n / 16)
        v.reserve(n + n / 8);
}

// a search list emptied for the next build, with room for as many candidates as the last one
// found and an eighth more; a list left far larger (by push_back's doubling, or the count fell)
// is given back first, so the lists hold about what they need (issue 18: memory per body)
template <class V> void reuseSlab(V& v)
{
    const std::size_t last = v.size();
    v.clear();
    if (v.capacity() > last + last / 2 + 64)
        V().swap(v);
    keepHeadroom(v, last);
}

using Key = std::pair<int, int>;

Key pairKey(const PairCandidate& c)
{
    return {c.i, c.j};
}

Key wallKey(const WallCandidate& c)
{
    return {c.member, c.wall};
}

// sets aside the key and history of every touching candidate, in list order (a zero overlap
// means the whole entry is zero: every touching contact stores its overlap)
template <class Candidate>
void carryTouching(const std::vector<Candidate>& list, const ContactHistory& history, std::vector<Key>& keys,
                   ContactHistory& carried, Key (*key)(const Candidate&))
{
    std::size_t touching = 0;
    for (double d : history.overlap)
        touching += d != 0.0 ? 1 : 0;
    keepHeadroom(keys, touching);
    carried.keepHeadroom(touching, history.hasShear(), history.hasRoll());
    carried.assignZero(touching, history.hasShear(), history.hasRoll());
    keys.clear();
    for (std::size_t k = 0; k < history.size(); ++k) {
        if (history.overlap[k] == 0.0)
            continue;
        carried.copyEntry(keys.size(), history, k);
        keys.push_back(key(list[k]));
    }
}

// history for a new sorted list: zero, and the carried entry wherever its key is in the list
template <class Candidate>
void mergeCarried(const std::vector<Key>& keys, const ContactHistory& carried, const std::vector<Candidate>& list,
                  ContactHistory& history, bool shear, bool roll, Key (*key)(const Candidate&))
{
    history.keepHeadroom(list.size(), shear, roll);
    history.assignZero(list.size(), shear, roll);
    std::size_t a = 0;
    for (std::size_t b = 0; b < list.size() && a < keys.size(); ++b) {
        const Key k = key(list[b]);
        while (a < keys.size() && keys[a] < k)
            ++a; // no longer a candidate (a touching pair cannot be, but nothing depends on it)
        if (a < keys.size() && keys[a] == k)
            history.copyEntry(b, carried, a++);
    }
}

// the grid search's half stencil: a cell is compared with itself and these 13 forward neighbours
constexpr int kStencil[13][3] = {{1, 0, 0},  {-1, 1, 0}, {0, 1, 0}, {1, 1, 0},  {-1, -1, 1}, {0, -1, 1}, {1, -1, 1},
                                 {-1, 0, 1}, {0, 0, 1},  {1, 0, 1}, {-1, 1, 1}, {0, 1, 1},   {1, 1, 1}};

// the grid cell of coordinate t (in cell widths from the grid's low corner) on an axis of `cells`
// cells: clamped to the grid, 0 for NaN. A run blowing up reaches the search with astronomical
// or overflowed positions before its energy check stops it; converting such a double to int
// would be undefined (and was a crash).
int gridIndex(double t, int cells)
{
    if (!(t >= 1.0))
        return 0;
    if (!(t < static_cast<double>(cells)))
        return cells - 1;
    return static_cast<int>(t);
}

// cells along an axis spanning x cell widths; 1 when x is not a finite count
int gridCells(double x)
{
    return x >= 0.0 && x < 1e9 ? static_cast<int>(x) + 1 : 1;
}

// counting sort of the members by their cells (cellOf, one per member): cellBodies lists them
// cell by cell, cell c's from cellStart[c] to cellStart[c + 1] (cells + 1 entries), each cell's
// in index order
void sortByCell(const std::vector<int>& cellOf, std::size_t cells, std::vector<int>& cellStart,
                std::vector<int>& cellBodies)
{
    const std::size_t n = cellOf.size();
    cellStart.assign(cells + 1, 0);
    for (std::size_t b = 0; b < n; ++b)
        ++cellStart[static_cast<std::size_t>(cellOf[b])];
    // inclusive prefix sums: the end of each cell; filling backwards moves each entry to its
    // cell's start and keeps bodies in index order within a cell (no cursor array)
    for (std::size_t c = 1; c < cells; ++c)
        cellStart[c] += cellStart[c - 1];
    cellStart[cells] = static_cast<int>(n);
    cellBodies.resize(n);
    for (std::size_t b = n; b-- > 0;)
        cellBodies[static_cast<std::size_t>(--cellStart[static_cast<std::size_t>(cellOf[b])])] = static_cast<int>(b);
}

// whether bodies a and b are bonded (BondSet::partnerStart, partners)
bool bondedBodies(const int* start, const int* partner, int a, int b)
{
    for (int k = start[a]; k < start[a + 1]; ++k)
        if (partner[k] == b)
            return true;
    return false;
}

// the cell search's pair test, on raw arrays held in registers: member ia (loaded once for a run
// of partners) against member jb
struct PairScan {
    const Vec3* x;   // member positions, m
    const double* r; // member radii, m
    const int* body; // member's body
    double skin;     // m
    // bonded bodies (BondSet::partnerStart, partners), null without bonds: a bonded pair gets no
    // contact candidate
    const int* bondStart;
    const int* bondPartner;
    struct Member {
        int index;
        int body;
        double radius; // m
        Vec3 x;        // m
    };
    Member member(int i) const { return {i, body[i], r[i], x[i]}; }
    bool bonded(int a, int b) const { return bondedBodies(bondStart, bondPartner, a, b); }
    template <class Out> [[gnu::always_inline]] void near(const Member& a, int j, Out& out) const
    {
        const double reach = (a.radius + r[j]) + skin;
        if ((a.x - x[j]).squaredNorm() >= reach * reach)
            return;
        const int bj = body[j];
        if (a.body == bj)
            return; // members of one rigid body never touch each other
        if (bondStart && bonded(a.body, bj))
            return; // the bond acts instead of the contact law
        out.push_back({std::min(a.index, j), std::max(a.index, j)});
    }
};

} // namespace

void NeighbourList::classifyMembers(const World& w, const ContactTable& table)
{
    // classes of (material, radius, body mass); a few classes get a table of their constants
    const std::size_t n = w.memberCount();
    m_classes.clear();
    m_memberClass.resize(n);
    m_classTable = true;
    int last = -1;
    for (std::size_t k = 0; k < n && m_classTable; ++k) {
        const int body = w.memberBody[k];
        const MemberClass c{w.material[body], w.memberRadius[k], w.mass[body]};
        auto same = [&](int q) {
            const MemberClass& d = m_classes[static_cast<std::size_t>(q)];
            return d.material == c.material && d.radius == c.radius && d.mass == c.mass;
        };
        if (last < 0 || !same(last)) {
            last = -1;
            for (std::size_t q = 0; q < m_classes.size() && last < 0; ++q)
                if (same(static_cast<int>(q)))
                    last = static_cast<int>(q);
            if (last < 0) {
                if (m_classes.size() == kMaxClasses) {
                    m_classTable = false; // too many: constants per candidate
                    break;
                }
                m_classes.push_back(c);
                last = static_cast<int>(m_classes.size() - 1);
            }
        }
        m_memberClass[k] = last;
    }
    m_params.clear();
    if (!m_classTable)
        return;
    const std::size_t nc = m_classes.size();
    for (std::size_t a = 0; a < nc; ++a) {
        for (std::size_t b = 0; b < nc; ++b) {
            const MemberClass& p = m_classes[a];
            const MemberClass& q = m_classes[b];
            m_params.push_back(makeContactParams(table.law(p.material, q.material),
                                                 p.radius * q.radius / (p.radius + q.radius),
                                                 p.mass * q.mass / (p.mass + q.mass)));
        }
    }
    for (std::size_t a = 0; a < nc; ++a)
        for (const Wall& wall : w.walls)
            m_params.push_back(makeContactParams(table.law(m_classes[a].material, wall.material), m_classes[a].radius,
                                                 m_classes[a].mass));
}

int NeighbourList::wallParams(const World& w, const ContactTable& table, int member, int wall)
{
    const std::size_t nc = m_classes.size();
    if (m_classTable)
        return static_cast<int>(
            nc * nc + static_cast<std::size_t>(m_memberClass[static_cast<std::size_t>(member)]) * w.walls.size() +
            static_cast<std::size_t>(wall));
    const int body = w.memberBody[member];
    m_params.push_back(makeContactParams(table.law(w.material[body], w.walls[static_cast<std::size_t>(wall)].material),
                                         w.memberRadius[member], w.mass[body]));
    return static_cast<int>(m_params.size() - 1);
}

void NeighbourList::findUniformLaw()
{
    int law = -1;
    for (const PairCandidate& p : m_pairs) {
        const int l = p.centredI && p.centredJ ? m_params[static_cast<std::size_t>(p.params)].law : -1;
        if (l < 0 || (law >= 0 && l != law)) {
            m_uniformLaw = -1;
            return;
        }
        law = l;
    }
    m_uniformLaw = law;
}

void NeighbourList::findSprings()
{
    // a table has every class pair's constants; else these are the wall candidates' own
    m_shear = false;
    m_roll = false;
    for (std::size_t k = 0; k < m_params.size(); ++k) {
        const ContactParams& p = m_params[k];
        m_shear = m_shear || (p.friction > 0.0 && p.kt > 0.0);
        m_roll = m_roll || p.rollingCap > 0.0;
    }
}

std::size_t NeighbourList::searchBox(const World& w, double skin, ThreadPool* pool)
{
    const std::size_t n = w.memberCount();
    // grid over the bounding box of the members
    Vec3 lo = w.memberPosition[0];
    Vec3 hi = w.memberPosition[0];
    double rMax = 0.0;
    for (std::size_t b = 0; b < n; ++b) {
        lo = lo.cwiseMin(w.memberPosition[b]);
        hi = hi.cwiseMax(w.memberPosition[b]);
        rMax = std::max(rMax, w.memberRadius[b]);
    }
    double cell = 2.0 * rMax + skin;
    const Vec3 extent = hi - lo;
    // cap the cell count at ~4 per body: sparse scenes grow the cells instead. Sizes are worked
    // out in double, so even an astronomical extent (a run blowing up) cannot overflow an int.
    const double maxCells = std::max(64.0, 4.0 * static_cast<double>(n));
    auto cellsFor = [&](double c) {
        return (std::floor(extent.x() / c) + 1.0) * (std::floor(extent.y() / c) + 1.0) *
               (std::floor(extent.z() / c) + 1.0);
    };
    if (cellsFor(cell) > maxCells)
        cell = std::max(cell, std::cbrt(extent.x() * extent.y() * extent.z() / maxCells));
    while (cellsFor(cell) > maxCells)
        cell *= 1.26; // ~2^(1/3): halves the cell count per growth
    const Eigen::Vector3i dims(gridCells(extent.x() / cell), gridCells(extent.y() / cell),
                               gridCells(extent.z() / cell));
    const std::size_t cells = dims.x() * dims.y() * dims.z();

    // counting sort of members by cell
    keepHeadroom(m_cellOf, n);
    keepHeadroom(m_cellBodies, n);
    // never more than maxCells: room for that once, so a scene whose extent changes (a grain
    // thrown up) does not reallocate the grid at every rebuild
    const std::size_t cellRoom = std::max(cells, static_cast<std::size_t>(maxCells)) + 1;
    if (m_cellStart.capacity() < cellRoom)
        m_cellStart.reserve(cellRoom);
    m_cellOf.resize(n);
    const double inv = 1.0 / cell;
    for (std::size_t b = 0; b < n; ++b) {
        const Vec3 r = (w.memberPosition[b] - lo) * inv;
        const int cx = gridIndex(r.x(), dims.x());
        const int cy = gridIndex(r.y(), dims.y());
        const int cz = gridIndex(r.z(), dims.z());
        m_cellOf[b] = (cz * dims.y() + cy) * dims.x() + cx;
    }
    sortByCell(m_cellOf, cells, m_cellStart, m_cellBodies);

    // the search in slabs of cell layers (z), each into its own lists, joined in slab order: the
    // candidates and their constants come out in the order one sweep over the cells gives
    const std::size_t slabs = std::min(kSearchSlabs, static_cast<std::size_t>(dims.z()));
    if (m_slabs.size() < kSearchSlabs)
        m_slabs.resize(kSearchSlabs);
    const PairScan scan{w.memberPosition.data(),
                        w.memberRadius.data(),
                        w.memberBody.data(),
                        skin,
                        w.bonds.empty() ? nullptr : w.bonds.partnerStart.data(),
                        w.bonds.empty() ? nullptr : w.bonds.partners.data()};
    const int* cellStart = m_cellStart.data();
    const int* cellBodies = m_cellBodies.data();
    auto search = [&](std::size_t s) {
        auto& out = m_slabs[s];
        reuseSlab(out);
        const int z0 = static_cast<int>(s * static_cast<std::size_t>(dims.z()) / slabs);
        const int z1 = static_cast<int>((s + 1) * static_cast<std::size_t>(dims.z()) / slabs);
        for (int cz = z0; cz < z1; ++cz) {
            for (int cy = 0; cy < dims.y(); ++cy) {
                for (int cx = 0; cx < dims.x(); ++cx) {
                    const int c = (cz * dims.y() + cy) * dims.x() + cx;
                    const int a0 = cellStart[c];
                    const int a1 = cellStart[c + 1];
                    if (a0 == a1)
                        continue;
                    for (int a = a0; a < a1; ++a) {
                        const PairScan::Member m = scan.member(cellBodies[a]);
                        for (int b = a + 1; b < a1; ++b)
                            scan.near(m, cellBodies[b], out);
                    }
                    for (const auto& st : kStencil) {
                        const int nx = cx + st[0], ny = cy + st[1], nz = cz + st[2];
                        if (nx < 0 || ny < 0 || nz < 0 || nx >= dims.x() || ny >= dims.y() || nz >= dims.z())
                            continue;
                        const int d = (nz * dims.y() + ny) * dims.x() + nx;
                        const int b0 = cellStart[d];
                        const int b1 = cellStart[d + 1];
                        if (b0 == b1)
                            continue;
                        for (int a = a0; a < a1; ++a) {
                            const PairScan::Member m = scan.member(cellBodies[a]);
                            for (int b = b0; b < b1; ++b)
                                scan.near(m, cellBodies[b], out);
                        }
                    }
                }
            }
        }
    };
    if (pool && slabs > 1) {
        pool->run(slabs, search);
    } else {
        for (std::size_t s = 0; s < slabs; ++s)
            search(s);
    }
    return slabs;
}

std::size_t NeighbourList::searchCell(const World& w, double skin)
{
    // The grid lies in the cell's own coordinates s = H^-1 x: along a periodic axis the cell's
    // width is cut into as many layers as fit the reach 2 R_max + skin (at least one), along
    // another the members' extent is. Two points closer than the reach differ in s_k by less than
    // reach / width_k, one layer: any pair within reach is in one cell or two adjacent ones, a
    // neighbour across a periodic face being the image one period on (docs/PERIODIC.md).
    const PeriodicCell& cell = *w.cell;
    const Mat3& h = cell.vectors();
    const std::size_t n = w.memberCount();
    m_referenceCell = h;
    double rMax = 0.0;
    for (std::size_t b = 0; b < n; ++b)
        rMax = std::max(rMax, w.memberRadius[b]);
    m_reach = 2.0 * rMax + skin;
    keepHeadroom(m_wrapped, n);
    keepHeadroom(m_memberShift, n);
    m_wrapped.resize(n);
    m_memberShift.resize(n);
    std::vector<Vec3>& fraction = m_wrapped; // s first, the wrapped positions below
    Vec3 lo = Vec3::Zero(), hi = Vec3::Ones();
    for (std::size_t b = 0; b < n; ++b) {
        const ImageShift k = cell.wrapShift(w.memberPosition[b]);
        m_memberShift[b] = k;
        fraction[b] = cell.fractional(w.memberPosition[b]) - Vec3(k[0], k[1], k[2]);
    }
    for (int a = 0; a < 3; ++a) {
        if (cell.periodic(a))
            continue;
        lo[a] = hi[a] = n > 0 ? fraction[0][a] : 0.0;
        for (std::size_t b = 0; b < n; ++b) {
            lo[a] = std::min(lo[a], fraction[b][a]);
            hi[a] = std::max(hi[a], fraction[b][a]);
        }
    }
    // layers per axis: the span in metres across the axis over the layer size; capped at ~4
    // cells per member like the box grid (grown layers instead)
    const double maxCells = std::max(64.0, 4.0 * static_cast<double>(n));
    double layer = m_reach;
    Eigen::Vector3i dims;
    auto layersFor = [&](double size) {
        double total = 1.0;
        for (int a = 0; a < 3; ++a) {
            const double span = (hi[a] - lo[a]) * cell.width(a);
            const double layers =
                cell.periodic(a) ? std::max(1.0, std::floor(span / size)) : std::floor(span / size) + 1.0;
            dims[a] = static_cast<int>(std::min(layers, maxCells));
            total *= layers;
        }
        return total;
    };
    while (layersFor(layer) > maxCells)
        layer *= 1.26;
    const std::size_t cells = static_cast<std::size_t>(dims.x()) * dims.y() * dims.z();

    keepHeadroom(m_cellOf, n);
    keepHeadroom(m_cellBodies, n);
    if (m_cellStart.capacity() < static_cast<std::size_t>(maxCells) + 1)
        m_cellStart.reserve(static_cast<std::size_t>(maxCells) + 1);
    m_cellOf.resize(n);
    for (std::size_t b = 0; b < n; ++b) {
        int c[3];
        for (int a = 0; a < 3; ++a) {
            const double t = (fraction[b][a] - lo[a]) / (hi[a] - lo[a] > 0.0 ? hi[a] - lo[a] : 1.0) * dims[a];
            c[a] = gridIndex(t, dims[a]);
        }
        m_cellOf[b] = (c[2] * dims.y() + c[1]) * dims.x() + c[0];
    }
    sortByCell(m_cellOf, cells, m_cellStart, m_cellBodies);
    for (std::size_t b = 0; b < n; ++b) // now the wrapped positions, x - H k
        m_wrapped[b] = w.memberPosition[b] - cell.shift(m_memberShift[b]);

    if (m_slabs.size() < kSearchSlabs)
        m_slabs.resize(kSearchSlabs);
    auto& out = m_slabs[0];
    reuseSlab(out);
    m_slabImages.clear();
    keepHeadroom(m_slabImages, out.capacity());
    const bool bonded = !w.bonds.empty();
    // member a against member b's image o (in wrapped positions): the candidate in unwrapped
    // positions pairs a with b's image o + k_a - k_b
    auto near = [&](int a, int b, const ImageShift& o) {
        const int ba = w.memberBody[static_cast<std::size_t>(a)];
        const int bb = w.memberBody[static_cast<std::size_t>(b)];
        if (ba == bb)
            return; // members of one body, or a member and its own image (the cell is wider than the reach)
        const Vec3 d = m_wrapped[static_cast<std::size_t>(a)] - m_wrapped[static_cast<std::size_t>(b)] - cell.shift(o);
        const double reach =
            (w.memberRadius[static_cast<std::size_t>(a)] + w.memberRadius[static_cast<std::size_t>(b)]) + skin;
        if (d.squaredNorm() >= reach * reach)
            return;
        if (bonded && bondedBodies(w.bonds.partnerStart.data(), w.bonds.partners.data(), ba, bb))
            return;
        const ImageShift& ka = m_memberShift[static_cast<std::size_t>(a)];
        const ImageShift& kb = m_memberShift[static_cast<std::size_t>(b)];
        const int sign = a < b ? 1 : -1;
        int image[3];
        for (int k = 0; k < 3; ++k) {
            image[k] = sign * (o[static_cast<std::size_t>(k)] + ka[static_cast<std::size_t>(k)] -
                               kb[static_cast<std::size_t>(k)]);
            if (image[k] < -2 || image[k] > 2)
                throw std::logic_error("neighbour list: a member lies more than a period from its cell");
        }
        out.push_back({std::min(a, b), std::max(a, b)});
        m_slabImages.push_back(encodeImage(image[0], image[1], image[2]));
    };
    const ImageShift none{0, 0, 0};
    for (int cz = 0; cz < dims.z(); ++cz) {
        for (int cy = 0; cy < dims.y(); ++cy) {
            for (int cx = 0; cx < dims.x(); ++cx) {
                const int c = (cz * dims.y() + cy) * dims.x() + cx;
                const int a0 = m_cellStart[static_cast<std::size_t>(c)];
                const int a1 = m_cellStart[static_cast<std::size_t>(c) + 1];
                if (a0 == a1)
                    continue;
                for (int a = a0; a < a1; ++a)
                    for (int b = a + 1; b < a1; ++b)
                        near(m_cellBodies[static_cast<std::size_t>(a)], m_cellBodies[static_cast<std::size_t>(b)],
                             none);
                // each of the 13 forward neighbours, across a periodic face as the next period's
                // cell: an offset and its opposite name distinct images even where they reach one
                // cell (one or two layers), so every pair of images is met once
                for (const auto& st : kStencil) {
                    const int at[3] = {cx, cy, cz};
                    int t[3];
                    ImageShift o{0, 0, 0};
                    bool inside = true;
                    for (int a = 0; a < 3; ++a) {
                        t[a] = at[a] + st[a];
                        if (t[a] < 0 || t[a] >= dims[a]) {
                            if (!cell.periodic(a)) {
                                inside = false;
                                break;
                            }
                            o[static_cast<std::size_t>(a)] = t[a] < 0 ? -1 : 1;
                            t[a] -= o[static_cast<std::size_t>(a)] * dims[a];
                        }
                    }
                    if (!inside)
                        continue;
                    const int d = (t[2] * dims.y() + t[1]) * dims.x() + t[0];
                    const int b0 = m_cellStart[static_cast<std::size_t>(d)];
                    const int b1 = m_cellStart[static_cast<std::size_t>(d) + 1];
                    for (int a = a0; a < a1; ++a)
                        for (int b = b0; b < b1; ++b)
                            near(m_cellBodies[static_cast<std::size_t>(a)], m_cellBodies[static_cast<std::size_t>(b)],
                                 o);
                }
            }
        }
    }
    return 1;
}

bool NeighbourList::cellNeedsRebuild(const World& w, std::size_t begin, std::size_t end) const
{
    // Since the build the cell moved by F = H H_ref^-1 (a flip shows as a large F). A pair's
    // separation d = x_i - x_j - H n is F d_ref + e_i - e_j with e_k = x_k - F x_k,ref, the member's
    // motion relative to the medium; a pair left out had |d_ref| >= R_i + R_j + skin, so it can
    // touch only once |F - I| reach + 2 max |e| reaches the skin (|F - I| <= its Frobenius norm).
    const Mat3 f = w.cell->vectors() * m_referenceCell.inverse();
    const double room = 0.5 * (m_skin - (f - Mat3::Identity()).norm() * m_reach);
    if (!(room > 0.0))
        return true;
    const double limit = room * room;
    for (std::size_t b = begin; b < end; ++b)
        if ((w.memberPosition[b] - f * m_reference[b]).squaredNorm() > limit)
            return true;
    return false;
}

void NeighbourList::build(const World& w, const ContactTable& table, double skin, ThreadPool* pool)
{
    m_skin = skin;
    ++m_builds;
    carryTouching(m_pairs, m_pairHistory, m_carriedPairKeys, m_carriedPairs, pairKey);
    carryTouching(m_wallPairs, m_wallHistory, m_carriedWallKeys, m_carriedWalls, wallKey);
    m_pairs.clear();
    m_wallPairs.clear();
    const std::size_t n = w.memberCount();
    m_reference.assign(w.memberPosition.begin(), w.memberPosition.end());
    classifyMembers(w, table);

    // walls: few planes, checked against every member
    for (std::size_t b = 0; b < n; ++b) {
        for (std::size_t k = 0; k < w.walls.size(); ++k) {
            const Wall& wall = w.walls[k];
            const double s = (w.memberPosition[b] - wall.point).dot(wall.normal);
            if (s < w.memberRadius[b] + skin)
                m_wallPairs.push_back({static_cast<int>(b), static_cast<int>(k),
                                       wallParams(w, table, static_cast<int>(b), static_cast<int>(k)),
                                       w.memberOffset[b].isZero(0.0)});
        }
    }
    // with a class table every candidate's constants are known now; else the walls' were just added
    findSprings();
    mergeCarried(m_carriedWallKeys, m_carriedWalls, m_wallPairs, m_wallHistory, m_shear, m_roll, wallKey);
    keepHeadroom(m_wallPairs, m_wallPairs.size());
    const std::size_t pairParamsStart = m_params.size();
    if (n < 2) {
        m_pairHistory.assignZero(0, false, false);
        return;
    }

    m_periodic = w.cell.has_value();
    const std::size_t slabs = m_periodic ? searchCell(w, skin) : searchBox(w, skin, pool);
    // the slabs' candidates in order of (i, j), a fixed order that keeps force sums reproducible
    // whatever the cell layout: a counting sort by i (stable: slab order, then search order),
    // then each i's few partners by j
    std::size_t total = 0; // (m_pairs is empty: candidate k lands at k)
    for (std::size_t s = 0; s < slabs; ++s)
        total += m_slabs[s].size();
    keepHeadroom(m_pairs, total);
    m_pairs.resize(total);
    keepHeadroom(m_pairStart, n + 1);
    m_pairStart.assign(n + 1, 0);
    for (std::size_t s = 0; s < slabs; ++s)
        for (const SlabPair& c : m_slabs[s])
            ++m_pairStart[static_cast<std::size_t>(c.i) + 1];
    for (std::size_t k = 1; k <= n; ++k)
        m_pairStart[k] += m_pairStart[k - 1];
    {
        // the candidate's other fields from i and j: a class table's index (per-candidate
        // constants come below), centred members, crossing chunks, the image
        const int classes = m_classTable ? static_cast<int>(m_classes.size()) : 0;
        const int* cls = m_memberClass.data();
        const int* body = w.memberBody.data();
        const Vec3* offset = w.memberOffset.data();
        for (std::size_t s = 0; s < slabs; ++s) {
            const std::vector<SlabPair>& slab = m_slabs[s];
            for (std::size_t t = 0; t < slab.size(); ++t) {
                const int i = slab[t].i;
                const int j = slab[t].j;
                const auto bi = static_cast<std::size_t>(body[i]);
                const auto bj = static_cast<std::size_t>(body[j]);
                m_pairs[static_cast<std::size_t>(m_pairStart[static_cast<std::size_t>(i)]++)] =
                    PairCandidate{i,
                                  j,
                                  classes > 0 ? cls[i] * classes + cls[j] : -1,
                                  offset[i].isZero(0.0),
                                  offset[j].isZero(0.0),
                                  bi / kBodyChunk != bj / kBodyChunk,
                                  m_periodic ? m_slabImages[t] : kNoImage};
            }
        }
    }
    // (each start has moved to its i's end: i's partners are [start[i - 1], start[i]))
    auto byJ = [&](std::size_t r) {
        const std::size_t i1 = (r + 1) * n / kSearchSlabs;
        for (std::size_t i = r * n / kSearchSlabs; i < i1; ++i) {
            const std::size_t a0 = i == 0 ? 0 : static_cast<std::size_t>(m_pairStart[i - 1]);
            const std::size_t a1 = static_cast<std::size_t>(m_pairStart[i]);
            for (std::size_t a = a0 + 1; a < a1; ++a) { // insertion sort: a handful each
                const PairCandidate c = m_pairs[a];
                std::size_t b = a;
                for (; b > a0 && m_pairs[b - 1].j > c.j; --b)
                    m_pairs[b] = m_pairs[b - 1];
                m_pairs[b] = c;
            }
        }
    };
    if (pool)
        pool->run(kSearchSlabs, byJ);
    else
        for (std::size_t r = 0; r < kSearchSlabs; ++r)
            byJ(r);
    m_scales.clear();
    if (!m_classTable) {
        // each material pair's unit constants, and each candidate's scale (PairScale) on the
        // threads in fixed ranges
        const std::size_t materials = w.materials.size();
        for (std::size_t a = 0; a < materials; ++a)
            for (std::size_t b = 0; b < materials; ++b)
                m_params.push_back(makeContactParams(table.law(static_cast<int>(a), static_cast<int>(b)), 1.0, 1.0));
        keepHeadroom(m_scales, total);
        m_scales.resize(total);
        auto constants = [&](std::size_t r) {
            const std::size_t k1 = (r + 1) * total / kSearchSlabs;
            for (std::size_t k = r * total / kSearchSlabs; k < k1; ++k) {
                PairCandidate& p = m_pairs[k];
                const int bi = w.memberBody[p.i];
                const int bj = w.memberBody[p.j];
                const int ma = w.material[bi];
                const int mb = w.material[bj];
                p.params = static_cast<int>(pairParamsStart) + ma * static_cast<int>(materials) + mb;
                const double mi = w.mass[bi];
                const double mj = w.mass[bj];
                const double ri = w.memberRadius[p.i];
                const double rj = w.memberRadius[p.j];
                m_scales[k] = makePairScale(table.law(ma, mb), ri * rj / (ri + rj), mi * mj / (mi + mj));
            }
        };
        if (pool)
            pool->run(kSearchSlabs, constants);
        else
            for (std::size_t r = 0; r < kSearchSlabs; ++r)
                constants(r);
    }
    if (!m_classTable) {
        // the springs the candidates' material pairs have (not every pair of the scene's
        // materials meets: a material only the walls have)
        for (const PairCandidate& p : m_pairs) {
            const unsigned char law = m_params[static_cast<std::size_t>(p.params)].law;
            m_shear = m_shear || (law & kLawShear) != 0;
            m_roll = m_roll || (law & kLawRolling) != 0;
        }
    }
    findUniformLaw();
    mergeCarried(m_carriedPairKeys, m_carriedPairs, m_pairs, m_pairHistory, m_shear, m_roll, pairKey);
    keepHeadroom(m_pairs, m_pairs.size());
}

namespace {

// list and history reordered by key, in place (index and done are scratch): no second copy of
// the history, whose arrays hold every candidate
template <class Candidate>
void sortByKey(std::vector<Candidate>& list, ContactHistory& history, std::vector<PairScale>* scales,
               std::vector<int>& index, std::vector<unsigned char>& done, Key (*key)(const Candidate&))
{
    const std::size_t n = list.size();
    index.resize(n);
    for (std::size_t k = 0; k < n; ++k)
        index[k] = static_cast<int>(k);
    std::sort(index.begin(), index.end(), [&](int a, int b) {
        return key(list[static_cast<std::size_t>(a)]) < key(list[static_cast<std::size_t>(b)]);
    });
    permuteInPlace(history.overlap, index, done);
    permuteInPlace(history.shear, index, done);
    permuteInPlace(history.roll, index, done);
    if (scales)
        permuteInPlace(*scales, index, done);
    permuteInPlace(list, index, done);
}

} // namespace

void NeighbourList::renumberMembers(const std::vector<int>& newOfOld)
{
    const bool shear = m_pairHistory.hasShear();
    const bool roll = m_pairHistory.hasRoll();
    for (std::size_t k = 0; k < m_pairs.size(); ++k) {
        PairCandidate& p = m_pairs[k];
        p.i = newOfOld[static_cast<std::size_t>(p.i)];
        p.j = newOfOld[static_cast<std::size_t>(p.j)];
        if (p.i > p.j) {
            std::swap(p.i, p.j);
            std::swap(p.centredI, p.centredJ);
            const ImageShift n = decodeImage(p.image); // now j's image relative to i: -n
            p.image = encodeImage(-n[0], -n[1], -n[2]);
            if (shear)
                m_pairHistory.shear[k] = -m_pairHistory.shear[k];
            if (roll)
                m_pairHistory.roll[k] = -m_pairHistory.roll[k];
        }
    }
    for (WallCandidate& c : m_wallPairs)
        c.member = newOfOld[static_cast<std::size_t>(c.member)];
    keepHeadroom(m_sortIndex, std::max(m_pairs.size(), m_wallPairs.size()));
    sortByKey(m_pairs, m_pairHistory, &m_scales, m_sortIndex, m_sortDone, pairKey);
    sortByKey(m_wallPairs, m_wallHistory, nullptr, m_sortIndex, m_sortDone, wallKey);
    m_reference.clear(); // the next step builds the lists for the new numbers
}

bool NeighbourList::needsRebuild(const World& w) const
{
    return needsRebuild(w, 0, w.memberCount());
}

bool NeighbourList::needsRebuild(const World& w, std::size_t begin, std::size_t end) const
{
    const MoveCheck check = moveCheck(w);
    if (!check.reference)
        return true;
    if (m_periodic && w.cell)
        return cellNeedsRebuild(w, begin, end);
    const Vec3* x = w.memberPosition.data();
    for (std::size_t b = begin; b < end; ++b)
        if (check.moved(b, x[b]))
            return true;
    return false;
}

NeighbourList::MoveCheck NeighbourList::moveCheck(const World& w) const
{
    if (m_builds == 0 || m_reference.size() != w.memberCount())
        return {nullptr, 0.0};
    return {m_reference.data(), 0.25 * m_skin * m_skin}; // (skin / 2)^2
}

} // namespace tumble

namespace tumble {

namespace {

// a parallel array holds one entry per item, or none where it is not kept
bool fits(std::size_t size, std::size_t items)
{
    return size == items || size == 0;
}

std::string historyProblem(const char* list, const ContactHistory& h, std::size_t items)
{
    if (h.overlap.size() != items || !fits(h.shear.size(), items) || !fits(h.roll.size(), items))
        return std::string(list) + " history does not have one entry per candidate";
    return {};
}

} // namespace

std::string NeighbourList::stateProblem(const World& world) const
{
    const std::size_t m = world.memberCount();
    if (!fits(m_reference.size(), m) || !fits(m_memberClass.size(), m) || !fits(m_wrapped.size(), m) ||
        !fits(m_memberShift.size(), m))
        return "the neighbour list was built for " + std::to_string(m_reference.size()) + " members, the world has " +
               std::to_string(m);
    const std::size_t params = m_params.size();
    for (const PairCandidate& c : m_pairs)
        if (c.i < 0 || c.j < 0 || static_cast<std::size_t>(c.i) >= m || static_cast<std::size_t>(c.j) >= m ||
            c.params < 0 || static_cast<std::size_t>(c.params) >= params || c.image >= kImages)
            return "a pair candidate names a member, constant or image that does not exist";
    for (const WallCandidate& c : m_wallPairs)
        if (c.member < 0 || static_cast<std::size_t>(c.member) >= m || c.wall < 0 ||
            static_cast<std::size_t>(c.wall) >= world.walls.size() || c.params < 0 ||
            static_cast<std::size_t>(c.params) >= params)
            return "a wall candidate names a member, wall or constant that does not exist";
    if (!fits(m_scales.size(), m_pairs.size()))
        return "the pair scales do not have one entry per candidate";
    for (int k : m_memberClass)
        if (k < -1 || k >= static_cast<int>(m_classes.size()))
            return "a member's class does not exist";
    if (std::string p = historyProblem("the pairs'", m_pairHistory, m_pairs.size()); !p.empty())
        return p;
    return historyProblem("the walls'", m_wallHistory, m_wallPairs.size());
}

} // namespace tumble
