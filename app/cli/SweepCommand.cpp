#include "SweepCommand.h"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ExitCode.h"
#include "SceneSource.h"
#include "UsageError.h"
#include "io/NumberFormat.h"
#include "io/TextFile.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"

namespace tumble::cli {

int sweepCommand(const CliOptions& o, std::ostream& out)
{
    const Scene scene = loadSceneArgument(o.scene);
    // the names are checked against what the scene measures before any run: a scheme of the
    // wrong kind is bad usage; each line says what its name varied
    const AnalyticMeasure measure = sweepMeasure(scene);
    std::vector<std::string> varied;
    for (const std::string& name : o.sweepSchemes) {
        try {
            varied.push_back(sweepVaried(name, scene.params.rotation, measure));
        } catch (const ParameterError& e) {
            throw UsageError(std::string("--scheme: ") + e.what());
        }
    }
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
    for (std::size_t k = 0; k < r.orders.size(); ++k) {
        const SweepOrder& s = r.orders[k];
        out << s.scheme << " order " << (std::isfinite(s.order) ? formatNumber(s.order) : std::string("nan")) << " ("
            << varied[k] << ")\n";
    }
    return kExitSuccess;
}

} // namespace tumble::cli
