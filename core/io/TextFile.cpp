#include "io/TextFile.h"

#include <cerrno>

#include "io/IoError.h"

namespace tumble {

TextFile::TextFile(std::string path) : m_path(std::move(path))
{
    errno = 0;
    m_file.reset(std::fopen(m_path.c_str(), "wb"));
    if (!m_file)
        throw IoError(m_path, "cannot open for writing", errno);
}

void TextFile::write(std::string_view text)
{
    errno = 0;
    const std::size_t n = std::fwrite(text.data(), 1, text.size(), m_file.get());
    if (n != text.size() || std::fflush(m_file.get()) != 0)
        throw IoError(m_path, "cannot write", errno);
}

void writeFileAtomically(const std::string& path, std::string_view text)
{
    const std::string tmp = path + ".tmp";
    {
        TextFile file(tmp);
        file.write(text);
    }
    errno = 0;
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        std::remove(tmp.c_str());
        throw IoError(path, "cannot replace", err);
    }
}

} // namespace tumble
