#pragma once
// ColourMode: what the 3D view's sphere colours show.
namespace tumble::ui {

enum class ColourMode {
    Speed, ///< |v| of the owning body through the cool-to-warm scale (default)
    Body,  ///< one distinct colour per body: a clump's members alike
    /// |v - L x| of the owning body, its speed relative to a periodic cell's deforming medium,
    /// through the speed scale; the speed itself in a scene without a cell
    FluctuationSpeed
};

} // namespace tumble::ui
