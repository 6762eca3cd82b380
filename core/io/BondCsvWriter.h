#pragma once
// BondCsvWriter: the bond CSV (tumble-cli --bond-csv), one row per chosen bond per sample: its
// bodies (scene ids), loads, Wang's angles and elastic energy per mode (bond/BondLoads.h,
// docs/BONDS.md). Columns:
//
//   step, time (s), body1, body2,
//   tension (N, kn (l - L0), > 0 pulling apart), shear_force (N, ks |u|), twist_moment (N m,
//   kt psi), bend_moment (N m, kb theta), stretch (m), slip (m), theta, phi, psi (rad),
//   energy_normal, energy_shear, energy_twist, energy_bend (J)
//
// A bond that broke has no rows after its break. The rows of one sample are written and flushed
// together, so the file never ends inside a sample.
#include <array>
#include <string>
#include <vector>

#include "io/TextFile.h"
#include "model/World.h"

namespace tumble {

class BondCsvWriter {
public:
    static constexpr const char* kHeader =
        "step,time,body1,body2,tension,shear_force,twist_moment,bend_moment,stretch,slip,theta,phi,psi,"
        "energy_normal,energy_shear,energy_twist,energy_bend";

    /// Creates path and writes the header. pairs: the bonds to write, by their bodies' scene ids;
    /// empty: every bond. Throws IoError.
    BondCsvWriter(std::string path, std::vector<std::array<int, 2>> pairs);

    /// Appends the rows of the world's current state.
    void write(const World& world);

    long long rowCount() const { return m_rows; }
    const std::string& path() const { return m_file.path(); }

private:
    void appendRow(const World& world, std::size_t bond);

    TextFile m_file;
    std::vector<std::array<int, 2>> m_pairs;
    std::string m_chunk; // reused buffer for one sample's rows
    long long m_rows = 0;
};

} // namespace tumble
