#include "io/VtpWriter.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "io/IoError.h"
#include "io/NumberFormat.h"
#include "io/ParaViewScript.h"
#include "io/TextFile.h"
#include "model/OnStepKinematics.h"

namespace tumble {

namespace {

void appendVec(std::string& out, const Vec3& v)
{
    for (int k = 0; k < 3; ++k) {
        appendNumber(out, v[k]);
        out += ' ';
    }
}

// escapes the characters XML reserves in attribute values (file names)
std::string xmlEscape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

// a periodic cell's side vectors (m) and velocity gradient (1/s) as field data; nothing without one
void appendCellFields(std::string& x, const World& world)
{
    if (!world.cell)
        return;
    const auto matrix = [&](const char* name, const Mat3& rows) {
        x += "      <DataArray type=\"Float64\" Name=\"";
        x += name;
        x += "\" NumberOfComponents=\"3\" NumberOfTuples=\"3\" format=\"ascii\">";
        for (int r = 0; r < 3; ++r)
            appendVec(x, rows.row(r).transpose());
        x += "</DataArray>\n";
    };
    matrix("cell_vectors", world.cell->vectors().transpose()); // a tuple per side
    matrix("velocity_gradient", world.cell->gradient());
}

} // namespace

VtpWriter::VtpWriter(std::string dir, std::string baseName) : m_dir(std::move(dir)), m_base(std::move(baseName))
{
    std::error_code ec;
    std::filesystem::create_directories(m_dir, ec);
    if (ec)
        throw IoError(m_dir, "cannot create directory", ec.value());
    if (!std::filesystem::is_directory(m_dir))
        throw IoError(m_dir, "not a directory", 0);
}

std::string VtpWriter::collectionPath() const
{
    return (std::filesystem::path(m_dir) / (m_base + ".pvd")).string();
}

std::string VtpWriter::frameText(const World& world, double dt)
{
    const std::size_t n = world.size();
    // point s is the body with scene id s, wherever the simulation keeps it
    auto at = [&](std::size_t s) { return world.bodySlot(static_cast<int>(s)); };
    std::string x;
    x.reserve(256 + n * 320);
    x += "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
         "  <PolyData>\n";
    // the time travels with the frame too, for readers that open one .vtp alone
    x += "    <FieldData>\n";
    appendTimeFields(x, world.time, world.step);
    appendCellFields(x, world);
    x += "    </FieldData>\n";

    const std::string count = std::to_string(n);
    x += "    <Piece NumberOfPoints=\"" + count + "\" NumberOfVerts=\"" + count +
         "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n";

    // point data, one tuple per body
    x += "      <PointData Scalars=\"radius\" Vectors=\"velocity\">\n"
         "        <DataArray type=\"Float64\" Name=\"radius\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendNumber(x, world.radius[at(i)]);
        x += '\n';
    }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Float64\" Name=\"velocity\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    std::vector<OnStepKinematics> kin;
    kin.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        kin.push_back(onStepKinematics(world, at(i), dt));
    for (std::size_t i = 0; i < n; ++i) {
        appendVec(x, kin[i].velocity);
        x += '\n';
    }
    x += "        </DataArray>\n";
    if (world.cell && world.cell->deforming()) {
        // the velocity relative to the medium, u = v - L x (docs/PERIODIC.md), to colour by
        x += "        <DataArray type=\"Float64\" Name=\"fluctuation_velocity\" NumberOfComponents=\"3\" "
             "format=\"ascii\">\n";
        for (std::size_t i = 0; i < n; ++i) {
            appendVec(x, kin[i].velocity - world.cell->gradient() * world.position[at(i)]);
            x += '\n';
        }
        x += "        </DataArray>\n";
    }
    x += "        <DataArray type=\"Float64\" Name=\"angular_velocity\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendVec(x, kin[i].angularVelocity);
        x += '\n';
    }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Float64\" Name=\"orientation\" NumberOfComponents=\"4\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        const Quat& q = world.orientation[at(i)];
        for (double c : {q.w(), q.x(), q.y(), q.z()}) {
            appendNumber(x, c);
            x += ' ';
        }
        x += '\n';
    }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Int64\" Name=\"id\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendNumber(x, static_cast<long long>(i));
        x += '\n';
    }
    x += "        </DataArray>\n      </PointData>\n";

    // centres of mass, m
    x += "      <Points>\n"
         "        <DataArray type=\"Float64\" Name=\"Points\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendVec(x, world.position[at(i)]);
        x += '\n';
    }
    x += "        </DataArray>\n      </Points>\n";

    appendVertices(x, n);
    x += "    </Piece>\n  </PolyData>\n</VTKFile>\n";
    return x;
}

std::string VtpWriter::membersText(const World& world, double dt)
{
    std::vector<int> order;
    world.membersInSceneOrder(order);
    const std::size_t m = order.size();
    std::string x;
    x.reserve(256 + m * 160);
    x += "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
         "  <PolyData>\n    <FieldData>\n";
    appendTimeFields(x, world.time, world.step);
    x += "    </FieldData>\n";
    const std::string count = std::to_string(m);
    x += "    <Piece NumberOfPoints=\"" + count + "\" NumberOfVerts=\"" + count +
         "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n"
         "      <PointData Scalars=\"radius\" Vectors=\"velocity\">\n"
         "        <DataArray type=\"Float64\" Name=\"radius\" format=\"ascii\">\n";
    for (int k : order) {
        appendNumber(x, world.memberRadius[static_cast<std::size_t>(k)]);
        x += '\n';
    }
    // a member is coloured by its body's speed (the centre of mass velocity)
    std::vector<Vec3> velocity(world.size());
    for (std::size_t i = 0; i < world.size(); ++i)
        velocity[i] = onStepKinematics(world, i, dt).velocity;
    x += "        </DataArray>\n"
         "        <DataArray type=\"Float64\" Name=\"velocity\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    for (int k : order) {
        appendVec(x, velocity[static_cast<std::size_t>(world.memberBody[static_cast<std::size_t>(k)])]);
        x += '\n';
    }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Int64\" Name=\"body_id\" format=\"ascii\">\n";
    for (int k : order) {
        appendNumber(x, static_cast<long long>(
                            world.bodyId(static_cast<std::size_t>(world.memberBody[static_cast<std::size_t>(k)]))));
        x += '\n';
    }
    x += "        </DataArray>\n      </PointData>\n"
         "      <Points>\n"
         "        <DataArray type=\"Float64\" Name=\"Points\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    for (int k : order) {
        appendVec(x, world.memberPosition[static_cast<std::size_t>(k)]);
        x += '\n';
    }
    x += "        </DataArray>\n      </Points>\n";
    appendVertices(x, m);
    x += "    </Piece>\n  </PolyData>\n</VTKFile>\n";
    return x;
}

void VtpWriter::appendTimeFields(std::string& x, double time, long long step)
{
    x += "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">";
    appendNumber(x, time);
    x += "</DataArray>\n"
         "      <DataArray type=\"Int64\" Name=\"Step\" NumberOfTuples=\"1\" format=\"ascii\">";
    appendNumber(x, step);
    x += "</DataArray>\n";
}

void VtpWriter::appendVertices(std::string& x, std::size_t n)
{
    // one vertex cell per point: connectivity i, offsets i + 1
    x += "      <Verts>\n"
         "        <DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendNumber(x, static_cast<long long>(i));
        x += '\n';
    }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        appendNumber(x, static_cast<long long>(i + 1));
        x += '\n';
    }
    x += "        </DataArray>\n      </Verts>\n";
}

std::string VtpWriter::cellText(const World& world)
{
    const Mat3& h = world.cell->vectors();
    std::string x;
    x += "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
         "  <PolyData>\n    <FieldData>\n";
    appendTimeFields(x, world.time, world.step);
    appendCellFields(x, world);
    x += "    </FieldData>\n"
         "    <Piece NumberOfPoints=\"8\" NumberOfVerts=\"0\" NumberOfLines=\"12\" NumberOfStrips=\"0\" "
         "NumberOfPolys=\"0\">\n"
         "      <Points>\n"
         "        <DataArray type=\"Float64\" Name=\"Points\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    // corner c is the sum of the sides whose bit is set in c (bit k: side k)
    for (int c = 0; c < 8; ++c) {
        Vec3 p = Vec3::Zero();
        for (int k = 0; k < 3; ++k)
            if (c & (1 << k))
                p += h.col(k);
        appendVec(x, p);
        x += '\n';
    }
    x += "        </DataArray>\n      </Points>\n"
         "      <Lines>\n"
         "        <DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n";
    // an edge joins the corners that differ in one side's bit
    for (int c = 0; c < 8; ++c)
        for (int k = 0; k < 3; ++k)
            if (!(c & (1 << k))) {
                appendNumber(x, static_cast<long long>(c));
                x += ' ';
                appendNumber(x, static_cast<long long>(c | (1 << k)));
                x += '\n';
            }
    x += "        </DataArray>\n"
         "        <DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n";
    for (int e = 1; e <= 12; ++e) {
        appendNumber(x, static_cast<long long>(2 * e));
        x += '\n';
    }
    x += "        </DataArray>\n      </Lines>\n"
         "    </Piece>\n  </PolyData>\n</VTKFile>\n";
    return x;
}

std::string VtpWriter::cellCollectionPath() const
{
    return (std::filesystem::path(m_dir) / (m_base + "_cell.pvd")).string();
}

std::string VtpWriter::membersCollectionPath() const
{
    return (std::filesystem::path(m_dir) / (m_base + "_members.pvd")).string();
}

std::string VtpWriter::scriptPath() const
{
    return (std::filesystem::path(m_dir) / (m_base + "_paraview.py")).string();
}

void VtpWriter::writeSeries(const std::string& name, const std::string& text, std::vector<std::string>& files,
                            const std::string& collection, double time)
{
    writeFileAtomically((std::filesystem::path(m_dir) / name).string(), text);
    files.push_back(name);
    std::string pvd = "<?xml version=\"1.0\"?>\n"
                      "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
                      "  <Collection>\n";
    for (std::size_t k = 0; k < files.size(); ++k) {
        pvd += "    <DataSet timestep=\"";
        appendNumber(pvd, k + 1 == files.size() ? time : m_times[k]);
        pvd += "\" group=\"\" part=\"0\" file=\"" + xmlEscape(files[k]) + "\"/>\n";
    }
    pvd += "  </Collection>\n</VTKFile>\n";
    writeFileAtomically(collection, pvd);
}

namespace {

// zero-padded step keeps the files in order for a plain directory listing
std::string frameSuffix(long long step)
{
    char name[64];
    std::snprintf(name, sizeof name, "_%09lld.vtp", step);
    return name;
}

} // namespace

void VtpWriter::writeFrame(const World& world, double dt)
{
    // first, so a frame listed in the bodies' collection always has its cell and members
    if (world.cell)
        writeSeries(m_base + "_cell" + frameSuffix(world.step), cellText(world), m_cellFiles, cellCollectionPath(),
                    world.time);
    if (std::find(world.type.begin(), world.type.end(), BodyType::Clump) != world.type.end())
        writeSeries(m_base + "_members" + frameSuffix(world.step), membersText(world, dt), m_memberFiles,
                    membersCollectionPath(), world.time);
    appendFrame(world.step, world.time, frameText(world, dt));
    writeScriptOnce(&world);
}

void VtpWriter::writeFrameText(long long step, double time, const std::string& text)
{
    appendFrame(step, time, text);
    writeScriptOnce(nullptr);
}

void VtpWriter::appendFrame(long long step, double time, const std::string& text)
{
    writeSeries(m_base + frameSuffix(step), text, m_files, collectionPath(), time);
    m_times.push_back(time);
}

void VtpWriter::writeScriptOnce(const World* world)
{
    if (m_scriptWritten)
        return;
    ParaViewScene scene;
    scene.spheres = m_base + ".pvd";
    if (world) {
        scene.walls = world->walls;
        if (world->cell)
            scene.cell = m_base + "_cell.pvd";
        if (!m_memberFiles.empty()) // a clump's point is its centre of mass: its members are what it looks like
            scene.spheres = m_base + "_members.pvd";
    }
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(m_dir, ec);
    scene.directory = ec ? m_dir : absolute.lexically_normal().string();
    writeFileAtomically(scriptPath(), paraViewScript(scene));
    m_scriptWritten = true;
}

} // namespace tumble
