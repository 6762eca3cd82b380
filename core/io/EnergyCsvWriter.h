#pragma once
// EnergyCsvWriter: the energy CSV of CONTRACT.md, one row per EnergySample.
//
// Values are written as the shortest decimal that reads back to the same double, so a script
// can recompute total and balance_error from the columns without rounding noise. Each row is
// flushed as it is written (TextFile), so the file is valid whenever the run stops.
#include <string>

#include "energy/EnergySample.h"
#include "io/TextFile.h"

namespace tumble {

class EnergyCsvWriter {
public:
    /// The header line, exactly as CONTRACT.md spells it (no trailing newline). header(false)
    /// builds it from the table of energy terms (EnergyTerms.h); core.EnergyCsvWriter checks
    /// that the two agree.
    static constexpr const char* kHeader =
        "step,time,kinetic_translational,kinetic_rotational,potential_gravity,elastic,dissipated,"
        "external_work,total,balance_error";

    /// Creates path and writes the header; with terms, the ledger's split terms (the Split rows of
    /// energy/EnergyTerms.h) follow CONTRACT.md's columns. Throws IoError.
    explicit EnergyCsvWriter(std::string path, bool terms = false);

    /// Appends one row; energies in J, time in s. Throws IoError.
    void write(const EnergySample& sample);

    long long rowCount() const { return m_rows; }
    const std::string& path() const { return m_file.path(); }

    /// The header for the given choice of columns (no trailing newline).
    static std::string header(bool terms);
    /// One CSV row for sample, without the newline.
    static std::string formatRow(const EnergySample& sample, bool terms = false);

private:
    TextFile m_file;
    bool m_terms = false;
    std::string m_line; // reused row buffer
    long long m_rows = 0;
};

} // namespace tumble
