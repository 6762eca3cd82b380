#pragma once
// TextFile: an output text file written in whole chunks, each flushed to the operating system
// at once. A writer that builds one row (or one document) into a string and hands it over in a
// single write() leaves a file that ends at a complete row whenever the run stops: after a
// crash, an instability or a destructor in mid-run. Errors throw IoError with the file name
// and the errno text.
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace tumble {

class TextFile {
public:
    /// Creates or truncates path; throws IoError when it cannot be opened.
    explicit TextFile(std::string path);

    /// Writes text and flushes it; throws IoError on a short write or a failed flush.
    void write(std::string_view text);

    const std::string& path() const { return m_path; }

private:
    struct Closer {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };
    std::string m_path;
    std::unique_ptr<std::FILE, Closer> m_file;
};

/// Writes a whole file at once through a temporary sibling renamed over it, so readers never
/// see a half-written document; throws IoError.
void writeFileAtomically(const std::string& path, std::string_view text);

} // namespace tumble
