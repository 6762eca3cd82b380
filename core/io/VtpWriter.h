#pragma once
// VtpWriter: snapshots of the bodies as VTK XML PolyData (.vtp), plus a ParaView collection
// (.pvd) that lists every frame with its time; in a periodic cell a second series of the cell's
// parallelepiped (<base>_cell.pvd), so ParaView shows the cell beside the bodies; with clumps a
// series of the member spheres (<base>_members.pvd), since a clump's point stands for its centre
// of mass only. With the first frame comes <base>_paraview.py (ParaViewScript), which opens the
// collection in ParaView with the spheres at their radii, the walls and the cell.
//
// Written by hand in the ASCII flavour: no VTK dependency in the core, and the files diff and
// grep like any text. Points are the bodies' centres of mass; point data are radius, on-step
// velocity, angular velocity, orientation (w, x, y, z) and id; each point is also a vertex
// cell so ParaView draws it without a filter. Every frame and every rewrite of the .pvd goes
// through a temporary file renamed into place, so the directory is valid whenever the run
// stops. Appended raw binary would be ~3x smaller and faster; ASCII is the choice until frame
// size matters.
#include <string>
#include <vector>

#include "model/World.h"

namespace tumble {

class VtpWriter {
public:
    /// Frames go to dir/<baseName>_<step>.vtp and the collection to dir/<baseName>.pvd.
    /// Creates dir (and its parents) when missing; throws IoError.
    explicit VtpWriter(std::string dir, std::string baseName = "tumble");

    /// Writes one frame at the world's current step and time, then rewrites the collection;
    /// dt in s (for the on-step estimate of half-step velocities). In a periodic cell also the
    /// cell's frame and collection, with clumps the members' ones. The first frame also writes
    /// the ParaView script, with the world's walls. Throws IoError.
    void writeFrame(const World& world, double dt);

    /// Writes a frame given as VTK XML PolyData text (dir/<baseName>_<step>.vtp) and rewrites the
    /// collection with it at time (s, or the step when a source has no time); the first frame
    /// also writes the ParaView script (no walls). Throws IoError.
    void writeFrameText(long long step, double time, const std::string& text);

    /// The VTK XML text of one frame. In a periodic cell its field data also hold the cell:
    /// "cell_vectors" (three tuples, the side vectors a, b, c, m) and "velocity_gradient" (three
    /// tuples, L's rows, 1/s); in a deforming one each point also has "fluctuation_velocity",
    /// v - L x (m/s).
    static std::string frameText(const World& world, double dt);
    /// The VTK XML text of a periodic cell's frame: its 8 corners and 12 edges (the parallelepiped
    /// the bodies repeat in, corner at the origin, m), the same field data. The world must have a cell.
    static std::string cellText(const World& world);

    /// The VTK XML text of the member spheres in scene order (bodies by scene id): centres (m),
    /// point data radius (the member's, m), body_id (the body's scene id) and velocity (the
    /// body's on-step velocity, m/s; dt in s as for frameText).
    static std::string membersText(const World& world, double dt);

    /// Appends a frame's time (s) and step as field data (TimeValue, Step).
    static void appendTimeFields(std::string& text, double time, long long step);
    /// Appends the <Verts> of n points, a vertex cell each, so ParaView draws them without a filter.
    static void appendVertices(std::string& text, std::size_t n);

    /// Frame file names written so far, relative to the directory.
    const std::vector<std::string>& frameFiles() const { return m_files; }
    /// Path of the .pvd collection.
    std::string collectionPath() const;
    /// Path of the cell's .pvd collection (dir/<baseName>_cell.pvd; written only in a periodic cell).
    std::string cellCollectionPath() const;
    /// Path of the members' .pvd collection (dir/<baseName>_members.pvd; written only with clumps).
    std::string membersCollectionPath() const;
    /// Path of the ParaView script (dir/<baseName>_paraview.py; written with the first frame).
    std::string scriptPath() const;

private:
    // writes the bodies' frame and rewrites their collection
    void appendFrame(long long step, double time, const std::string& text);
    // writes the ParaView script once, after the first frame's files
    void writeScriptOnce(const World* world);
    // writes dir/<name> and rewrites its collection over files and times
    void writeSeries(const std::string& name, const std::string& text, std::vector<std::string>& files,
                     const std::string& collection, double time);

    std::string m_dir;
    std::string m_base;
    std::vector<std::string> m_files;
    std::vector<std::string> m_cellFiles;
    std::vector<std::string> m_memberFiles;
    bool m_scriptWritten = false;
    std::vector<double> m_times; // s, one per frame
};

} // namespace tumble
