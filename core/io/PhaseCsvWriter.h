#pragma once
// PhaseCsvWriter: the phase CSV of a run (tumble-cli --phase-csv), one row per tracked body per
// sample: the state as the translation and rotation schemes store it, so that the points of a
// scheme lie on its own orbit (analysis/ShadowOrbit.h: the shadow ellipse of a symplectic
// scheme is an ellipse in the stored x and v, a half-step v for the central difference).
// Columns:
//
//   step, time (s), id (the body's scene id),
//   velocity_timing, angular_timing: on_step | half_step (when v, and w, are taken: at the
//     row's time, or half a step before it),
//   x, y, z (m), vx, vy, vz (m/s): the centre's position and velocity,
//   rx, ry, rz (rad): the rotation vector of the body's turn since the file was opened (q q0*,
//     world frame, angle in [0, pi]),
//   wx, wy, wz (rad/s): the angular velocity (world frame).
//
// The rows of one sample are written and flushed together, so the file never ends inside a
// sample.
#include <string>
#include <vector>

#include "io/TextFile.h"
#include "model/World.h"

namespace tumble {

class PhaseCsvWriter {
public:
    static constexpr const char* kHeader =
        "step,time,id,velocity_timing,angular_timing,x,y,z,vx,vy,vz,rx,ry,rz,wx,wy,wz";

    /// Creates path and writes the header; ids are scene body ids, each body's orientation in
    /// world now the reference its turn is measured from. Throws IoError, or std::out_of_range
    /// for an id the world does not have.
    PhaseCsvWriter(std::string path, std::vector<int> ids, const World& world);

    /// Appends one row per tracked body at the world's current step. Throws IoError.
    void write(const World& world);

    long long rowCount() const { return m_rows; }
    const std::string& path() const { return m_file.path(); }

private:
    TextFile m_file;
    std::vector<int> m_ids;
    std::vector<Quat> m_start; // each tracked body's orientation when the file was opened
    std::string m_chunk;       // reused buffer for one sample's rows
    long long m_rows = 0;
};

} // namespace tumble
