#pragma once
// convert: a LAMMPS text dump as VTK frames and a .pvd (io/LammpsDump.h, io/DumpFrameVtp.h),
// streamed a frame at a time. A malformed or cut-short dump stops the conversion at its line
// with exit code 3; the frames before it are written and listed in the .pvd.
#include <ostream>

#include "CliOptions.h"

namespace tumble::cli {

int convertCommand(const CliOptions& options, std::ostream& out, std::ostream& err);

} // namespace tumble::cli
