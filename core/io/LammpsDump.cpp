#include "io/LammpsDump.h"

#include <charconv>
#include <filesystem>
#include <system_error>

namespace tumble {

namespace {

bool startsWith(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

// the whitespace-separated fields of a line, as views into it
void split(const std::string& line, std::vector<std::string_view>& out)
{
    out.clear();
    std::size_t k = 0;
    while (k < line.size()) {
        while (k < line.size() && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r'))
            ++k;
        const std::size_t start = k;
        while (k < line.size() && line[k] != ' ' && line[k] != '\t' && line[k] != '\r')
            ++k;
        if (k > start)
            out.emplace_back(line.data() + start, k - start);
    }
}

bool parse(std::string_view text, double& v)
{
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    return res.ec == std::errc() && res.ptr == text.data() + text.size();
}

bool parse(std::string_view text, long long& v)
{
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    return res.ec == std::errc() && res.ptr == text.data() + text.size();
}

std::string shown(std::string_view s)
{
    return "'" + std::string(s.substr(0, 60)) + (s.size() > 60 ? "...'" : "'");
}

} // namespace

int LammpsDumpFrame::column(const std::string& name) const
{
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (columns[c] == name)
            return static_cast<int>(c);
    return -1;
}

LammpsDumpReader::LammpsDumpReader(std::string path) : m_path(std::move(path)), m_in(m_path, std::ios::binary)
{
    if (!m_in)
        throw DumpError(m_path, 0, "cannot be read (missing, or no permission)");
    std::error_code ec;
    m_size = static_cast<std::size_t>(std::filesystem::file_size(m_path, ec));
    if (ec)
        m_size = 0;
}

std::size_t LammpsDumpReader::position()
{
    const auto at = m_in.tellg();
    return at < 0 ? m_size : static_cast<std::size_t>(at);
}

bool LammpsDumpReader::readLine(std::string& out)
{
    if (!std::getline(m_in, out))
        return false;
    ++m_line;
    if (!out.empty() && out.back() == '\r')
        out.pop_back();
    return true;
}

void LammpsDumpReader::fail(const std::string& problem) const
{
    throw DumpError(m_path, m_line, problem);
}

void LammpsDumpReader::seek(std::size_t offset, long long line)
{
    m_in.clear();
    m_in.seekg(static_cast<std::streamoff>(offset));
    if (!m_in)
        throw DumpError(m_path, line, "cannot go back to byte " + std::to_string(offset) + " (was the file changed?)");
    m_line = line;
}

bool LammpsDumpReader::next(LammpsDumpFrame& frame)
{
    std::string line;
    do {
        m_frameOffset = position();
        m_frameLine = m_line;
        if (!readLine(line))
            return false; // the end, between frames
    } while (line.find_first_not_of(" \t") == std::string::npos);
    frame.time.reset();
    frame.triclinic = false;
    frame.tilt[0] = frame.tilt[1] = frame.tilt[2] = 0.0;
    frame.columns.clear();
    frame.values.clear();
    frame.rows = 0;
    bool haveStep = false;
    long long count = -1;
    std::vector<std::string_view> f;
    auto cutShort = [&](const char* inside) {
        fail(std::string("the file ends inside ") + inside +
             (haveStep ? " of the frame at timestep " + std::to_string(frame.timestep) : std::string()) +
             ": it is cut short");
    };
    auto valueLine = [&](const char* item) {
        if (!readLine(line))
            cutShort(item);
        split(line, f);
    };
    for (;;) {
        if (!startsWith(line, "ITEM:"))
            fail("expected an ITEM: line, got " + shown(line));
        if (line == "ITEM: UNITS") {
            valueLine("ITEM: UNITS");
        } else if (line == "ITEM: TIMESTEP") {
            valueLine("ITEM: TIMESTEP");
            if (f.size() != 1 || !parse(f[0], frame.timestep))
                fail("the timestep " + shown(line) + " is not an integer");
            haveStep = true;
        } else if (line == "ITEM: TIME") {
            valueLine("ITEM: TIME");
            double t = 0.0;
            if (f.size() != 1 || !parse(f[0], t))
                fail("the time " + shown(line) + " is not a number");
            frame.time = t;
        } else if (line == "ITEM: NUMBER OF ATOMS" || line == "ITEM: NUMBER OF ENTRIES") {
            valueLine("ITEM: NUMBER OF");
            if (f.size() != 1 || !parse(f[0], count) || count < 0)
                fail("the count " + shown(line) + " is not a count");
        } else if (line == "ITEM: BOX BOUNDS" || startsWith(line, "ITEM: BOX BOUNDS ")) {
            frame.triclinic = line.find("xy") != std::string::npos;
            for (int a = 0; a < 3; ++a) {
                valueLine("ITEM: BOX BOUNDS");
                const std::size_t want = frame.triclinic ? 3 : 2;
                if (f.size() != want || !parse(f[0], frame.box[a][0]) || !parse(f[1], frame.box[a][1]) ||
                    (frame.triclinic && !parse(f[2], frame.tilt[a])))
                    fail("a box bound line needs " + std::to_string(want) + " numbers, got " + shown(line));
            }
        } else if (line == "ITEM: ATOMS" || startsWith(line, "ITEM: ATOMS ") || startsWith(line, "ITEM: ENTRIES ")) {
            split(line, f);
            for (std::size_t k = 2; k < f.size(); ++k)
                frame.columns.emplace_back(f[k]);
            if (frame.columns.empty())
                fail("the ITEM: ATOMS line names no columns");
            if (!haveStep)
                fail("the rows begin before the frame's ITEM: TIMESTEP");
            if (count < 0)
                fail("the rows begin before the frame's ITEM: NUMBER OF ATOMS");
            break;
        } else {
            fail("unknown item " + shown(line));
        }
        if (!readLine(line))
            cutShort("the header");
    }

    const std::size_t cols = frame.columns.size();
    frame.values.resize(m_keepValues ? static_cast<std::size_t>(count) * cols : 0);
    m_row.resize(cols);
    for (long long r = 0; r < count; ++r) {
        if (!readLine(line))
            fail("the frame at timestep " + std::to_string(frame.timestep) + " ends after " + std::to_string(r) +
                 " of " + std::to_string(count) + " rows: the file is cut short");
        split(line, f);
        if (f.size() != cols)
            fail("row " + std::to_string(r + 1) + " has " + std::to_string(f.size()) +
                 " fields, the ITEM: line names " + std::to_string(cols) + " columns");
        double* row = m_keepValues ? frame.values.data() + static_cast<std::size_t>(r) * cols : m_row.data();
        for (std::size_t c = 0; c < cols; ++c)
            if (!parse(f[c], row[c]))
                fail("column " + frame.columns[c] + " is " + shown(f[c]) + ", not a number");
        frame.rows = static_cast<std::size_t>(r + 1);
    }
    return true;
}

} // namespace tumble
