#pragma once
// SummaryJson: the summary of a headless run (CONTRACT.md, "Summary JSON").
//
// Keys: scene, steps, time, dt, critical_dt, translation, rotation, local_damping,
// local_damping_variant, viscous_damping, bodies, contacts, threads, wall_seconds,
// particle_steps_per_second, energy_start and energy_end (objects keyed by the energy CSV's
// column names), max_abs_balance_error, energy_samples, heap_bytes and heap_bytes_per_body when
// measured, unstable, and instability_message when unstable, out_of_memory_message when an
// allocation failed mid-run; cell (a periodic cell's model, periodic sides, side vectors, velocity
// gradient, volume, strain F - I, stress, pressure and deviator at the end) when the scene has one. Doubles are written
// as shortest round-trip decimals; a non-finite value as null. The file is replaced atomically, so a reader never sees
// half a document.
#include <array>
#include <string>

#include "energy/EnergySample.h"
#include "math/Types.h"

namespace tumble {

/// A periodic cell at the end of a run (docs/PERIODIC.md).
struct CellSummary {
    std::string model;              ///< "medium_carried" or "lees_edwards"
    std::array<bool, 3> periodic{}; ///< which sides repeat
    Mat3 vectors = Mat3::Zero();    ///< side vectors as columns, m (written as rows, as in a scene)
    Mat3 gradient = Mat3::Zero();   ///< velocity gradient L, 1/s
    double volume = 0.0;            ///< m^3
    Mat3 strain = Mat3::Zero();     ///< F - I since the start, -
    Mat3 stress = Mat3::Zero();     ///< Pa, tension positive
    double pressure = 0.0;          ///< Pa
    double deviator = 0.0;          ///< Pa
};

struct RunSummary {
    std::string scene;               ///< file path or "builtin:<id>"
    long long steps = 0;             ///< steps taken in this run
    double time = 0.0;               ///< simulated time at the end, s
    double dt = 0.0;                 ///< timestep, s
    double criticalDt = 0.0;         ///< critical timestep estimate, s
    std::string translation;         ///< translation scheme name
    std::string rotation;            ///< rotation scheme name
    double localDamping = 0.0;       ///< Cundall coefficient, -
    std::string localDampingVariant; ///< "pfc" or "woo"
    double viscousDamping = 0.0;     ///< 1/s
    long long bodies = 0;
    long long contacts = 0;              ///< contacts with positive overlap at the end
    long long bonds = 0;                 ///< bonds at the start of the run (written when > 0)
    long long bondsBroken = 0;           ///< bonds that broke during the run
    double firstBreakTime = -1.0;        ///< s, the first break's simulated time; < 0: none
    double lastBreakTime = -1.0;         ///< s, likewise the last
    int threads = 1;                     ///< threads requested
    double wallSeconds = 0.0;            ///< wall-clock time of the stepping loop, s
    double particleStepsPerSecond = 0.0; ///< bodies x steps / wallSeconds, 1/s
    EnergySample energyStart;            ///< energy row at the first step of the run
    EnergySample energyEnd;              ///< energy row at the last stable step
    double maxAbsBalanceError = 0.0;     ///< largest |balance_error| over the sampled rows, J
    long long energySamples = 0;         ///< rows the maximum was taken over
    /// heap the run held at its end over what the process held before loading the scene
    /// (simulation, contacts, output writers), B; negative: not measured
    long long heapBytes = -1;
    std::string instabilityMessage; ///< empty when the run stayed stable
    std::string outOfMemoryMessage; ///< empty unless an allocation failed mid-run
    bool hasCell = false;           ///< the scene has a periodic cell: cell is written
    CellSummary cell;
};

class SummaryJson {
public:
    /// The summary as JSON text (indented, with a trailing newline).
    static std::string toText(const RunSummary& summary);

    /// Writes the summary to path, replacing it atomically; throws IoError.
    static void write(const std::string& path, const RunSummary& summary);
};

} // namespace tumble
