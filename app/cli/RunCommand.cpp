#include "RunCommand.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <new>
#include <optional>
#include <sstream>

#include "ExitCode.h"
#include "HeapInUse.h"
#include "OutputPaths.h"
#include "SceneSource.h"
#include "StepCount.h"
#include "UsageError.h"
#include "io/BondCsvWriter.h"
#include "io/EnergyCsvWriter.h"
#include "io/IoError.h"
#include "io/PhaseCsvWriter.h"
#include "io/StateFile.h"
#include "io/StressCsvWriter.h"
#include "io/SummaryJson.h"
#include "io/TrackCsvWriter.h"
#include "io/VtpWriter.h"
#include "parallel/MachineResources.h"
#include "scene/SceneLimits.h"
#include "sim/CriticalTimestep.h"
#include "sim/ResourceError.h"
#include "sim/Simulation.h"
#include "sim/StateArchive.h"

namespace tumble::cli {

namespace {

// scene parameters with the command line's overrides applied
SimParams resolveParams(const Scene& scene, const CliOptions& o)
{
    SimParams p = scene.params;
    if (o.translation)
        p.translation = *o.translation;
    if (o.rotation)
        p.rotation = *o.rotation;
    if (o.dt) {
        p.dt = *o.dt;
    } else if (o.dtFactor) {
        const double critical = criticalTimestep(scene.world);
        if (!std::isfinite(critical))
            throw UsageError("--dt-factor: the scene has no critical timestep (no bodies); give --dt");
        p.dt = *o.dtFactor * critical;
        if (!(p.dt >= limits::kMinDt && p.dt <= limits::kMaxDt))
            throw UsageError("--dt-factor: " + std::to_string(*o.dtFactor) + " x the critical timestep " +
                             std::to_string(critical) + " s is outside the timestep range [1e-15, 1e3] s");
    }
    if (o.localDamping)
        p.localDamping = *o.localDamping;
    if (o.localDampingVariant)
        p.localDampingVariant = *o.localDampingVariant;
    if (o.viscousDamping)
        p.viscousDamping = *o.viscousDamping;
    p.threads = o.threads;
    return p;
}

// opens an output, turning an I/O error into a usage error that names the option
template <class Make> auto openOutput(const char* option, Make make)
{
    try {
        return make();
    } catch (const IoError& e) {
        throw UsageError(std::string(option) + ": " + e.what());
    }
}

// outputs must not overwrite each other or the scene (checked before the scene is even loaded)
void checkPaths(const CliOptions& o)
{
    std::vector<NamedPath> outputs;
    for (const auto& [option, path] : {std::pair{"--energy-csv", o.energyCsv}, std::pair{"--ledger-csv", o.ledgerCsv},
                                       std::pair{"--track-csv", o.trackCsv}, std::pair{"--phase-csv", o.phaseCsv},
                                       std::pair{"--bond-csv", o.bondCsv}, std::pair{"--stress-csv", o.stressCsv},
                                       std::pair{"--summary-json", o.summaryJson}, std::pair{"--vtk-dir", o.vtkDir},
                                       std::pair{"--state-out", o.stateOut}})
        if (path)
            outputs.push_back({option, *path});
    std::vector<NamedPath> inputs;
    if (!o.scene.starts_with("builtin:"))
        inputs.push_back({"scene file", o.scene});
    if (o.stateIn)
        inputs.push_back({"--state-in", *o.stateIn});
    checkOutputPaths(outputs, inputs);
}

// --state-in: the saved state, then the options given with it as a live change
void resumeFrom(Simulation& sim, const CliOptions& o)
{
    const std::string& path = *o.stateIn;
    std::vector<unsigned char> state;
    try {
        state = StateFile::read(path);
        sim.restoreState(state);
    } catch (const StateError& e) {
        const std::string what = e.what();
        throw UsageError("--state-in: " +
                         (what.starts_with("state file ") ? what : "state file " + path + ": " + what));
    }
    LiveParams change;
    change.translation = o.translation;
    change.rotation = o.rotation;
    change.dt = o.dt;
    change.dtFactor = o.dtFactor;
    change.localDamping = o.localDamping;
    change.localDampingVariant = o.localDampingVariant;
    change.viscousDamping = o.viscousDamping;
    if (!change.empty())
        sim.apply(change);
}

std::string outOfMemoryMessage(long long step, double time)
{
    const AvailableMemory have = availableMemory();
    std::ostringstream msg;
    msg << "out of memory at step " << step << ", t = " << time
        << " s: an allocation failed (std::bad_alloc); this process can allocate about " << have.bytes / 1e9
        << " GB more (limited by " << have.source
        << "). Run a smaller scene, or raise the limit; the files written so far are complete up to step "
        << (step > 0 ? step - 1 : 0);
    return msg.str();
}

} // namespace

int runCommand(const CliOptions& o, std::ostream& out, std::ostream& err)
{
    checkPaths(o);
    const std::size_t heapBefore = heapInUse();
    Scene scene = loadSceneArgument(o.scene);
    const std::size_t bodies = scene.world.size();
    for (int id : o.track)
        if (static_cast<std::size_t>(id) >= bodies)
            throw UsageError("--track: body " + std::to_string(id) + " does not exist; the scene has " +
                             std::to_string(bodies) + " bodies (ids 0 to " + std::to_string(bodies) + " - 1)");

    for (const auto& pair : o.bonds)
        if (static_cast<std::size_t>(std::max(pair[0], pair[1])) >= bodies ||
            !scene.world.bonds.bonded(pair[0], pair[1]))
            throw UsageError("--bonds: bodies " + std::to_string(pair[0]) + " and " + std::to_string(pair[1]) +
                             " are not bonded in this scene");
    if (o.stressCsv && !scene.world.cell)
        throw UsageError("--stress-csv: the scene has no periodic cell (\"cell\" in the scene file)");
    Simulation sim(std::move(scene.world), resolveParams(scene, o));
    if (o.stateIn)
        resumeFrom(sim, o);
    const SimParams params = sim.params();
    const long long steps = stepCount(o, params.dt, o.stateIn ? sim.world().time : 0.0);
    const long long bondsAtStart = static_cast<long long>(sim.world().bonds.size());

    // outputs, all created before the first step
    std::unique_ptr<EnergyCsvWriter> energyCsv;
    std::unique_ptr<EnergyCsvWriter> ledgerCsv;
    std::unique_ptr<TrackCsvWriter> trackCsv;
    std::unique_ptr<PhaseCsvWriter> phaseCsv;
    std::unique_ptr<BondCsvWriter> bondCsv;
    std::unique_ptr<StressCsvWriter> stressCsv;
    std::unique_ptr<VtpWriter> vtp;
    if (o.energyCsv)
        energyCsv = openOutput("--energy-csv", [&] { return std::make_unique<EnergyCsvWriter>(*o.energyCsv); });
    if (o.ledgerCsv)
        ledgerCsv = openOutput("--ledger-csv", [&] { return std::make_unique<EnergyCsvWriter>(*o.ledgerCsv, true); });
    if (o.trackCsv)
        trackCsv = openOutput("--track-csv", [&] { return std::make_unique<TrackCsvWriter>(*o.trackCsv, o.track); });
    if (o.phaseCsv)
        phaseCsv = openOutput("--phase-csv",
                              [&] { return std::make_unique<PhaseCsvWriter>(*o.phaseCsv, o.track, sim.world()); });
    if (o.bondCsv)
        bondCsv = openOutput("--bond-csv", [&] { return std::make_unique<BondCsvWriter>(*o.bondCsv, o.bonds); });
    if (o.stressCsv)
        stressCsv = openOutput("--stress-csv", [&] { return std::make_unique<StressCsvWriter>(*o.stressCsv); });
    if (o.vtkDir)
        vtp = openOutput("--vtk-dir", [&] { return std::make_unique<VtpWriter>(*o.vtkDir); });

    // the state at the start proves the path writable, and is a valid state should the run
    // be killed; it is replaced at the end
    if (o.stateOut)
        openOutput("--state-out", [&] {
            StateFile::write(*o.stateOut, sim.saveState());
            return 0;
        });

    // a first summary proves the path writable before the run and is replaced at its end
    if (o.summaryJson)
        openOutput("--summary-json", [&] {
            SummaryJson::write(*o.summaryJson, RunSummary{});
            return 0;
        });

    RunSummary summary;
    summary.scene = o.scene;
    summary.dt = params.dt;
    summary.criticalDt = sim.criticalDt();
    summary.translation = params.translation;
    summary.rotation = params.rotation;
    summary.localDamping = params.localDamping;
    summary.localDampingVariant = toString(params.localDampingVariant);
    summary.viscousDamping = params.viscousDamping;
    summary.bodies = static_cast<long long>(bodies);
    summary.threads = sim.params().threads;

    std::string instability;
    // one sampled row: energy (for the balance maximum), then the files that asked for it
    std::string outOfMemory;
    auto sample = [&](bool first) {
        const EnergySample s = sim.energy();
        // a runaway sample never reaches a file or the screen: the run stops before it
        if (!sim.checkEnergySample(s)) {
            instability = sim.instabilityMessage();
            return;
        }
        if (first)
            summary.energyStart = s;
        summary.energyEnd = s;
        summary.maxAbsBalanceError = std::max(summary.maxAbsBalanceError, std::abs(s.balanceError));
        ++summary.energySamples;
        if (energyCsv)
            energyCsv->write(s);
        if (ledgerCsv)
            ledgerCsv->write(s);
        if (trackCsv)
            trackCsv->write(sim.world(), params.dt);
        if (phaseCsv)
            phaseCsv->write(sim.world());
        if (bondCsv)
            bondCsv->write(sim.world());
        if (stressCsv)
            stressCsv->write(sim.world().step, sim.world().time, sim.cellStress());
    };

    const auto start = std::chrono::steady_clock::now();
    long long done = 0;                 // steps completed and stable
    double doneTime = sim.world().time; // s, at the last stable step
    sample(true);
    if (vtp)
        vtp->writeFrame(sim.world(), params.dt);
    long long k = 0;          // steps taken
    bool inAfterStep = false; // (what the outputs throw is theirs, not the step's: it goes on up)
    // after each stable step: rows and frames at whole multiples of the intervals since the
    // scene's step 0, so a resumed run (--state-in) writes the rows the uninterrupted one would have
    auto afterStep = [&] {
        inAfterStep = true;
        ++k;
        const long long at = sim.world().step;
        const bool last = k == steps;
        const bool frame = vtp && (at % o.vtkEvery == 0 || last);
        if (at % o.every == 0 || last)
            sample(false);
        else if (frame && !sim.checkEnergySample(sim.energy()))
            instability = sim.instabilityMessage(); // a frame is shown too: the same check first
        if (instability.empty()) {
            done = k;
            doneTime = sim.world().time;
            if (frame)
                vtp->writeFrame(sim.world(), params.dt);
        }
        inAfterStep = false;
    };
    // the steps run joined (Simulation::run) up to the next one whose bodies are read: a row of a
    // file that reads them, a frame, the last; energy rows in between come from the passes, and
    // the joined steps between rows skip the kinetic energy sums
    const bool rowsReadBodies = trackCsv || phaseCsv || bondCsv || stressCsv;
    while (k < steps && instability.empty()) {
        const long long at = sim.world().step;
        long long n = steps - k;
        if (rowsReadBodies)
            n = std::min(n, o.every - at % o.every);
        if (vtp)
            n = std::min(n, o.vtkEvery - at % o.vtkEvery);
        try {
            sim.run(n, afterStep, o.every); // (energy rows only at multiples of --every)
        } catch (const std::bad_alloc&) {
            if (inAfterStep)
                throw;
            // running out of memory is not an instability, and no dt helps it
            outOfMemory = outOfMemoryMessage(sim.world().step + 1, sim.world().time + params.dt);
            break;
        } catch (const std::exception& e) {
            if (inAfterStep)
                throw;
            // a state that has run away (finite but astronomically large positions) can break
            // the step itself before the core's periodic runaway check sees it
            std::ostringstream msg;
            msg << "unstable at step " << sim.world().step + 1 << ", t = " << sim.world().time + params.dt
                << " s: the step failed (" << e.what() << "); "
                << InstabilityReport::adviceFor(sim.world(), params.dt, sim.criticalDt());
            instability = msg.str();
            break;
        }
        if (sim.isUnstable() && instability.empty())
            instability = sim.instabilityMessage();
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    summary.steps = done;
    summary.time = doneTime;
    summary.contacts = static_cast<long long>(sim.contactCount());
    summary.bonds = bondsAtStart;
    summary.bondsBroken = static_cast<long long>(sim.bondBreaks().size());
    if (!sim.bondBreaks().empty()) {
        summary.firstBreakTime = sim.bondBreaks().front().time;
        summary.lastBreakTime = sim.bondBreaks().back().time;
    }
    if (const std::optional<PeriodicCell>& cell = sim.world().cell) {
        const CellStress stress = sim.cellStress();
        summary.hasCell = true;
        summary.cell.model = cell->model() == CellModel::LeesEdwards ? "lees_edwards" : "medium_carried";
        summary.cell.periodic = cell->periodic();
        summary.cell.vectors = cell->vectors();
        summary.cell.gradient = cell->gradient();
        summary.cell.volume = stress.volume;
        summary.cell.strain = stress.strain;
        summary.cell.stress = stress.sigma;
        summary.cell.pressure = stress.pressure;
        summary.cell.deviator = stress.deviator;
    }
    summary.wallSeconds = wall;
    summary.particleStepsPerSecond = wall > 0.0 ? static_cast<double>(bodies) * static_cast<double>(done) / wall : 0.0;
    summary.instabilityMessage = instability;
    summary.heapBytes = static_cast<long long>(heapInUse()) - static_cast<long long>(heapBefore);
    summary.outOfMemoryMessage = outOfMemory;
    if (!outOfMemory.empty()) {
        // the summary may itself fail to allocate: the CSVs are complete already, so say what
        // happened either way
        try {
            if (o.summaryJson)
                SummaryJson::write(*o.summaryJson, summary);
        } catch (const std::exception&) {
        }
        throw ResourceError(outOfMemory);
    }
    if (o.summaryJson)
        SummaryJson::write(*o.summaryJson, summary);

    if (!instability.empty()) {
        err << "tumble-cli: " << instability << '\n';
        if (o.stateOut)
            err << "tumble-cli: --state-out: " << *o.stateOut << " keeps the state the run started from; an unstable "
                << "state is not saved\n";
        return kExitUnstable;
    }
    if (o.stateOut)
        StateFile::write(*o.stateOut, sim.saveState());
    out << "ran " << done << " steps of dt = " << params.dt << " s (critical dt " << sim.criticalDt()
        << " s) to t = " << sim.world().time << " s: " << bodies << " bodies, " << sim.contactCount()
        << " contacts, max |balance error| " << summary.maxAbsBalanceError << " J, " << summary.particleStepsPerSecond
        << " particle-steps/s\n";
    return kExitSuccess;
}

} // namespace tumble::cli
