#pragma once
// tumble-cli sweep: error at T against dt per scheme and the fitted order (CONTRACT.md).
#include <ostream>

#include "CliOptions.h"

namespace tumble::cli {

/// Runs the sweep; prints one line "SCHEME order P (translation: NAME)" per scheme to out, or
/// "(rotation: NAME)" on a scene measured by the orientation angle, and writes the CSV
/// "scheme,dt,steps,error,reference,measure" when asked. Throws UsageError for a scheme name the
/// scene's measure does not accept. Returns the exit code.
int sweepCommand(const CliOptions& options, std::ostream& out);

} // namespace tumble::cli
