#include "ExportLammpsCommand.h"

#include <cmath>

#include "ExitCode.h"
#include "SceneSource.h"
#include "io/LammpsExport.h"

namespace tumble::cli {

int exportLammpsCommand(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const Scene scene = loadSceneArgument(options.scene);
    LammpsExportOptions o;
    o.procs = options.procs;
    if (options.steps)
        o.steps = *options.steps;
    else if (options.duration)
        o.steps = std::max(1LL, static_cast<long long>(std::ceil(*options.duration / scene.params.dt - 1e-9)));
    if (options.dumpEvery)
        o.dumpEvery = *options.dumpEvery;
    const LammpsExportResult r = exportLammps(scene, options.exportDir, o);
    for (const std::string& n : r.notes)
        err << "tumble-cli: export-lammps: not the same in LAMMPS: " << n << '\n';
    out << "wrote " << options.exportDir << ":";
    for (const std::string& f : r.files)
        out << ' ' << f;
    out << " (" << r.atoms << " atoms, " << r.steps << " steps); run: mpirun -np " << o.procs << " lmp -in tumble.in\n";
    return kExitSuccess;
}

} // namespace tumble::cli
