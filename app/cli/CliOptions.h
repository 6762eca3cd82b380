#pragma once
// CliOptions: tumble-cli's command line, parsed and checked before any work starts.
//
// Design note. Parsing is a pure function of the argument list (no I/O, no scene), so every
// usage error is unit-testable and reported before a long run begins. Checks that need only
// the command line happen here: unknown options, missing values, malformed numbers, values out
// of range, unknown scheme names (listing the known ones) and conflicting options. Checks that
// need the scene happen in the commands: a tracked id past the last body (RunCommand), a sweep
// scheme of the wrong kind for the scene's measure (SweepCommand). Values the user did
// not give stay empty, so the scene's own values apply (command-line values override the
// scene's). Both "--opt value" and "--opt=value" are accepted.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "sim/SimParams.h"

namespace tumble::cli {

enum class Command { Help, Run, Inspect, List, Sweep, ExportLammps, Convert };

struct CliOptions {
    Command command = Command::Help;
    std::string scene; ///< run, inspect: a scene file path or "builtin:<id>"

    // integration; a preset fills translation and rotation
    std::optional<std::string> scheme;      ///< --scheme preset name
    std::optional<std::string> translation; ///< --translation, or the preset's
    std::optional<std::string> rotation;    ///< --rotation, or the preset's
    std::optional<double> dt;               ///< --dt, s
    std::optional<double> dtFactor;         ///< --dt-factor, fraction of the critical dt

    // run length: exactly one of these
    std::optional<long long> steps; ///< --steps
    std::optional<double> duration; ///< --duration, s

    // damping
    std::optional<double> localDamping;                     ///< --local-damping, [0, 1)
    std::optional<LocalDampingVariant> localDampingVariant; ///< --local-damping-variant
    std::optional<double> viscousDamping;                   ///< --viscous-damping, 1/s

    int threads = 1; ///< --threads

    // outputs
    std::optional<std::string> energyCsv;   ///< --energy-csv
    std::optional<std::string> ledgerCsv;   ///< --ledger-csv
    long long every = 1;                    ///< --every: energy and track rows every K steps
    std::vector<int> track;                 ///< --track body ids
    std::optional<std::string> trackCsv;    ///< --track-csv
    std::optional<std::string> phaseCsv;    ///< --phase-csv
    std::optional<std::string> bondCsv;     ///< --bond-csv
    std::optional<std::string> stressCsv;   ///< --stress-csv
    std::vector<std::array<int, 2>> bonds;  ///< --bonds I-J[,I-J...]: the bond CSV's bonds (empty: all)
    std::optional<std::string> summaryJson; ///< --summary-json
    std::optional<std::string> vtkDir;      ///< --vtk-dir
    std::optional<std::string> stateIn;     ///< --state-in: start from this saved state
    std::optional<std::string> stateOut;    ///< --state-out: save the state here at the end
    long long vtkEvery = 100;               ///< --vtk-every: a VTK frame every K steps

    // sweep: --scheme NAME[,NAME...] --dt A,B,C... --duration T [--csv PATH]
    std::vector<std::string> sweepSchemes; ///< presets, translation or rotation scheme names (by scene)
    std::vector<double> sweepDts;          ///< s
    std::optional<std::string> sweepCsv;   ///< --csv

    // export-lammps SCENE DIR [--procs N] [--steps N | --duration T] [--dump-every K]
    std::string exportDir;              ///< DIR, created when missing
    int procs = 1;                      ///< --procs: MPI ranks in the job script
    std::optional<long long> dumpEvery; ///< --dump-every: a LAMMPS dump frame every K steps

    // convert DUMP --vtk-dir DIR (the directory in vtkDir)
    std::string dump; ///< a LAMMPS text dump
};

/// Parses the arguments after the program name; throws UsageError naming the option.
CliOptions parseCommandLine(const std::vector<std::string>& args);

/// The usage text printed by --help.
std::string usageText();

} // namespace tumble::cli
