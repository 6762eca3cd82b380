#pragma once
// Number formatting shared by the text writers: the shortest decimal that reads back to the
// same double (std::to_chars), so CSV and VTK values round-trip to the bit and stay short.
#include <string>

#include "math/Types.h"

namespace tumble {

/// Appends the shortest round-trip decimal of v; non-finite values as "nan", "inf", "-inf".
void appendNumber(std::string& out, double v);

/// Appends a decimal integer.
void appendNumber(std::string& out, long long v);

/// Appends the three components of v, each after a comma (a CSV row's next three fields).
void appendFields(std::string& out, const Vec3& v);

/// The shortest round-trip decimal of v.
std::string formatNumber(double v);

/// v to `digits` significant digits (printf's %g), for messages.
std::string formatSignificant(double v, int digits);

} // namespace tumble
