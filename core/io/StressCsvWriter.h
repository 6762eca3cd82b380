#pragma once
// StressCsvWriter: the stress CSV of a run in a periodic cell (tumble-cli --stress-csv), one row
// per sample (CellStress.h, docs/PERIODIC.md). Columns:
//
//   step, time (s), volume (m^3),
//   strain_xx ... strain_zz: F - I, the cell's displacement gradient since the start (row-major),
//   sigma_xx ... sigma_zz: the stress tensor (Pa, tension positive, row-major),
//   pressure (Pa, -tr(sigma)/3), deviator (Pa, sqrt(3/2 s:s) of sigma's symmetric part)
//
// Each row is written and flushed whole, so the file never ends inside a row.
#include <string>

#include "io/TextFile.h"
#include "sim/CellStress.h"

namespace tumble {

class StressCsvWriter {
public:
    static constexpr const char* kHeader =
        "step,time,volume,strain_xx,strain_xy,strain_xz,strain_yx,strain_yy,strain_yz,strain_zx,strain_zy,strain_zz,"
        "sigma_xx,sigma_xy,sigma_xz,sigma_yx,sigma_yy,sigma_yz,sigma_zx,sigma_zy,sigma_zz,pressure,deviator";

    /// Creates path and writes the header. Throws IoError.
    explicit StressCsvWriter(std::string path);

    /// Appends the row of step `step` at time s.
    void write(long long step, double time, const CellStress& stress);

    long long rowCount() const { return m_rows; }
    const std::string& path() const { return m_file.path(); }

private:
    TextFile m_file;
    std::string m_row; // reused buffer
    long long m_rows = 0;
};

} // namespace tumble
