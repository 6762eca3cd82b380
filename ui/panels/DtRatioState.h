#pragma once
// DtRatioState: how dt / dt_crit stands against the translation scheme's stability limit.
namespace tumble::ui {

enum class DtRatioState {
    None,        ///< nothing loaded, or no finite critical timestep
    WithinLimit, ///< dt / dt_crit at most the scheme's limit
    BeyondLimit, ///< above the limit: an undamped stiff contact grows without bound
    NoLimit      ///< explicit Euler: unstable at any dt without damping
};

} // namespace tumble::ui
