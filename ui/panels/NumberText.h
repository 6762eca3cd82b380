#pragma once
// NumberText: how the inspectors (BodyInspector, BondInspector) write a number in their
// monospace columns, so both panels read alike: sig significant figures in at most kColumn
// characters, fixed notation for 1e-3 <= |v| < 1e5, scientific with a short exponent otherwise
// (-1.234e-5), "0" for zero, nan/inf spelled out; a figure less when the exponent takes two
// digits (-1.23e-17). Into a caller's buffer: a panel formats every row of every frame.
#include <cstddef>

#include "math/Types.h"

namespace tumble::ui {

/// A number's column width, characters: -1.234e-5.
constexpr int kNumberColumn = 9;

/// v to sig significant figures (see above).
void formatNumber(char* out, std::size_t size, double v, int sig);
/// v to 5 figures, right-aligned in kNumberColumn.
void formatScalar(char* out, std::size_t size, double v);
/// v's three components to 4 figures, each right-aligned in kNumberColumn, one space apart.
void formatVector(char* out, std::size_t size, const Vec3& v);

} // namespace tumble::ui
