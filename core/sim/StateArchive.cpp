#include "sim/StateArchive.h"

#include <bit>

namespace tumble {

static_assert(std::endian::native == std::endian::little, "state records are little-endian");

namespace {

template <class T> void append(std::vector<unsigned char>& out, T value)
{
    const auto* p = reinterpret_cast<const unsigned char*>(&value);
    out.insert(out.end(), p, p + sizeof(T));
}

} // namespace

void StateWriter::record(std::string_view name, std::size_t elementSize, std::uint64_t count, const void* data)
{
    append(m_bytes, static_cast<std::uint16_t>(name.size()));
    m_bytes.insert(m_bytes.end(), name.begin(), name.end());
    append(m_bytes, static_cast<std::uint32_t>(elementSize));
    append(m_bytes, count);
    if (elementSize > 0 && count > 0) {
        const auto* p = static_cast<const unsigned char*>(data);
        m_bytes.insert(m_bytes.end(), p, p + elementSize * count);
    }
}

void StateReader::fail(std::string_view name, const std::string& problem) const
{
    throw StateError("field " + std::string(name) + " " + problem);
}

const unsigned char* StateReader::take(std::uint64_t bytes)
{
    if (bytes > remaining())
        fail(m_field, "ends early: " + std::to_string(bytes) + " bytes wanted, " + std::to_string(remaining()) +
                          " left (the state is cut short)");
    const unsigned char* at = m_at;
    m_at += bytes;
    return at;
}

bool StateReader::nextIs(std::string_view name) const
{
    std::uint16_t length = 0;
    if (remaining() < sizeof length)
        return false;
    std::memcpy(&length, m_at, sizeof length);
    return remaining() - sizeof length >= length &&
           std::string_view(reinterpret_cast<const char*>(m_at + sizeof length), length) == name;
}

std::uint64_t StateReader::header(std::string_view name, std::size_t elementSize)
{
    m_field = name;
    std::uint16_t length = 0;
    std::memcpy(&length, take(sizeof length), sizeof length);
    const std::string_view found(reinterpret_cast<const char*>(take(length)), length);
    if (found != name)
        fail(name, "expected, but the state has \"" + std::string(found.substr(0, 80)) +
                       "\" there (another version of Tumble, or a damaged state)");
    std::uint32_t size = 0;
    std::memcpy(&size, take(sizeof size), sizeof size);
    if (size != elementSize)
        fail(name, "has " + std::to_string(size) + "-byte items, this Tumble reads " + std::to_string(elementSize) +
                       "-byte ones (written by another version or platform)");
    std::uint64_t count = 0;
    std::memcpy(&count, take(sizeof count), sizeof count);
    if (elementSize > 0 && count > remaining() / elementSize)
        fail(name, "counts " + std::to_string(count) + " items of " + std::to_string(elementSize) + " bytes in " +
                       std::to_string(remaining()) + " bytes left (the state is cut short or damaged)");
    return count;
}

} // namespace tumble
