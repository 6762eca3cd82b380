#include "AngleDriftPlot.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

AngleDriftPlot::AngleDriftPlot(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setToolTip(tr("Angle between the simulated orientation and the exact torque-free one, rad "
                  "(log axis). A good rotation scheme stays low; the slope shows how its error grows."));
}

void AngleDriftPlot::setSamples(const std::vector<double>& times, const std::vector<double>& angles)
{
    m_t = times;
    m_a = angles;
    double lo = 1.0, hi = kFloor;
    for (double a : m_a)
        if (std::isfinite(a)) {
            lo = std::min(lo, std::max(a, kFloor));
            hi = std::max(hi, std::max(a, kFloor));
        }
    m_bottom = int(std::floor(std::log10(std::max(lo, kFloor))));
    m_top = std::min(1, int(std::ceil(std::log10(hi) + 1e-9)));
    if (m_top - m_bottom < 2)
        m_bottom = m_top - 2;
    update();
}

void AngleDriftPlot::clear()
{
    m_t.clear();
    m_a.clear();
    m_note.clear();
    update();
}

void AngleDriftPlot::setNote(const QString& note)
{
    m_note = note;
    update();
}

void AngleDriftPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("1e-16")) + 8;
    const QRect area(left, fm.height() + 4, width() - left - 10, height() - 2 * fm.height() - 12);
    if (area.width() < 20 || area.height() < 20)
        return;
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRect(0, 0, width(), fm.height() + 2), Qt::AlignCenter,
               tr("angle to exact orientation (rad)"));

    // decades
    const int decades = m_top - m_bottom;
    const int stride = decades > 8 ? 4 : decades > 4 ? 2 : 1;
    QPen grid(palette().color(QPalette::Mid));
    grid.setStyle(Qt::DotLine);
    for (int d = m_bottom; d <= m_top; ++d) {
        const double y = area.bottom() - double(d - m_bottom) / decades * area.height();
        p.setPen(grid);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        if ((d - m_bottom) % stride == 0) {
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(0, y - fm.height() / 2.0, left - 4, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                       QStringLiteral("1e%1").arg(d));
        }
    }
    p.setPen(palette().color(QPalette::Text));
    p.drawRect(area);

    if (m_t.size() >= 2) {
        const double t0 = m_t.front(), t1 = std::max(m_t.back(), t0 + 1e-12);
        p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), fm.height()), Qt::AlignLeft,
                   QStringLiteral("%1 s").arg(t0, 0, 'g', 4));
        p.drawText(QRect(area.left(), area.bottom() + 2, area.width(), fm.height()), Qt::AlignRight,
                   QStringLiteral("%1 s").arg(t1, 0, 'g', 4));
        QPainterPath path;
        bool first = true;
        for (std::size_t i = 0; i < m_t.size(); ++i) {
            if (!std::isfinite(m_a[i]))
                continue;
            const double x = area.left() + (m_t[i] - t0) / (t1 - t0) * area.width();
            const double v = std::log10(std::max(m_a[i], kFloor));
            const double y = area.bottom() - (v - m_bottom) / decades * area.height();
            if (first)
                path.moveTo(x, y);
            else
                path.lineTo(x, y);
            first = false;
        }
        p.setPen(QPen(QColor(230, 110, 30), 1.6));
        p.drawPath(path);
    }
    if (!m_note.isEmpty()) {
        p.setPen(QColor(200, 40, 40));
        p.drawText(area.adjusted(6, 4, -6, -4), Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, m_note);
    }
}

} // namespace tumble::ui
