#include "ConvertCommand.h"

#include "ExitCode.h"
#include "io/DumpFrameVtp.h"
#include "io/LammpsDump.h"
#include "io/VtpWriter.h"

namespace tumble::cli {

int convertCommand(const CliOptions& options, std::ostream& out, std::ostream& err)
{
    LammpsDumpReader reader(options.dump);
    VtpWriter writer(*options.vtkDir, "lammps");
    LammpsDumpFrame frame;
    long long frames = 0;
    try {
        while (reader.next(frame)) {
            writer.writeFrameText(frame.timestep, dumpFrameTime(frame),
                                  dumpFrameVtp(frame, reader.path(), reader.line()));
            ++frames;
        }
    } catch (const DumpError& e) {
        err << "tumble-cli: invalid dump: " << e.what() << "\n(the " << frames << " frame(s) before it are in "
            << writer.collectionPath() << ")\n";
        return kExitScene;
    }
    out << "converted " << frames << " frame(s) of " << options.dump << " into " << writer.collectionPath() << '\n';
    return kExitSuccess;
}

} // namespace tumble::cli
