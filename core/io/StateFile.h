#pragma once
// StateFile: a saved simulation state on disk (tumble-cli --state-out/--state-in, the GUI's
// File > Save state). Layout, little-endian (CONTRACT.md "State files"):
//
//   "TUMBLE-STATE\n"   13 bytes, the magic
//   u32                format version (kVersion)
//   u64                payload size, bytes
//   u64                FNV-1a 64 hash of the payload
//   payload            Simulation::saveState()'s records (sim/StateArchive.h)
//
// Written to a temporary sibling and renamed, so a state file is never half written. Reading
// checks the magic, the version, the size and the hash before a byte of the state is used: a
// damaged, cut-short or foreign file is refused with a StateError that names the file.
#include <cstdint>
#include <string>
#include <vector>

namespace tumble::StateFile {

/// 2: materials carry frictionLimit. Version 1 is read too: its records are version 2's
/// without that field, which its states meant as "elastic" (StateReader::fieldSince).
inline constexpr std::uint32_t kVersion = 2;
inline constexpr std::uint32_t kOldestVersion = 1;

/// Writes state (Simulation::saveState()) to path; throws IoError.
void write(const std::string& path, const std::vector<unsigned char>& state);

/// The state held by the file at path, checked whole; throws StateError ("state file PATH: ...").
std::vector<unsigned char> read(const std::string& path);

/// FNV-1a 64 of bytes: the checksum the header carries.
std::uint64_t checksum(const unsigned char* bytes, std::size_t size);

} // namespace tumble::StateFile
