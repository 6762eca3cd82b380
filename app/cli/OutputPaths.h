#pragma once
// OutputPaths: refuses a command line whose outputs would overwrite each other or an input,
// before anything runs. Two spellings name one file when they resolve to the same canonical
// path (./x.csv and x.csv, a symlink and its target, a/../x.csv) or, for files that exist, to
// the same device and inode (hard links).
#include <string>
#include <vector>

namespace tumble::cli {

struct NamedPath {
    std::string option; ///< e.g. "--energy-csv"
    std::string path;
};

/// True when a and b name the same file (or directory), whether or not it exists yet.
bool samePath(const std::string& a, const std::string& b);

/// Throws UsageError naming both options when two outputs name one file, or an output names an
/// input (a directory output counts too: a file output may not be the directory itself).
void checkOutputPaths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

} // namespace tumble::cli
