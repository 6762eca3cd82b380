#include "io/LammpsLog.h"

#include <charconv>
#include <fstream>
#include <sstream>
#include <system_error>

namespace tumble {

namespace {

std::vector<std::string> fields(const std::string& line)
{
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; in >> f;)
        out.push_back(f);
    return out;
}

bool number(const std::string& text, double& v)
{
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    return res.ec == std::errc() && res.ptr == text.data() + text.size();
}

bool startsWith(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

int LammpsThermo::column(const std::string& name) const
{
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (columns[c] == name)
            return static_cast<int>(c);
    return -1;
}

LammpsThermo readLammpsLog(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LogError(path, 0, "cannot be read (missing, or no permission)");
    LammpsThermo t;
    std::string line;
    long long n = 0;
    bool inBlock = false;
    // a bad row is an error unless it is the file's last line: hold it until the next line comes
    std::string pendingProblem;
    long long pendingLine = 0;
    while (std::getline(in, line)) {
        ++n;
        if (!pendingProblem.empty())
            throw LogError(path, pendingLine, pendingProblem);
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::vector<std::string> f = fields(line);
        if (!inBlock) {
            // thermo_style's header: its first column is always the step
            if (!f.empty() && f[0] == "Step") {
                if (t.columns.empty())
                    t.columns = f;
                else if (f != t.columns)
                    throw LogError(path, n,
                                   "this run's thermo columns differ from the first run's ('" + line +
                                       "'): one table cannot hold both");
                inBlock = true;
            }
            continue;
        }
        if (startsWith(line, "Loop time of")) {
            inBlock = false;
            continue;
        }
        if (f.empty() || startsWith(f[0], "WARNING") || startsWith(f[0], "ERROR"))
            continue;
        std::vector<double> row(f.size());
        bool numeric = f.size() == t.columns.size();
        for (std::size_t c = 0; c < f.size() && numeric; ++c)
            numeric = number(f[c], row[c]);
        if (!numeric) {
            double first = 0.0;
            if (!number(f[0], first)) {
                // not a thermo row at all (a message LAMMPS printed within the run): skip it
                continue;
            }
            pendingProblem =
                "a thermo row needs " + std::to_string(t.columns.size()) + " numbers, got '" + line.substr(0, 80) + "'";
            pendingLine = n;
            continue;
        }
        t.rows.push_back(std::move(row));
    }
    if (!pendingProblem.empty())
        t.cutShort = "line " + std::to_string(pendingLine) + " was cut short and is left out";
    if (t.columns.empty())
        throw LogError(path, 0, "holds no thermo output (no line starting with 'Step')");
    return t;
}

} // namespace tumble
