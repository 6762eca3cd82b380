#pragma once
// LammpsLog: the thermo output of a LAMMPS log (log.lammps): every block that a `run` prints
// between its header line ("Step Time ...", the thermo_style's column names) and "Loop time of",
// read into one table when the blocks name the same columns (a second run continues the first).
//
// Lines between the blocks and LAMMPS's warnings inside them are skipped. A row whose field count
// or numbers do not fit its header is a LogError naming the file, the line and the problem, except
// on the file's last line, which a run still writing (or killed) may have cut: that row is dropped
// and said in `cutShort`.
#include <stdexcept>
#include <string>
#include <vector>

namespace tumble {

class LogError : public std::runtime_error {
public:
    LogError(const std::string& file, long long line, const std::string& problem)
        : std::runtime_error(file + ": line " + std::to_string(line) + ": " + problem)
    {
    }
};

struct LammpsThermo {
    std::vector<std::string> columns;      ///< as in the header line: Step, Time, KinEng, v_..., c_...
    std::vector<std::vector<double>> rows; ///< one per thermo line, in file order
    std::string cutShort;                  ///< when the last line was cut: what was dropped; else empty

    /// The index of a column, or -1.
    int column(const std::string& name) const;
};

/// Reads the thermo blocks of a LAMMPS log. Throws LogError (line 0 when the file cannot be read
/// or holds no thermo block; a block whose header differs from the first's is an error at its line).
LammpsThermo readLammpsLog(const std::string& path);

} // namespace tumble
