#include "ExportLammpsCommand.h"

#include "ExitCode.h"
#include "SceneSource.h"
#include "StepCount.h"
#include "io/LammpsExport.h"

namespace tumble::cli {

int exportLammpsCommand(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    const Scene scene = loadSceneArgument(options.scene);
    LammpsExportOptions o;
    o.procs = options.procs;
    if (options.steps || options.duration)
        o.steps = stepCount(options, scene.params.dt, 0.0); // (else the exporter's default)
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
