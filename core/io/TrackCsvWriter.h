#pragma once
// TrackCsvWriter: the track CSV of CONTRACT.md, one row per tracked body per sample.
//
// Rows are world-frame, on-step values (OnStepKinematics.h for half-step schemes). The rows of
// one sample are written and flushed together, so the file never ends inside a sample.
#include <string>
#include <vector>

#include "io/TextFile.h"
#include "model/World.h"

namespace tumble {

class TrackCsvWriter {
public:
    /// The header line, exactly as CONTRACT.md spells it (no trailing newline).
    static constexpr const char* kHeader = "step,time,id,x,y,z,vx,vy,vz,wx,wy,wz,Lx,Ly,Lz,qw,qx,qy,qz";

    /// Creates path and writes the header; ids are body indices in the scene. Throws IoError.
    TrackCsvWriter(std::string path, std::vector<int> ids);

    /// Appends one row per tracked body at the world's current step; dt in s (for the on-step
    /// estimate of half-step velocities). Throws IoError, or std::out_of_range for an id the
    /// world does not have.
    void write(const World& world, double dt);

    const std::vector<int>& ids() const { return m_ids; }
    long long rowCount() const { return m_rows; }
    const std::string& path() const { return m_file.path(); }

private:
    TextFile m_file;
    std::vector<int> m_ids;
    std::string m_chunk; // reused buffer for one sample's rows
    long long m_rows = 0;
};

} // namespace tumble
