#pragma once
// How much longer than in a normal build a test may wait: TUMBLE_TEST_TIME_SCALE (the
// sanitizer presets set it; everything runs several times slower there), else 1. A wait's time is
// a bound on a failure's cost or the length of a scripted gesture, never what a test measures, so
// stretching it cannot make a test pass that should fail.
#include <QtGlobal>

namespace tumble::test {

inline int waitScale()
{
    const int scale = qEnvironmentVariableIntValue("TUMBLE_TEST_TIME_SCALE");
    return scale > 1 ? scale : 1;
}

} // namespace tumble::test
