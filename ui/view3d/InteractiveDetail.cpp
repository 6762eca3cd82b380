#include "view3d/InteractiveDetail.h"

#include <algorithm>

namespace tumble::ui {

namespace {
// share of a full-quality frame that does not shrink with the resolution (vertices, colour
// mapping, upload, read-back): measured ~7% at 100k spheres on llvmpipe (docs/PERFORMANCE.md)
constexpr double kFixedShare = 0.08;
// weight of the newest frame in a level's smoothed render time
constexpr double kSmoothing = 0.3;
} // namespace

double InteractiveDetail::nominalCost(int level)
{
    const DetailLevel& d = kLadder[std::size_t(level)];
    return (kFixedShare + (1.0 - kFixedShare) * d.scale * d.scale) / double(d.stride);
}

double InteractiveDetail::estimateMs(int level) const
{
    if (m_ema[std::size_t(level)] > 0.0)
        return m_ema[std::size_t(level)];
    // from the nearest measured level, finer ones first (full quality is measured first)
    for (int d = 1; d < kLevels; ++d)
        for (const int m : {level - d, level + d})
            if (m >= 0 && m < kLevels && m_ema[std::size_t(m)] > 0.0)
                return m_ema[std::size_t(m)] * nominalCost(level) / nominalCost(m);
    return 0.0;
}

int InteractiveDetail::choose(bool interacting)
{
    if (!interacting)
        return m_current = 0;
    int level = kLevels - 1;
    for (int l = 0; l < kLevels; ++l)
        if (estimateMs(l) <= kBudgetMs) {
            level = l;
            break;
        }
    return m_current = level;
}

void InteractiveDetail::record(int level, double renderMs)
{
    if (level < 0 || level >= kLevels || !(renderMs > 0.0))
        return;
    const std::size_t l = std::size_t(level);
    m_ema[l] = m_ema[l] > 0.0 ? (1.0 - kSmoothing) * m_ema[l] + kSmoothing * renderMs : renderMs;
    m_sum[l] += renderMs;
    ++m_frames[l];
}

double InteractiveDetail::meanMs(int level) const
{
    const std::size_t l = std::size_t(level);
    return m_frames[l] > 0 ? m_sum[l] / double(m_frames[l]) : 0.0;
}

} // namespace tumble::ui
