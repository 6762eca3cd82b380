#pragma once
// InteractiveDetail: how much of the scene the 3D view draws while the camera moves.
//
// Design note (issue 18). On llvmpipe a frame of 100k impostor spheres takes about a second:
// the fragment shading of the impostors grows with the pixels (and with the layers of the
// packing behind them), and a part that does not shrink with the resolution grows with the
// spheres (vertices, colour mapping, the upload of a new snapshot: ~100 ms of the frame at
// 120 x 90 pixels; docs/PERFORMANCE.md). So while the camera moves, the view draws at a coarser level
// (ParaView's interactive render): first at a reduced resolution (rendered smaller and scaled
// up when shown), then, when that is not enough, every stride-th sphere at the coarsest
// resolution. The ladder of levels is fixed; which level is used is chosen from the measured
// render time of the frames drawn at each level, to keep an interactive frame within
// kBudgetMs (>= 10 frames per second with room for the GUI thread's part). A level that has
// not been measured is predicted from the nearest measured one with the level's nominal cost
// (pixels times spheres, plus a share that does not scale). When the camera stops the view
// draws level 0, full quality. The estimates outlive one drag, so the next drag starts at the
// level that worked last time.
// Rejected: a fixed level (wrong for 1000 spheres, where full quality already runs at 10+ fps,
// and for other machines) and stepping one level per frame from full quality (the first frames
// of every drag would be slide-show frames).
#include <array>
#include <cstddef>

namespace tumble::ui {

/// One level of detail: the render resolution as a fraction of the view's, and which spheres
/// are drawn (every stride-th, in snapshot order).
struct DetailLevel {
    double scale = 1.0; ///< render width and height over the view's (0 < scale <= 1)
    int stride = 1;     ///< 1: every sphere; n: spheres 0, n, 2n, ...

    bool operator==(const DetailLevel&) const = default;
};

class InteractiveDetail {
public:
    /// Render time aimed at for a frame while the camera moves, ms.
    static constexpr double kBudgetMs = 70.0;
    /// The ladder, finest first; level 0 is full quality.
    static constexpr int kLevels = 8;
    static constexpr std::array<DetailLevel, kLevels> kLadder{
        {{1.0, 1}, {0.7, 1}, {0.5, 1}, {0.35, 1}, {0.35, 2}, {0.35, 4}, {0.35, 8}, {0.25, 16}}};
    /// The largest stride on the ladder (every stride divides it).
    static constexpr int kMaxStride = 16;

    /// The level for the next frame: 0 when the camera is still, else the finest level whose
    /// (measured or predicted) render time fits kBudgetMs (the coarsest when none does).
    int choose(bool interacting);
    /// A frame drawn at level, ms of render time (on the thread that rendered it).
    void record(int level, double renderMs);

    /// The level chosen last.
    int current() const { return m_current; }
    /// Estimated render time at level, ms (measured if level was drawn, else predicted; 0 when
    /// nothing was measured yet).
    double estimateMs(int level) const;
    /// Mean measured render time at level, ms, and how many frames it averages (0: none).
    double meanMs(int level) const;
    std::size_t frames(int level) const { return m_frames[std::size_t(level)]; }

private:
    // nominal cost of a level relative to level 0
    static double nominalCost(int level);

    int m_current = 0;
    std::array<double, kLevels> m_ema{}; // ms, smoothed, 0 when never measured
    std::array<double, kLevels> m_sum{}; // ms, every frame
    std::array<std::size_t, kLevels> m_frames{};
};

} // namespace tumble::ui
