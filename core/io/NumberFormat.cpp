#include "io/NumberFormat.h"

#include <charconv>
#include <cstdio>

namespace tumble {

void appendNumber(std::string& out, double v)
{
    // 32 chars hold any shortest double ("-2.2250738585072014e-308" is 24)
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

void appendNumber(std::string& out, long long v)
{
    char buf[24];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

std::string formatNumber(double v)
{
    std::string s;
    appendNumber(s, v);
    return s;
}

std::string formatSignificant(double v, int digits)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

void appendFields(std::string& out, const Vec3& v)
{
    for (int k = 0; k < 3; ++k) {
        out += ',';
        appendNumber(out, v[k]);
    }
}

} // namespace tumble
