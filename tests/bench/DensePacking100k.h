#pragma once
// The LAMMPS comparison's packing (tests/bench/data/dense-packing.json) grown to 47 x 47 x 46 =
// 101614 touching spheres in a box of 47 x 47: the scene file's text with its grid count and the
// two far walls changed. Shared by the 100k-sphere benchmarks.
#include <fstream>
#include <sstream>
#include <string>

namespace tumble::bench {

/// The grown scene's JSON text, from the source root; empty when the file cannot be read or one
/// of the three edits does not find exactly one place to make it.
inline std::string densePacking100k(const std::string& sourceDir)
{
    std::ifstream in(sourceDir + "/tests/bench/data/dense-packing.json");
    std::ostringstream read;
    read << in.rdbuf();
    std::string text = read.str();
    // replaces the one occurrence of from; false unless there is exactly one
    auto replaceOnce = [&text](const std::string& from, const std::string& to) {
        const std::size_t at = text.find(from);
        if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
            return false;
        text.replace(at, from.size(), to);
        return true;
    };
    const bool grown = replaceOnce("\"count\": [22, 22, 21]", "\"count\": [47, 47, 46]") &&
                       replaceOnce("\"point\": [22, 0, 0]", "\"point\": [47, 0, 0]") &&
                       replaceOnce("\"point\": [0, 22, 0]", "\"point\": [0, 47, 0]");
    return grown ? text : std::string();
}

} // namespace tumble::bench
