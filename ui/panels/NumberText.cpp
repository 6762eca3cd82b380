#include "panels/NumberText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tumble::ui {

namespace {

// significant figures: vector components, scalars
constexpr int kVectorDigits = 4;
constexpr int kScalarDigits = 5;

} // namespace

void formatNumber(char* out, std::size_t size, double v, int sig)
{
    if (!std::isfinite(v)) {
        std::snprintf(out, size, "%s", std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
        return;
    }
    if (v == 0.0) {
        std::snprintf(out, size, "0");
        return;
    }
    const double a = std::abs(v);
    if (a >= 1e-3 && a < 1e5) {
        const int magnitude = int(std::floor(std::log10(a)));
        std::snprintf(out, size, "%.*f", std::max(0, sig - 1 - magnitude), v);
        return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*e", sig - 1, v);
    // e-05 -> e-5, e+07 -> e7
    char* e = std::strchr(buf, 'e');
    if (!e) {
        std::snprintf(out, size, "%s", buf);
        return;
    }
    const char sign = e[1];
    const char* digits = e + 2;
    while (*digits == '0' && digits[1] != '\0')
        ++digits;
    e[1] = '\0';
    std::snprintf(out, size, "%s%s%s", buf, sign == '-' ? "-" : "", digits);
    if (std::strlen(out) > std::size_t(kNumberColumn) && sig > 2)
        formatNumber(out, size, v, sig - 1);
}

void formatVector(char* out, std::size_t size, const Vec3& v)
{
    char c[3][64];
    for (int k = 0; k < 3; ++k)
        formatNumber(c[k], sizeof c[k], v[k], kVectorDigits);
    std::snprintf(out, size, "%*s %*s %*s", kNumberColumn, c[0], kNumberColumn, c[1], kNumberColumn, c[2]);
}

void formatScalar(char* out, std::size_t size, double v)
{
    char c[64];
    formatNumber(c, sizeof c, v, kScalarDigits);
    std::snprintf(out, size, "%*s", kNumberColumn, c);
}

} // namespace tumble::ui
