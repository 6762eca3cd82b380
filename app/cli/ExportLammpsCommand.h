#pragma once
// export-lammps: a scene as a LAMMPS run directory (io/LammpsExport.h); what does not map is
// printed on the error stream, one line each, and written in the directory's README.md.
#include <ostream>

#include "CliOptions.h"

namespace tumble::cli {

int exportLammpsCommand(const CliOptions& options, std::ostream& out, std::ostream& err);

} // namespace tumble::cli
