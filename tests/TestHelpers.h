#pragma once
// Shared helpers for Tumble's Qt Test suites.
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <string>

namespace tumble::test {

/// |actual - expected| <= abs + rel |expected|; QCOMPARE's fuzzy compare fails near zero.
inline bool near(double actual, double expected, double abs, double rel = 0.0)
{
    return std::abs(actual - expected) <= abs + rel * std::abs(expected);
}

/// The source tree (set by CTest), for reading resources and scanning sources.
inline std::string sourceDir()
{
    const char* d = std::getenv("TUMBLE_SOURCE_DIR");
    return d ? d : TUMBLE_FALLBACK_SOURCE_DIR;
}

} // namespace tumble::test

#define TUMBLE_NEAR(actual, expected, abs, rel)                                                                        \
    do {                                                                                                               \
        const double a_ = (actual), e_ = (expected);                                                                   \
        if (!tumble::test::near(a_, e_, (abs), (rel)))                                                                 \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3 (abs tol %4, rel tol %5)")                           \
                                 .arg(#actual)                                                                         \
                                 .arg(a_, 0, 'g', 12)                                                                  \
                                 .arg(e_, 0, 'g', 12)                                                                  \
                                 .arg(double(abs))                                                                     \
                                 .arg(double(rel))));                                                                  \
    } while (0)
