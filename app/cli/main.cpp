// tumble-cli: headless runs, sweeps, inspection and listings over the core (CONTRACT.md, tumble-cli).
// main() only parses and maps each kind of failure to its exit code.
#include <iostream>
#include <new>
#include <string>
#include <system_error>
#include <vector>

#include "CliOptions.h"
#include "ConvertCommand.h"
#include "ExitCode.h"
#include "ExportLammpsCommand.h"
#include "InspectCommand.h"
#include "ListCommand.h"
#include "RunCommand.h"
#include "SweepCommand.h"
#include "UsageError.h"
#include "io/IoError.h"
#include "io/LammpsDump.h"
#include "scene/SceneError.h"
#include "sim/ResourceError.h"
#include "sim/Simulation.h"

int main(int argc, char** argv)
{
    using namespace tumble;
    using namespace tumble::cli;
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        const CliOptions options = parseCommandLine(args);
        switch (options.command) {
        case Command::Help:
            std::cout << usageText();
            return kExitSuccess;
        case Command::List:
            return listCommand(std::cout);
        case Command::Inspect:
            return inspectCommand(options.scene, std::cout);
        case Command::Run:
            return runCommand(options, std::cout, std::cerr);
        case Command::Sweep:
            return sweepCommand(options, std::cout);
        case Command::ExportLammps:
            return exportLammpsCommand(options, std::cout, std::cerr);
        case Command::Convert:
            return convertCommand(options, std::cout, std::cerr);
        }
    } catch (const ResourceError& e) {
        std::cerr << "tumble-cli: not enough memory: " << e.what() << '\n';
        return kExitResources;
    } catch (const std::bad_alloc& e) {
        // loading, building the simulation or writing: never an instability, and no dt helps
        std::cerr << "tumble-cli: out of memory: an allocation failed (" << e.what()
                  << "); run a smaller scene or give the process more memory\n";
        return kExitResources;
    } catch (const std::system_error& e) {
        if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory) {
            std::cerr << "tumble-cli: error: " << e.what() << '\n';
            return kExitFailure;
        }
        std::cerr << "tumble-cli: not enough resources: " << e.what() << " (e.g. threads for --threads)\n";
        return kExitResources;
    } catch (const UsageError& e) {
        std::cerr << "tumble-cli: " << e.what() << "\n(tumble-cli --help lists the commands and options)\n";
        return kExitUsage;
    } catch (const SceneError& e) {
        std::cerr << "tumble-cli: invalid scene: " << e.what() << '\n';
        return kExitScene;
    } catch (const ParameterError& e) {
        // the command line's values are checked by the parser, so a bad parameter is the scene's
        std::cerr << "tumble-cli: invalid scene parameters: " << e.what() << '\n';
        return kExitScene;
    } catch (const DumpError& e) {
        std::cerr << "tumble-cli: invalid dump: " << e.what() << '\n';
        return kExitScene;
    } catch (const IoError& e) {
        std::cerr << "tumble-cli: " << e.what() << '\n';
        return kExitFailure;
    } catch (const std::exception& e) {
        std::cerr << "tumble-cli: error: " << e.what() << '\n';
        return kExitFailure;
    }
    return kExitFailure;
}
