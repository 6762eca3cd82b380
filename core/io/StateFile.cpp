#include "io/StateFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>

#include "io/TextFile.h"
#include "sim/StateArchive.h"

namespace tumble::StateFile {

namespace {

constexpr std::string_view kMagic = "TUMBLE-STATE\n";
constexpr std::size_t kHeaderSize = kMagic.size() + sizeof(std::uint32_t) + 2 * sizeof(std::uint64_t);

template <class T> void append(std::vector<unsigned char>& out, T value)
{
    const auto* p = reinterpret_cast<const unsigned char*>(&value);
    out.insert(out.end(), p, p + sizeof(T));
}

template <class T> T load(const unsigned char* p)
{
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
}

[[noreturn]] void refuse(const std::string& path, const std::string& problem)
{
    throw StateError("state file " + path + ": " + problem);
}

} // namespace

std::uint64_t checksum(const unsigned char* bytes, std::size_t size)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t k = 0; k < size; ++k) {
        h ^= bytes[k];
        h *= 0x100000001b3ULL;
    }
    return h;
}

void write(const std::string& path, const std::vector<unsigned char>& state)
{
    std::vector<unsigned char> file;
    file.reserve(kHeaderSize + state.size());
    file.insert(file.end(), kMagic.begin(), kMagic.end());
    append(file, kVersion);
    append(file, static_cast<std::uint64_t>(state.size()));
    append(file, checksum(state.data(), state.size()));
    file.insert(file.end(), state.begin(), state.end());
    writeFileAtomically(path, std::string_view(reinterpret_cast<const char*>(file.data()), file.size()));
}

std::vector<unsigned char> read(const std::string& path)
{
    struct Closer {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };
    errno = 0;
    std::unique_ptr<std::FILE, Closer> f(std::fopen(path.c_str(), "rb"));
    if (!f)
        refuse(path, std::string("cannot open: ") + std::strerror(errno));
    unsigned char header[kHeaderSize];
    const std::size_t got = std::fread(header, 1, kHeaderSize, f.get());
    if (got < kMagic.size() || std::memcmp(header, kMagic.data(), kMagic.size()) != 0)
        refuse(path, "not a Tumble state file (it does not begin with TUMBLE-STATE)");
    if (got < kHeaderSize)
        refuse(path, "cut short inside its header (" + std::to_string(got) + " of " + std::to_string(kHeaderSize) +
                         " bytes)");
    const auto version = load<std::uint32_t>(header + kMagic.size());
    if (version < kOldestVersion || version > kVersion)
        refuse(path, "format version " + std::to_string(version) + "; this Tumble reads versions " +
                         std::to_string(kOldestVersion) + " to " + std::to_string(kVersion));
    const auto size = load<std::uint64_t>(header + kMagic.size() + sizeof(std::uint32_t));
    const auto sum = load<std::uint64_t>(header + kMagic.size() + sizeof(std::uint32_t) + sizeof(std::uint64_t));
    // the size is checked against the file before a buffer of it is allocated
    if (std::fseek(f.get(), 0, SEEK_END) != 0)
        refuse(path, std::string("cannot read: ") + std::strerror(errno));
    const long end = std::ftell(f.get());
    if (end < 0 || static_cast<std::uint64_t>(end) - kHeaderSize != size)
        refuse(path, "damaged: its header announces " + std::to_string(size) + " bytes of state, the file holds " +
                         std::to_string(end < 0 ? 0 : end - static_cast<long>(kHeaderSize)));
    std::vector<unsigned char> state(size);
    if (std::fseek(f.get(), static_cast<long>(kHeaderSize), SEEK_SET) != 0 ||
        std::fread(state.data(), 1, state.size(), f.get()) != state.size())
        refuse(path, std::string("cannot read: ") + std::strerror(errno));
    if (checksum(state.data(), state.size()) != sum)
        refuse(path, "damaged: its checksum does not match its contents");
    return state;
}

} // namespace tumble::StateFile
