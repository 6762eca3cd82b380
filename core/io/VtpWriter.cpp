#include "io/VtpWriter.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "io/IoError.h"
#include "io/NumberFormat.h"
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
    x += "    <FieldData>\n"
         "      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">";
    appendNumber(x, world.time);
    x += "</DataArray>\n"
         "      <DataArray type=\"Int64\" Name=\"Step\" NumberOfTuples=\"1\" format=\"ascii\">";
    appendNumber(x, world.step);
    x += "</DataArray>\n    </FieldData>\n";

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
    x += "        </DataArray>\n"
         "        <DataArray type=\"Float64\" Name=\"angular_velocity\" NumberOfComponents=\"3\" format=\"ascii\">\n";
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
    x += "        </DataArray>\n      </Verts>\n"
         "    </Piece>\n  </PolyData>\n</VTKFile>\n";
    return x;
}

void VtpWriter::writeFrame(const World& world, double dt)
{
    // zero-padded step keeps the files in order for a plain directory listing
    char name[64];
    std::snprintf(name, sizeof name, "_%09lld.vtp", world.step);
    const std::string file = m_base + name;
    writeFileAtomically((std::filesystem::path(m_dir) / file).string(), frameText(world, dt));
    m_files.push_back(file);
    m_times.push_back(world.time);

    std::string pvd = "<?xml version=\"1.0\"?>\n"
                      "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
                      "  <Collection>\n";
    for (std::size_t k = 0; k < m_files.size(); ++k) {
        pvd += "    <DataSet timestep=\"";
        appendNumber(pvd, m_times[k]);
        pvd += "\" group=\"\" part=\"0\" file=\"" + xmlEscape(m_files[k]) + "\"/>\n";
    }
    pvd += "  </Collection>\n</VTKFile>\n";
    writeFileAtomically(collectionPath(), pvd);
}

} // namespace tumble
