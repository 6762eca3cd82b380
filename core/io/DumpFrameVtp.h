#pragma once
// DumpFrameVtp: one LAMMPS dump frame (io/LammpsDump.h) as VTK XML PolyData, the same layout as
// Tumble's own frames (io/VtpWriter.h): a point and a vertex per atom at x y z; point data
// "radius" (the radius column, or half the diameter), the vectors "velocity" (vx vy vz),
// "angular_velocity" (omegax omegay omegaz) and "force" (fx fy fz) when dumped, and every other
// column as a scalar of its own name (id, mol, type, c_..., v_...), so ParaView and Tumble can
// colour by any of them. Field data: TimeValue (the frame's time, else its timestep) and Step.
#include <string>

#include "io/LammpsDump.h"

namespace tumble {

/// The frame's VTK XML text. Throws DumpError (file, the frame's line) when it has no x y z columns.
std::string dumpFrameVtp(const LammpsDumpFrame& frame, const std::string& file, long long line);

/// The time a frame stands at: its ITEM: TIME, else its timestep.
double dumpFrameTime(const LammpsDumpFrame& frame);

} // namespace tumble
