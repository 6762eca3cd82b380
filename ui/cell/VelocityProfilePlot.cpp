#include "cell/VelocityProfilePlot.h"

#include <algorithm>
#include <cmath>

namespace tumble::ui {

VelocityProfilePlot::VelocityProfilePlot(QWidget* parent) : PlotView(parent)
{
    setHoverEnabled(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("Mean lab velocity v_x of the bodies in %1 bins across the cell's second side, against the "
                  "bin's y (each body counted at its image inside the cell). Dashed: the affine profile (L x)_x "
                  "carried at the bodies' mean velocity; in steady simple shear the points lie on it.")
                   .arg(CellState::kProfileBins));
}

void VelocityProfilePlot::setSnapshot(const FrameSnapshot& s)
{
    m_cell = s.cell;
    update();
}

void VelocityProfilePlot::clear()
{
    m_cell.reset();
    update();
}

PlotFigure VelocityProfilePlot::figure() const
{
    PlotFigure fig;
    fig.title = tr("velocity profile");
    fig.frame = true;
    PlotPanel panel;
    panel.x.title = tr("y (m)");
    panel.y.title = tr("v_x (m/s)");
    double xLo = 0.0, xHi = 1.0, yLo = -1e-3, yHi = 1e-3;
    if (m_cell) {
        const CellState& c = *m_cell;
        const auto [lo, hi] = std::minmax_element(c.binY.begin(), c.binY.end());
        // the cell's extent along y, from the first bin's bottom to the last one's top
        const double half = 0.5 * std::abs(c.binY.back() - c.binY.front()) / double(CellState::kProfileBins - 1);
        xLo = *lo - half;
        xHi = std::max(*hi + half, xLo + 1e-9);
        for (std::size_t k = 0; k < CellState::kProfileBins; ++k)
            for (double v : {c.meanVx[k], c.mediumVx[k]})
                if (std::isfinite(v)) {
                    yLo = std::min(yLo, v);
                    yHi = std::max(yHi, v);
                }
        const double pad = 0.08 * (yHi - yLo);
        yLo -= pad;
        yHi += pad;

        PlotSeries medium;
        medium.label = tr("affine L x");
        medium.colour = QColor(90, 96, 110);
        medium.style = Qt::DashLine;
        medium.width = 1.4;
        medium.x.assign(c.binY.begin(), c.binY.end());
        medium.y.assign(c.mediumVx.begin(), c.mediumVx.end());
        PlotSeries bodies;
        bodies.label = tr("bodies' mean v_x");
        bodies.colour = QColor(31, 90, 220);
        bodies.width = 1.6;
        bodies.symbol = PlotSymbol::Circle;
        bodies.x.assign(c.binY.begin(), c.binY.end());
        bodies.y.assign(c.meanVx.begin(), c.meanVx.end());
        panel.series.push_back(std::move(medium));
        panel.series.push_back(std::move(bodies));
        fig.legend.push_back({tr("bodies"), QColor(31, 90, 220), 1.6, Qt::SolidLine, QColor(), PlotSymbol::Circle});
        fig.legend.push_back({tr("affine L x"), QColor(90, 96, 110), 1.4, Qt::DashLine, QColor(), PlotSymbol::None});
    } else {
        panel.note = tr("no periodic cell in this scene");
    }
    panel.x.min = xLo;
    panel.x.max = xHi;
    panel.x.ticks = niceTicks(xLo, xHi, 4);
    panel.x.labels = tickLabels(panel.x.ticks);
    panel.y.min = yLo;
    panel.y.max = yHi;
    panel.y.ticks = niceTicks(yLo, yHi, 5);
    panel.y.labels = tickLabels(panel.y.ticks);
    fig.panels.push_back(std::move(panel));
    return fig;
}

QString VelocityProfilePlot::csvText() const
{
    QString out = QStringLiteral("y,mean_vx,medium_vx,count\n");
    if (!m_cell)
        return out;
    const CellState& c = *m_cell;
    for (std::size_t k = 0; k < CellState::kProfileBins; ++k)
        out += QString::number(c.binY[k], 'g', 17) + QLatin1Char(',') + QString::number(c.meanVx[k], 'g', 17) +
               QLatin1Char(',') + QString::number(c.mediumVx[k], 'g', 17) + QLatin1Char(',') +
               QString::number(c.binCount[k]) + QLatin1Char('\n');
    return out;
}

} // namespace tumble::ui
