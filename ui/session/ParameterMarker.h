#pragma once
// ParameterMarker: where a live parameter changed during a run, for the energy plot.
#include <string>

namespace tumble::ui {

/// A live parameter change, for the energy plot's markers.
struct ParameterMarker {
    double time = 0.0; ///< s
    long long step = 0;
    std::string label; ///< short, e.g. "dt 2e-05 s"
};

} // namespace tumble::ui
