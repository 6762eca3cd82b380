// libFuzzer target: tumble-cli's option parser on arbitrary argument lists (the input split at
// NUL bytes). A clean refusal is a UsageError; anything else escaping is a finding. Built with
// -DTUMBLE_FUZZ=ON; scripts/fuzz.sh runs it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "CliOptions.h"
#include "UsageError.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tumble::cli;
    std::vector<std::string> args;
    std::string current;
    for (std::size_t k = 0; k < size; ++k) {
        if (data[k] == 0) {
            args.push_back(current);
            current.clear();
        } else {
            current.push_back(static_cast<char>(data[k]));
        }
    }
    if (!current.empty())
        args.push_back(current);
    try {
        const CliOptions o = parseCommandLine(args);
        (void)o;
    } catch (const UsageError&) {
    }
    return 0;
}
