#pragma once
// LammpsDump: LAMMPS text dumps (`dump custom`, `dump atom`, `dump local`) read one frame at a
// time, so a dump of millions of atoms and thousands of frames is streamed, never loaded whole.
//
// A frame is the items LAMMPS writes: optional ITEM: UNITS and ITEM: TIME, then ITEM: TIMESTEP,
// ITEM: NUMBER OF ATOMS (or ENTRIES for a local dump), ITEM: BOX BOUNDS (three lines lo hi, with
// a third number each when the box is triclinic: its tilts xy xz yz), and ITEM: ATOMS (or
// ENTRIES) naming the columns, then one row per atom. Anything else, a number that is not one, a
// row with the wrong number of fields or a file that ends inside a frame is a DumpError naming
// the file, the line and the problem; the frames before it were read whole.
#include <cstddef>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tumble {

class DumpError : public std::runtime_error {
public:
    DumpError(const std::string& file, long long line, const std::string& problem)
        : std::runtime_error(file + ": line " + std::to_string(line) + ": " + problem)
    {
    }
};

struct LammpsDumpFrame {
    long long timestep = 0;
    std::optional<double> time; ///< ITEM: TIME, when the dump has it (dump_modify time yes), in the run's time unit
    double box[3][2] = {};      ///< lo, hi per axis, in the run's length unit
    double tilt[3] = {};        ///< xy, xz, yz of a triclinic box (0 otherwise)
    bool triclinic = false;
    std::vector<std::string> columns; ///< as named in the ATOMS/ENTRIES line
    std::vector<double> values;       ///< rows x columns, row-major, in file order
    std::size_t rows = 0;

    /// The index of a column, or -1.
    int column(const std::string& name) const;
    double at(std::size_t row, int column) const
    {
        return values[row * columns.size() + static_cast<std::size_t>(column)];
    }
};

class LammpsDumpReader {
public:
    /// Opens path; throws DumpError (line 0) when it cannot be read.
    explicit LammpsDumpReader(std::string path);

    /// Reads the next frame into frame (its buffers reused); false at the end of the file.
    /// Throws DumpError for a malformed or cut-short frame.
    bool next(LammpsDumpFrame& frame);
    /// Off: next() still checks every row but keeps none (frame.values stays empty, frame.rows is
    /// the count), for a pass that only indexes a dump of millions of atoms.
    void setKeepValues(bool keep) { m_keepValues = keep; }

    const std::string& path() const { return m_path; }
    /// The last line read, 1-based.
    long long line() const { return m_line; }
    /// Bytes read so far and the file's size (for a progress bar).
    std::size_t position();
    std::size_t size() const { return m_size; }

    /// Where the frame last read by next() began: its byte offset and the line before its first
    /// (so seek(offset, line) reads it again with the same line numbers).
    std::size_t frameOffset() const { return m_frameOffset; }
    long long frameLine() const { return m_frameLine; }
    /// Goes to a byte offset where a frame begins, the line before it being line (frameOffset(),
    /// frameLine()); the next next() reads that frame. Throws DumpError when the file cannot seek.
    void seek(std::size_t offset, long long line);

private:
    bool readLine(std::string& out);
    [[noreturn]] void fail(const std::string& problem) const;

    std::string m_path;
    std::ifstream m_in;
    std::size_t m_size = 0;
    long long m_line = 0;
    bool m_keepValues = true;
    std::vector<double> m_row; // one row's values when they are not kept
    std::size_t m_frameOffset = 0;
    long long m_frameLine = 0;
};

} // namespace tumble
