#pragma once
// Helpers for the core/io tests: read a written text file back and parse its numbers exactly.
#include <QTemporaryDir>
#include <QtTest>

#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tumble::test {

/// The whole file as text; empty when it cannot be read.
inline std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The file's lines without their '\n'; a last line without '\n' is returned too, so a torn
/// row would show.
inline std::vector<std::string> readLines(const std::string& path)
{
    std::vector<std::string> lines;
    std::string text = readText(path);
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
        if (nl == std::string::npos)
            break;
        start = nl + 1;
    }
    return lines;
}

/// Fields of a CSV line (no quoting in Tumble's CSVs).
inline std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t c = line.find(',', start);
        out.push_back(line.substr(start, c == std::string::npos ? std::string::npos : c - start));
        if (c == std::string::npos)
            return out;
        start = c + 1;
    }
}

/// Parses a whole field as a double; ok false when any character is left over.
inline double parseDouble(const std::string& s, bool* ok)
{
    double v = 0.0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    *ok = !s.empty() && res.ec == std::errc() && res.ptr == s.data() + s.size();
    return v;
}

/// Bitwise equality of doubles (distinguishes -0.0 from 0.0).
inline bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// A file named name holding text, in a directory of its own removed with it.
class TempTextFile {
public:
    TempTextFile(const std::string& name, const std::string& text)
        : m_path(m_dir.filePath(QString::fromStdString(name)).toStdString())
    {
        std::ofstream(m_path) << text;
    }
    const std::string& path() const { return m_path; }

private:
    QTemporaryDir m_dir;
    std::string m_path;
};

} // namespace tumble::test
