#pragma once
// tumble-cli sweep: error at T against dt per scheme and the fitted order (CONTRACT.md).
#include <ostream>

#include "CliOptions.h"

namespace tumble::cli {

/// Runs the sweep; prints one line "SCHEME order P" per scheme to out and writes the CSV
/// "scheme,dt,steps,error" when asked. Returns the exit code.
int sweepCommand(const CliOptions& options, std::ostream& out);

} // namespace tumble::cli
