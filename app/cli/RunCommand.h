#pragma once
// `tumble-cli run SCENE.json [options]`: a headless run that writes the energy CSV, track CSV,
// VTK frames and summary JSON of CONTRACT.md.
//
// Design note. Everything that can be checked before stepping is checked first (outputs that
// would overwrite each other or the scene, scene, tracked ids, timestep, output files can be
// created), so a long run never dies at its end over a typo. Rows are sampled at step 0, every K
// steps and at the last step; each row is flushed as it is written, and every sample (and every
// VTK frame) passes Simulation::checkEnergySample first, so a runaway sample is never written:
// after an instability (exit 4) every file ends at the last stable row. A failed allocation
// while stepping is reported as running out of memory (ResourceError, exit 5), never as an
// instability. The summary is written last, also after an instability or running out of memory,
// with the message.
#include <ostream>

#include "CliOptions.h"

namespace tumble::cli {

/// Runs the scene as the options say; returns the exit code (0 or 4). Throws UsageError,
/// SceneError, ParameterError, IoError or ResourceError for main() to map to exit codes.
int runCommand(const CliOptions& options, std::ostream& out, std::ostream& err);

} // namespace tumble::cli
