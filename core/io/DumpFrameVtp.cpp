#include "io/DumpFrameVtp.h"

#include <array>
#include <set>

#include "io/NumberFormat.h"
#include "io/VtpWriter.h"

namespace tumble {

namespace {

struct VectorColumns {
    const char* name;
    std::array<const char*, 3> columns;
};

constexpr VectorColumns kVectors[] = {{"velocity", {"vx", "vy", "vz"}},
                                      {"angular_velocity", {"omegax", "omegay", "omegaz"}},
                                      {"force", {"fx", "fy", "fz"}}};

void openArray(std::string& x, const std::string& name, int components)
{
    x += "        <DataArray type=\"Float64\" Name=\"" + name + "\"";
    if (components > 1)
        x += " NumberOfComponents=\"" + std::to_string(components) + "\"";
    x += " format=\"ascii\">\n";
}

} // namespace

double dumpFrameTime(const LammpsDumpFrame& frame)
{
    return frame.time ? *frame.time : static_cast<double>(frame.timestep);
}

std::string dumpFrameVtp(const LammpsDumpFrame& frame, const std::string& file, long long line)
{
    const int x = frame.column("x"), y = frame.column("y"), z = frame.column("z");
    if (x < 0 || y < 0 || z < 0)
        throw DumpError(file, line,
                        "the frame at timestep " + std::to_string(frame.timestep) +
                            " has no x y z columns (dump custom ... x y z is needed; scaled or unwrapped "
                            "coordinates are not read)");
    const std::size_t n = frame.rows;
    std::set<int> used{x, y, z};
    std::string t;
    t.reserve(512 + n * 40 * frame.columns.size());
    t += "<?xml version=\"1.0\"?>\n"
         "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
         "  <PolyData>\n    <FieldData>\n";
    VtpWriter::appendTimeFields(t, dumpFrameTime(frame), frame.timestep);
    t += "    </FieldData>\n";
    const std::string count = std::to_string(n);
    t += "    <Piece NumberOfPoints=\"" + count + "\" NumberOfVerts=\"" + count +
         "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n      <PointData>\n";
    // the radius
    const int radius = frame.column("radius"), diameter = frame.column("diameter");
    if (radius >= 0 || diameter >= 0) {
        openArray(t, "radius", 1);
        for (std::size_t i = 0; i < n; ++i) {
            appendNumber(t, radius >= 0 ? frame.at(i, radius) : 0.5 * frame.at(i, diameter));
            t += '\n';
        }
        t += "        </DataArray>\n";
        used.insert(radius >= 0 ? radius : diameter);
    }
    // vectors whose three columns are all there
    for (const VectorColumns& v : kVectors) {
        const int c[3] = {frame.column(v.columns[0]), frame.column(v.columns[1]), frame.column(v.columns[2])};
        if (c[0] < 0 || c[1] < 0 || c[2] < 0)
            continue;
        openArray(t, v.name, 3);
        for (std::size_t i = 0; i < n; ++i) {
            for (int a = 0; a < 3; ++a) {
                appendNumber(t, frame.at(i, c[a]));
                t += ' ';
            }
            t += '\n';
        }
        t += "        </DataArray>\n";
        used.insert(c, c + 3);
    }
    // every other column as itself
    for (std::size_t k = 0; k < frame.columns.size(); ++k) {
        if (used.count(static_cast<int>(k)))
            continue;
        openArray(t, frame.columns[k], 1);
        for (std::size_t i = 0; i < n; ++i) {
            appendNumber(t, frame.at(i, static_cast<int>(k)));
            t += '\n';
        }
        t += "        </DataArray>\n";
    }
    t += "      </PointData>\n      <Points>\n"
         "        <DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">\n";
    for (std::size_t i = 0; i < n; ++i) {
        for (int c : {x, y, z}) {
            appendNumber(t, frame.at(i, c));
            t += ' ';
        }
        t += '\n';
    }
    t += "        </DataArray>\n      </Points>\n";
    VtpWriter::appendVertices(t, n);
    t += "    </Piece>\n  </PolyData>\n</VTKFile>\n";
    return t;
}

} // namespace tumble
