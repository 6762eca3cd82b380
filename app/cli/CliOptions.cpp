#include "CliOptions.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "UsageError.h"
#include "integrate/IntegratorRegistry.h"
#include "parallel/MachineResources.h"
#include "scene/SceneLimits.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"

namespace tumble::cli {

namespace {

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "(none in this build)" : out;
}

template <class Info> std::vector<std::string> namesOf(const std::vector<Info>& list)
{
    std::vector<std::string> out;
    for (const Info& i : list)
        out.push_back(i.name);
    return out;
}

double parseDouble(const std::string& option, const std::string& text)
{
    double v = 0.0;
    const char* end = text.data() + text.size();
    const auto res = std::from_chars(text.data(), end, v);
    if (text.empty() || res.ec != std::errc() || res.ptr != end || !std::isfinite(v))
        throw UsageError(option + ": '" + text + "' is not a number");
    return v;
}

long long parseInteger(const std::string& option, const std::string& text)
{
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto res = std::from_chars(text.data(), end, v);
    if (text.empty() || res.ec != std::errc() || res.ptr != end)
        throw UsageError(option + ": '" + text + "' is not an integer");
    return v;
}

double positive(const std::string& option, double v, const char* unit)
{
    if (!(v > 0.0))
        throw UsageError(option + ": must be > 0" + std::string(unit) + ", got " + std::to_string(v));
    return v;
}

long long atLeast(const std::string& option, long long v, long long min)
{
    if (v < min)
        throw UsageError(option + ": must be >= " + std::to_string(min) + ", got " + std::to_string(v));
    return v;
}

std::string shortNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

// a value within the scene's own range (scene/SceneLimits.h), so an override is no laxer than a file
double within(const std::string& option, double v, double lo, double hi, const char* unit)
{
    if (!(v >= lo && v <= hi))
        throw UsageError(option + ": must be in [" + shortNumber(lo) + ", " + shortNumber(hi) + "]" + unit + ", got " +
                         shortNumber(v));
    return v;
}

double timestep(const std::string& option, const std::string& text)
{
    return within(option, positive(option, parseDouble(option, text), " s"), limits::kMinDt, limits::kMaxDt, " s");
}

// a sweep's run of T / dt steps (its rk4 reference takes 16 times more) must end in hours, not years
constexpr double kMaxSweepSteps = 1e8;

std::string checkTranslation(const std::string& option, const std::string& name)
{
    if (!makeTranslationScheme(name))
        throw UsageError(option + ": unknown translation scheme '" + name +
                         "'; known: " + joinNames(namesOf(translationSchemes())));
    return name;
}

std::string checkRotation(const std::string& option, const std::string& name)
{
    if (!makeRotationScheme(name))
        throw UsageError(option + ": unknown rotation scheme '" + name +
                         "'; known: " + joinNames(namesOf(rotationSchemes())));
    return name;
}

// a comma-separated list with no empty items
std::vector<std::string> splitList(const std::string& opt, const std::string& val)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = val.find(',', start);
        const std::string item = val.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty())
            throw UsageError(opt + ": empty item in the list '" + val + "'");
        out.push_back(item);
        if (comma == std::string::npos)
            return out;
        start = comma + 1;
    }
}

std::vector<int> parseIds(const std::string& option, const std::string& text)
{
    std::vector<int> ids;
    std::set<int> seen;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const long long id = parseInteger(option, item);
        if (id < 0 || id > 2147483647LL)
            throw UsageError(option + ": body id " + item + " is out of range (ids start at 0)");
        if (!seen.insert(static_cast<int>(id)).second)
            throw UsageError(option + ": body id " + item + " is listed twice");
        ids.push_back(static_cast<int>(id));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return ids;
}

// "I-J,K-L": bonds by their two bodies' scene ids
std::vector<std::array<int, 2>> parseBondPairs(const std::string& option, const std::string& text)
{
    std::vector<std::array<int, 2>> pairs;
    std::set<std::pair<int, int>> seen;
    for (const std::string& item : splitList(option, text)) {
        const std::size_t dash = item.find('-');
        if (dash == std::string::npos || dash == 0)
            throw UsageError(option + ": expected a bond as two body ids I-J, got '" + item + "'");
        const long long a = parseInteger(option, item.substr(0, dash));
        const long long b = parseInteger(option, item.substr(dash + 1));
        if (a < 0 || b < 0 || a > 2147483647LL || b > 2147483647LL)
            throw UsageError(option + ": body id out of range in '" + item + "' (ids start at 0)");
        if (a == b)
            throw UsageError(option + ": '" + item + "' names one body twice");
        if (!seen.insert({std::min(a, b), std::max(a, b)}).second)
            throw UsageError(option + ": bond " + item + " is listed twice");
        pairs.push_back({static_cast<int>(a), static_cast<int>(b)});
    }
    return pairs;
}

// options of "run" that take a value; every one of them does
const std::set<std::string> kRunOptions = {
    "--scheme",
    "--translation",
    "--rotation",
    "--dt",
    "--dt-factor",
    "--steps",
    "--duration",
    "--local-damping",
    "--local-damping-variant",
    "--viscous-damping",
    "--threads",
    "--energy-csv",
    "--ledger-csv",
    "--every",
    "--track",
    "--track-csv",
    "--phase-csv",
    "--bond-csv",
    "--bonds",
    "--stress-csv",
    "--summary-json",
    "--vtk-dir",
    "--vtk-every",
    "--state-in",
    "--state-out",
};

// options of "sweep"; each takes a value
const std::set<std::string> kSweepOptions = {"--scheme", "--dt", "--duration", "--csv"};

// options of "export-lammps"
const std::set<std::string> kExportOptions = {"--procs", "--steps", "--duration", "--dump-every"};

// options of "convert"
const std::set<std::string> kConvertOptions = {"--vtk-dir"};

void applyExportOption(CliOptions& o, const std::string& opt, const std::string& val)
{
    if (opt == "--procs") {
        const long long n = atLeast(opt, parseInteger(opt, val), 1);
        if (n > 1000000)
            throw UsageError(opt + ": at most 1000000 ranks, got " + val);
        o.procs = static_cast<int>(n);
    } else if (opt == "--steps") {
        o.steps = atLeast(opt, parseInteger(opt, val), 1);
    } else if (opt == "--duration") {
        o.duration = positive(opt, parseDouble(opt, val), " s");
    } else if (opt == "--dump-every") {
        o.dumpEvery = atLeast(opt, parseInteger(opt, val), 1);
    }
}

void applySweepOption(CliOptions& o, const std::string& opt, const std::string& val)
{
    if (opt == "--scheme") {
        for (const std::string& name : splitList(opt, val)) {
            // which names apply depends on the scene's measure, known once it is loaded
            // (SweepCommand checks them there); here only names no scene accepts are refused
            try {
                sweepSchemes(name, "buss_2nd_order", AnalyticMeasure::Position);
            } catch (const ParameterError& e) {
                if (!findRotationScheme(name))
                    throw UsageError(opt + ": " + e.what() + "; on a torque-free scene also the rotation schemes: " +
                                     joinNames(namesOf(rotationSchemes())));
            }
            o.sweepSchemes.push_back(name);
        }
    } else if (opt == "--dt") {
        for (const std::string& item : splitList(opt, val))
            o.sweepDts.push_back(timestep(opt, item));
    } else if (opt == "--duration") {
        o.duration = positive(opt, parseDouble(opt, val), " s");
    } else if (opt == "--csv") {
        o.sweepCsv = val;
    }
}

void applyRunOption(CliOptions& o, const std::string& opt, const std::string& val)
{
    if (opt == "--scheme") {
        const auto preset = findPreset(val);
        if (!preset)
            throw UsageError("--scheme: unknown scheme '" + val + "'; known: " + joinNames(namesOf(presets())));
        o.scheme = val;
    } else if (opt == "--translation") {
        o.translation = checkTranslation(opt, val);
    } else if (opt == "--rotation") {
        o.rotation = checkRotation(opt, val);
    } else if (opt == "--dt") {
        o.dt = timestep(opt, val);
    } else if (opt == "--dt-factor") {
        o.dtFactor = within(opt, positive(opt, parseDouble(opt, val), ""), 0.0, limits::kMaxDtFactor, "");
    } else if (opt == "--steps") {
        o.steps = atLeast(opt, parseInteger(opt, val), 0);
        if (static_cast<double>(*o.steps) > limits::kMaxSteps)
            throw UsageError(opt + ": must be <= 1e15, got " + val);
    } else if (opt == "--duration") {
        o.duration = positive(opt, parseDouble(opt, val), " s");
    } else if (opt == "--local-damping") {
        const double a = parseDouble(opt, val);
        if (!(a >= 0.0 && a < 1.0))
            throw UsageError(opt + ": must be in [0, 1), got " + val);
        o.localDamping = a;
    } else if (opt == "--local-damping-variant") {
        if (val == "pfc")
            o.localDampingVariant = LocalDampingVariant::Pfc;
        else if (val == "woo")
            o.localDampingVariant = LocalDampingVariant::Woo;
        else
            throw UsageError(opt + ": unknown variant '" + val + "'; known: pfc, woo");
    } else if (opt == "--viscous-damping") {
        const double b = parseDouble(opt, val);
        if (!(b >= 0.0))
            throw UsageError(opt + ": must be >= 0 (1/s), got " + val);
        o.viscousDamping = within(opt, b, 0.0, limits::kMaxViscousDamping, " 1/s");
    } else if (opt == "--threads") {
        const long long n = atLeast(opt, parseInteger(opt, val), 1);
        // more threads than the machine runs at once only take turns (and spin) on its cores;
        // TUMBLE_OVERSUBSCRIBE=1 lifts this for tests that results do not depend on N
        const char* oversubscribe = std::getenv("TUMBLE_OVERSUBSCRIBE");
        const bool allowMore = oversubscribe && std::string(oversubscribe) == "1";
        const int hardware = hardwareThreads();
        if (n > hardware && !allowMore)
            throw UsageError(opt + ": " + val + " is more than the " + std::to_string(hardware) +
                             " hardware thread(s) this machine gives the process; give 1 to " +
                             std::to_string(hardware));
        if (n > SimParams::kMaxThreads)
            throw UsageError(opt + ": must be <= " + std::to_string(SimParams::kMaxThreads) + ", got " + val);
        o.threads = static_cast<int>(n);
    } else if (opt == "--energy-csv") {
        o.energyCsv = val;
    } else if (opt == "--ledger-csv") {
        o.ledgerCsv = val;
    } else if (opt == "--every") {
        o.every = atLeast(opt, parseInteger(opt, val), 1);
    } else if (opt == "--track") {
        o.track = parseIds(opt, val);
    } else if (opt == "--track-csv") {
        o.trackCsv = val;
    } else if (opt == "--phase-csv") {
        o.phaseCsv = val;
    } else if (opt == "--bond-csv") {
        o.bondCsv = val;
    } else if (opt == "--bonds") {
        o.bonds = parseBondPairs(opt, val);
    } else if (opt == "--stress-csv") {
        o.stressCsv = val;
    } else if (opt == "--summary-json") {
        o.summaryJson = val;
    } else if (opt == "--vtk-dir") {
        o.vtkDir = val;
    } else if (opt == "--vtk-every") {
        o.vtkEvery = atLeast(opt, parseInteger(opt, val), 1);
    } else if (opt == "--state-in") {
        o.stateIn = val;
    } else if (opt == "--state-out") {
        o.stateOut = val;
    }
}

// combinations that only the whole command line can judge
void checkRunCombination(CliOptions& o, const std::set<std::string>& given)
{
    auto has = [&](const char* opt) { return given.count(opt) > 0; };
    if (o.scene.empty())
        throw UsageError("run: missing SCENE.json (a scene file or builtin:<id>)");
    if (has("--scheme") && (has("--translation") || has("--rotation")))
        throw UsageError(std::string("--scheme: conflicts with ") +
                         (has("--translation") ? "--translation" : "--rotation") +
                         "; give a preset or the two scheme names, not both");
    if (has("--dt") && has("--dt-factor"))
        throw UsageError("--dt: conflicts with --dt-factor; give one of them");
    if (has("--steps") && has("--duration"))
        throw UsageError("--steps: conflicts with --duration; give one of them");
    if (!has("--steps") && !has("--duration"))
        throw UsageError("run: missing run length; give --steps N or --duration SECONDS");
    const bool trackOutput = has("--track-csv") || has("--phase-csv");
    if (has("--track") && !trackOutput)
        throw UsageError("--track: needs --track-csv PATH or --phase-csv PATH");
    if (!has("--track") && trackOutput)
        throw UsageError(std::string(has("--track-csv") ? "--track-csv" : "--phase-csv") +
                         ": needs --track ID[,ID...]");
    if (has("--every") && !has("--energy-csv") && !has("--ledger-csv") && !trackOutput && !has("--bond-csv") &&
        !has("--stress-csv"))
        throw UsageError("--every: needs --energy-csv PATH, --ledger-csv PATH, --track-csv PATH, --phase-csv PATH, "
                         "--bond-csv PATH or --stress-csv PATH");
    if (has("--bonds") && !has("--bond-csv"))
        throw UsageError("--bonds: needs --bond-csv PATH");
    if (has("--vtk-every") && !has("--vtk-dir"))
        throw UsageError("--vtk-every: needs --vtk-dir DIR");
    if (o.scheme) {
        const auto preset = findPreset(*o.scheme);
        o.translation = preset->translation;
        o.rotation = preset->rotation;
    }
}

} // namespace

CliOptions parseCommandLine(const std::vector<std::string>& args)
{
    CliOptions o;
    if (args.empty())
        throw UsageError("missing command; expected run, sweep, inspect, export-lammps, convert, list or help");
    const std::string& cmd = args[0];
    if (cmd == "help" || cmd == "--help" || cmd == "-h") {
        o.command = Command::Help;
        return o;
    }
    if (cmd == "run")
        o.command = Command::Run;
    else if (cmd == "inspect")
        o.command = Command::Inspect;
    else if (cmd == "list")
        o.command = Command::List;
    else if (cmd == "sweep")
        o.command = Command::Sweep;
    else if (cmd == "export-lammps")
        o.command = Command::ExportLammps;
    else if (cmd == "convert")
        o.command = Command::Convert;
    else if (cmd.starts_with("-"))
        throw UsageError(
            cmd +
            ": unknown option; expected a command first (run, sweep, inspect, export-lammps, convert, list or help)");
    else
        throw UsageError(cmd + ": unknown command; expected run, sweep, inspect, export-lammps, convert, list or help");

    std::set<std::string> given;
    for (std::size_t k = 1; k < args.size(); ++k) {
        std::string arg = args[k];
        if (arg == "--help" || arg == "-h") {
            o.command = Command::Help;
            return o;
        }
        if (!arg.starts_with("-") || arg == "-") {
            // the one positional argument: the scene
            if (o.command == Command::List)
                throw UsageError("list: unexpected argument '" + arg + "'");
            if (o.command == Command::Convert) {
                if (!o.dump.empty())
                    throw UsageError("convert: unexpected second dump '" + arg + "' (already have '" + o.dump + "')");
                o.dump = arg;
                continue;
            }
            if (o.command == Command::ExportLammps && !o.scene.empty()) {
                if (!o.exportDir.empty())
                    throw UsageError("export-lammps: unexpected third argument '" + arg + "' (SCENE and DIR given)");
                o.exportDir = arg;
                continue;
            }
            if (!o.scene.empty())
                throw UsageError(cmd + ": unexpected second scene '" + arg + "' (already have '" + o.scene + "')");
            o.scene = arg;
            continue;
        }
        // "--opt=value" or "--opt value"
        std::string opt = arg;
        std::optional<std::string> val;
        if (const std::size_t eq = arg.find('='); eq != std::string::npos && arg.starts_with("--")) {
            opt = arg.substr(0, eq);
            val = arg.substr(eq + 1);
        }
        const std::set<std::string>& known = o.command == Command::Sweep          ? kSweepOptions
                                             : o.command == Command::ExportLammps ? kExportOptions
                                             : o.command == Command::Convert      ? kConvertOptions
                                                                                  : kRunOptions;
        const bool takesOptions = o.command == Command::Run || o.command == Command::Sweep ||
                                  o.command == Command::ExportLammps || o.command == Command::Convert;
        if (!takesOptions || !known.count(opt))
            throw UsageError(opt + ": unknown option" + (o.command == Command::Run ? "" : " for " + cmd));
        if (!val) {
            // a following option is not a value: "--energy-csv --steps 10" lacks a path
            if (k + 1 >= args.size() || known.count(args[k + 1]) || args[k + 1] == "--help")
                throw UsageError(opt + ": missing value");
            val = args[++k];
        }
        if (val->empty())
            throw UsageError(opt + ": missing value");
        if (!given.insert(opt).second)
            throw UsageError(opt + ": given more than once");
        if (o.command == Command::Sweep)
            applySweepOption(o, opt, *val);
        else if (o.command == Command::ExportLammps)
            applyExportOption(o, opt, *val);
        else if (o.command == Command::Convert)
            o.vtkDir = *val;
        else
            applyRunOption(o, opt, *val);
    }

    if (o.command == Command::Run)
        checkRunCombination(o, given);
    else if (o.command == Command::Inspect && o.scene.empty())
        throw UsageError("inspect: missing SCENE.json (a scene file or builtin:<id>)");
    else if (o.command == Command::ExportLammps) {
        if (o.scene.empty())
            throw UsageError("export-lammps: missing SCENE.json (a scene file or builtin:<id>) and DIR");
        if (o.exportDir.empty())
            throw UsageError("export-lammps: missing DIR (the directory to write the LAMMPS run into)");
        if (given.count("--steps") && given.count("--duration"))
            throw UsageError("--steps: conflicts with --duration; give one of them");
    } else if (o.command == Command::Convert) {
        if (o.dump.empty())
            throw UsageError("convert: missing DUMP (a LAMMPS text dump)");
        if (!o.vtkDir)
            throw UsageError("--vtk-dir: required by convert (the directory for the .vtp frames and .pvd)");
    } else if (o.command == Command::Sweep) {
        if (o.scene.empty())
            throw UsageError("sweep: missing SCENE.json (a scene file or builtin:<id>)");
        if (o.sweepSchemes.empty())
            throw UsageError("--scheme: required by sweep (one or more names, comma-separated)");
        if (o.sweepDts.empty())
            throw UsageError("--dt: required by sweep (one or more timesteps, comma-separated)");
        if (!o.duration)
            throw UsageError("--duration: required by sweep (the time T at which errors are measured)");
        for (double dt : o.sweepDts)
            if (*o.duration / dt > kMaxSweepSteps)
                throw UsageError("--dt: " + shortNumber(dt) + " s needs " + shortNumber(*o.duration / dt) +
                                 " steps to reach --duration " + shortNumber(*o.duration) +
                                 " s; a sweep run may take "
                                 "at most " +
                                 shortNumber(kMaxSweepSteps));
    }
    return o;
}

std::string usageText()
{
    return R"(tumble-cli: headless runs of Tumble scenes

usage:
  tumble-cli run SCENE.json [options]   run a scene, writing the requested files
  tumble-cli inspect SCENE.json         mass properties and the critical timestep, as JSON
  tumble-cli sweep SCENE.json --scheme NAME[,NAME...] --dt A,B,C... --duration T [--csv PATH]
                                        error at T against dt per scheme and the fitted order,
                                        a line per scheme: NAME order P (translation: SCHEME);
                                        NAME is a preset or a translation scheme. On torque-free
                                        scenes (measure angle_rad) the rotation scheme varies:
                                        NAME is a preset or a rotation scheme (run under
                                        velocity_verlet), the line ends (rotation: SCHEME).
                                        Reference: the scene's analytic solution if it declares
                                        one, else rk4 at min(dt)/16.
                                        CSV: scheme,dt,steps,error,reference,measure (reference
                                        analytic|rk4; measure position_m, or angle_rad for
                                        torque-free scenes)
  tumble-cli export-lammps SCENE.json DIR [--procs N] [--steps N | --duration T] [--dump-every K]
                                        the scene as a LAMMPS run in DIR: tumble.data,
                                        tumble.in, job.slurm (mpirun -np N, default 1),
                                        README.md (what maps and how), clumps.rigid for
                                        clumps; run length N steps or T seconds (default
                                        1 s), a dump frame every K steps (default 100
                                        frames); what does not map is printed on stderr
  tumble-cli convert DUMP --vtk-dir DIR  a LAMMPS text dump (dump custom with x y z) as VTK
                                        frames and a .pvd in DIR: radius, velocity,
                                        angular_velocity, force and every other column as
                                        point data; a malformed or cut-short dump is named
                                        with its line (exit 3) after the frames before it
  tumble-cli list                       integrators, presets and built-in scenes
  tumble-cli help | --help              this text

SCENE.json is a scene file or builtin:<id> (see tumble-cli list).

run options (command-line values override the scene's):
  --scheme NAME                  preset: translation + rotation scheme
  --translation NAME             translation scheme
  --rotation NAME                rotation scheme
  --dt SECONDS                   timestep
  --dt-factor F                  timestep as a fraction F of the critical timestep
  --steps N                      run N steps
  --duration SECONDS             run until this simulated time (rounded up to whole steps)
  --local-damping A              Cundall local damping coefficient in [0, 1)
  --local-damping-variant V      pfc (sign of the velocity) or woo (on-step estimate)
  --viscous-damping B            global viscous damping rate, 1/s
  --threads N                    threads that step the run, 1 to the machine's hardware threads
                                 (results do not depend on N)
  --energy-csv PATH              energy CSV: step 0, every K steps and the last step
  --ledger-csv PATH              the energy CSV's columns, then the ledger split by mechanism:
                                 elastic_normal, _tangential, _rolling, _bond (its modes follow:
                                 _bond_normal, _shear, _twist, _bend), dissipated_dashpot,
                                 _friction, _rolling, _local_damping, _viscous, _stiffness,
                                 _bond_breaking (J)
  --every K                      row interval of the energy, ledger, track, phase, bond and stress CSVs
                                 (default 1)
  --track ID[,ID...]             bodies to track (ids are scene body indices)
  --track-csv PATH               track CSV of the tracked bodies
  --phase-csv PATH               phase CSV of the tracked bodies: per sample their position and
                                 velocity as the schemes store them (on step or half a step
                                 before), turn since the start and angular velocity; a
                                 symplectic scheme's points lie on its shadow orbit
                                 (analysis/ShadowOrbit.h); every K steps with --every
  --bond-csv PATH                bond CSV: per bond and sample its bodies, tension, shear force,
                                 twisting and bending moments, stretch, slip, theta, phi, psi and
                                 energy per mode (docs/BONDS.md); every K steps with --every
  --bonds I-J[,I-J...]           the bond CSV's bonds, by their bodies' ids (default: every bond)
  --stress-csv PATH              a periodic cell's stress CSV: per sample the volume, the strain
                                 F - I, the stress tensor (Pa, tension positive), pressure and
                                 deviator (docs/PERIODIC.md); every K steps with --every
  --summary-json PATH            run summary as JSON
  --vtk-dir DIR                  VTK XML frames (.vtp) and a .pvd collection
  --vtk-every K                  frame interval in steps (default 100)
  --state-out PATH               the run's full state, saved at its start and replaced at its
                                 end (not when the run became unstable); CONTRACT.md "State files"
  --state-in PATH                start from a state saved from the same scene: the run goes on
                                 bit for bit as the saved one would have, with its dt, schemes
                                 and damping; those options, given too, change them from there
                                 like a live change. --steps N: N steps more; --duration T: on
                                 to t = T
  Give one of --scheme or --translation/--rotation, of --dt or --dt-factor, and of
  --steps or --duration. Options also take the form --option=value. Outputs must name
  different files, none of them the scene.

exit codes: 0 success, 1 output error, 2 bad usage or a refused state file, 3 invalid scene,
            4 unstable run,
            5 not enough memory
)";
}

} // namespace tumble::cli
