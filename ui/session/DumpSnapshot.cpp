#include "session/DumpSnapshot.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "io/DumpFrameVtp.h"

namespace tumble::ui {

namespace {

// the position columns: unwrapped, plain, else scaled by the box
struct PositionColumns {
    int c[3] = {-1, -1, -1};
    bool scaled = false;
};

PositionColumns positionColumns(const LammpsDumpFrame& f)
{
    static const char* const kNames[3][3] = {{"x", "y", "z"}, {"xu", "yu", "zu"}, {"xs", "ys", "zs"}};
    PositionColumns p;
    for (int k = 0; k < 3; ++k) {
        const int a = f.column(kNames[k][0]), b = f.column(kNames[k][1]), c = f.column(kNames[k][2]);
        if (a >= 0 && b >= 0 && c >= 0) {
            p = {{a, b, c}, k == 2};
            return p;
        }
    }
    return p;
}

// row r's position, m: a scaled position through the box (LAMMPS's dump doc: a triclinic box's
// bounds are its bounding box, less the tilts' extremes)
Vec3 positionOf(const LammpsDumpFrame& f, const PositionColumns& p, std::size_t r)
{
    const Vec3 u(f.at(r, p.c[0]), f.at(r, p.c[1]), f.at(r, p.c[2]));
    if (!p.scaled)
        return u;
    const double xy = f.tilt[0], xz = f.tilt[1], yz = f.tilt[2];
    const double xlo = f.box[0][0] - std::min({0.0, xy, xz, xy + xz});
    const double xhi = f.box[0][1] - std::max({0.0, xy, xz, xy + xz});
    const double ylo = f.box[1][0] - std::min(0.0, yz), yhi = f.box[1][1] - std::max(0.0, yz);
    const double zlo = f.box[2][0], zhi = f.box[2][1];
    return {xlo + u.x() * (xhi - xlo) + u.y() * xy + u.z() * xz, ylo + u.y() * (yhi - ylo) + u.z() * yz,
            zlo + u.z() * (zhi - zlo)};
}

// body numbers: the distinct positive molecule ids in ascending order, then each atom without one
// (mol <= 0, or no mol column) a body of its own, in file order. The ids are ranked through a
// sorted copy (a million atoms: a map's nodes cost more than the frame's rows)
class BodyNumbers {
public:
    explicit BodyNumbers(const LammpsDumpFrame& f)
    {
        const int mol = f.column("mol");
        if (mol >= 0)
            for (std::size_t r = 0; r < f.rows; ++r)
                if (const double m = f.at(r, mol); m > 0)
                    m_mols.push_back(static_cast<long long>(m));
        std::sort(m_mols.begin(), m_mols.end());
        m_mols.erase(std::unique(m_mols.begin(), m_mols.end()), m_mols.end());
        int next = static_cast<int>(m_mols.size());
        body.resize(f.rows);
        for (std::size_t r = 0; r < f.rows; ++r) {
            const double m = mol >= 0 ? f.at(r, mol) : 0.0;
            body[r] = m > 0 ? of(static_cast<long long>(m)) : next++;
        }
        count = next;
    }
    /// The body of molecule id m, or -1 when no atom has it.
    int of(long long m) const
    {
        const auto it = std::lower_bound(m_mols.begin(), m_mols.end(), m);
        return it != m_mols.end() && *it == m ? static_cast<int>(it - m_mols.begin()) : -1;
    }
    std::vector<int> body; ///< (rows) each atom's body
    int count = 0;

private:
    std::vector<long long> m_mols; // ascending, distinct
};

double radiusOf(const LammpsDumpFrame& f, int radius, int diameter, std::size_t r)
{
    if (radius >= 0)
        return f.at(r, radius);
    if (diameter >= 0)
        return 0.5 * f.at(r, diameter);
    return 0.5; // a Lennard-Jones atom of diameter sigma = 1
}

// c_bodies[k] is column k - 1 of LammpsExport's compute rigid/local: id mol mass x y z vx vy vz
// quatw quati quatj quatk omegax omegay omegaz inertiax inertiay inertiaz
enum BodyColumn { kMol = 1, kMass = 2, kX = 3, kV = 6, kQuat = 9, kOmega = 13, kInertia = 16 };

BodyState clumpState(const LammpsDumpFrame& b, std::size_t r, int id)
{
    auto v3 = [&](int c) { return Vec3(b.at(r, c), b.at(r, c + 1), b.at(r, c + 2)); };
    BodyState s;
    s.id = id;
    s.type = BodyType::Clump;
    s.mass = b.at(r, kMass);
    // LAMMPS's principal frame, in its order (not sorted): the quaternion turns it into the world
    s.moments = v3(kInertia);
    s.position = v3(kX);
    s.velocity = v3(kV);
    s.orientation = Quat(b.at(r, kQuat), b.at(r, kQuat + 1), b.at(r, kQuat + 2), b.at(r, kQuat + 3)).normalized();
    s.angularVelocity = v3(kOmega);
    const Mat3 rot = s.orientation.toRotationMatrix();
    s.angularMomentum = rot * s.moments.asDiagonal() * rot.transpose() * s.angularVelocity;
    return s;
}

} // namespace

bool isRigidBodyDump(const LammpsDumpFrame& f)
{
    if (f.columns.size() != kBodyColumns)
        return false;
    const std::string& first = f.columns[0];
    const std::size_t open = first.find('[');
    if (open == std::string::npos || first.compare(open, std::string::npos, "[1]") != 0)
        return false;
    for (int k = 0; k < kBodyColumns; ++k)
        if (f.columns[std::size_t(k)] != first.substr(0, open) + "[" + std::to_string(k + 1) + "]")
            return false;
    return true;
}

FrameSnapshot dumpSnapshot(const LammpsDumpFrame& f, const LammpsDumpFrame* bodies,
                           std::shared_ptr<const SceneInfo> scene, const DumpSnapshotOptions& options,
                           const std::string& file, long long line)
{
    const PositionColumns pc = positionColumns(f);
    if (pc.c[0] < 0)
        throw DumpError(file, line,
                        "the frame at timestep " + std::to_string(f.timestep) +
                            " has no x y z (or xu yu zu, xs ys zs) columns to place its atoms");
    const int radius = f.column("radius"), diameter = f.column("diameter");
    const int vx = f.column("vx"), vy = f.column("vy"), vz = f.column("vz");
    const int colour = options.colourColumn.empty() ? -1 : f.column(options.colourColumn);

    FrameSnapshot s;
    s.scene = std::move(scene);
    s.time = dumpFrameTime(f);
    s.step = f.timestep;
    const std::size_t m = f.rows;
    s.positions.resize(3 * m);
    s.radii.resize(m);
    s.speeds.resize(m);
    for (std::size_t r = 0; r < m; ++r) {
        const Vec3 x = positionOf(f, pc, r);
        for (int k = 0; k < 3; ++k)
            s.positions[3 * r + std::size_t(k)] = static_cast<float>(x[k]);
        s.radii[r] = static_cast<float>(radiusOf(f, radius, diameter, r));
        double value = 0.0;
        if (colour >= 0)
            value = f.at(r, colour);
        else if (vx >= 0 && vy >= 0 && vz >= 0)
            value = std::sqrt(f.at(r, vx) * f.at(r, vx) + f.at(r, vy) * f.at(r, vy) + f.at(r, vz) * f.at(r, vz));
        s.speeds[r] = static_cast<float>(value);
    }
    if (colour >= 0) {
        s.speedsTitle = options.colourColumn;
        s.speedsTwoSided = true;
    }

    BodyNumbers numbers(f);
    s.memberBody = std::move(numbers.body);
    s.bodies = static_cast<std::size_t>(numbers.count);

    // clumps from the rigid-body dump, numbered by their molecule like their atoms
    if (bodies && isRigidBodyDump(*bodies)) {
        for (std::size_t r = 0; r < bodies->rows; ++r) {
            const int b = numbers.of(static_cast<long long>(bodies->at(r, kMol)));
            if (b < 0)
                continue;
            s.clumps.push_back(clumpState(*bodies, r, b));
        }
        std::sort(s.clumps.begin(), s.clumps.end(), [](const BodyState& a, const BodyState& b) { return a.id < b.id; });
        std::vector<int> clumpOf(s.bodies, -1);
        for (std::size_t k = 0; k < s.clumps.size(); ++k)
            clumpOf[std::size_t(s.clumps[k].id)] = static_cast<int>(k);
        for (std::size_t i = 0; i < m; ++i)
            if (const int k = clumpOf[std::size_t(s.memberBody[i])]; k >= 0) {
                BodyState& c = s.clumps[std::size_t(k)];
                c.boundingRadius =
                    std::max(c.boundingRadius, (positionOf(f, pc, i) - c.position).norm() + double(s.radii[i]));
            }
    }
    // the selected body: a clump's state, or an atom's own (its mass when dumped, a solid sphere's moments)
    if (options.selected >= 0) {
        if (const BodyState* c = s.clumpState(options.selected)) {
            s.selected = *c;
        } else {
            for (std::size_t r = 0; r < m; ++r) {
                if (s.memberBody[r] != options.selected)
                    continue;
                BodyState b;
                b.id = options.selected;
                const int mass = f.column("mass");
                b.mass = mass >= 0 ? f.at(r, mass) : 0.0;
                b.boundingRadius = s.radii[r];
                b.moments = Vec3::Constant(0.4 * b.mass * b.boundingRadius * b.boundingRadius);
                b.position = positionOf(f, pc, r);
                if (vx >= 0 && vy >= 0 && vz >= 0)
                    b.velocity = Vec3(f.at(r, vx), f.at(r, vy), f.at(r, vz));
                const int wx = f.column("omegax"), wy = f.column("omegay"), wz = f.column("omegaz");
                if (wx >= 0 && wy >= 0 && wz >= 0)
                    b.angularVelocity = Vec3(f.at(r, wx), f.at(r, wy), f.at(r, wz));
                b.angularMomentum = b.moments.x() * b.angularVelocity;
                s.selected = b;
                break;
            }
        }
    }
    return s;
}

std::shared_ptr<SceneInfo> dumpSceneInfo(const std::string& dumpPath, const LammpsDumpFrame& first,
                                         const FrameSnapshot& s, long long revision)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = revision;
    info->name = "LAMMPS: " + std::filesystem::path(dumpPath).filename().string();
    info->description = "a replay of " + dumpPath;
    info->source = dumpPath;
    // the first frame's spheres, as Tumble's scenes take their initial bodies (LAMMPS's box may be
    // far larger than what is in it)
    const PositionColumns pc = positionColumns(first);
    for (int a = 0; a < 3; ++a) {
        info->bounds[2 * a] = first.box[a][0];
        info->bounds[2 * a + 1] = first.box[a][1];
    }
    if (first.rows > 0) {
        for (int a = 0; a < 3; ++a) {
            info->bounds[2 * a] = std::numeric_limits<double>::max();
            info->bounds[2 * a + 1] = std::numeric_limits<double>::lowest();
        }
        for (std::size_t i = 0; i < first.rows; ++i) {
            const Vec3 x = positionOf(first, pc, i);
            for (int a = 0; a < 3; ++a) {
                info->bounds[2 * a] = std::min(info->bounds[2 * a], x[a] - double(s.radii[i]));
                info->bounds[2 * a + 1] = std::max(info->bounds[2 * a + 1], x[a] + double(s.radii[i]));
            }
        }
    }
    // each member's offset in its body's frame (spheres: at the centre)
    info->memberOffsets.assign(s.memberCount(), Vec3::Zero());
    for (std::size_t i = 0; i < s.memberCount(); ++i)
        if (const BodyState* c = s.clumpState(s.memberBody[i]))
            info->memberOffsets[i] = c->orientation.conjugate() * (positionOf(first, pc, i) - c->position);
    return info;
}

} // namespace tumble::ui
