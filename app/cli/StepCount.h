#pragma once
// The steps a command runs: --steps N, or the whole steps from t0 to --duration T (a ratio
// within rounding of an integer is that integer; more than 1e15 steps is bad usage). run and
// export-lammps count them alike.
#include "CliOptions.h"

namespace tumble::cli {

/// --steps, or whole steps of dt (s) from t0 (s) to --duration (s); throws UsageError when the
/// duration is not after t0 or needs more than 1e15 steps. One of the two must be given.
long long stepCount(const CliOptions& o, double dt, double t0);

} // namespace tumble::cli
