#include "SweepCommand.h"

#include <cmath>
#include <memory>

#include "ExitCode.h"
#include "SceneSource.h"
#include "io/NumberFormat.h"
#include "io/TextFile.h"
#include "sim/ConvergenceSweep.h"

namespace tumble::cli {

int sweepCommand(const CliOptions& o, std::ostream& out)
{
    const Scene scene = loadSceneArgument(o.scene);
    // open the CSV before the (long) runs so a bad path fails at once
    std::unique_ptr<TextFile> csv;
    if (o.sweepCsv)
        csv = std::make_unique<TextFile>(*o.sweepCsv);
    const SweepResult r = convergenceSweep(scene, o.sweepSchemes, o.sweepDts, *o.duration);
    if (csv) {
        // columns are only ever appended (CONTRACT.md): reference and measure came after error
        csv->write("scheme,dt,steps,error,reference,measure\n");
        const std::string tail =
            std::string(",") + sweepReferenceName(r.reference) + "," + sweepMeasureName(r.measure) + "\n";
        for (const SweepPoint& p : r.points)
            csv->write(p.scheme + "," + formatNumber(p.dt) + "," + std::to_string(p.steps) + "," +
                       (std::isfinite(p.error) ? formatNumber(p.error) : std::string("inf")) + tail);
    }
    for (const SweepOrder& s : r.orders)
        out << s.scheme << " order " << (std::isfinite(s.order) ? formatNumber(s.order) : std::string("nan")) << '\n';
    return kExitSuccess;
}

} // namespace tumble::cli
