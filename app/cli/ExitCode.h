#pragma once
// tumble-cli's exit codes (CONTRACT.md); scripts branch on these numbers.

namespace tumble::cli {

enum ExitCode : int {
    kExitSuccess = 0,
    kExitFailure = 1,   ///< an output file could not be written mid-run
    kExitUsage = 2,     ///< bad command line; the message names the option
    kExitScene = 3,     ///< invalid scene; the message names the file, JSON path and problem
    kExitUnstable = 4,  ///< the run became unstable; files written so far stay valid
    kExitResources = 5, ///< not enough memory (estimated up front, or an allocation failed);
                        ///< the message gives the figures; files written so far stay valid
};

} // namespace tumble::cli
