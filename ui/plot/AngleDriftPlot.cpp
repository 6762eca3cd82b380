#include "plot/AngleDriftPlot.h"

#include <QFontInfo>
#include <QFontMetricsF>
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
    p.fillRect(rect(), palette().base());
    paintPlot(p, QRectF(rect()));
}

void AngleDriftPlot::paintPlot(QPainter& p, const QRectF& rect) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    // the widget's font on screen; a larger export scales text and lines with its size
    QFont f = font();
    const double screenPx = QFontInfo(f).pixelSize();
    const double px = std::max(screenPx, std::min(rect.width(), rect.height()) / 30.0);
    const double scale = px / screenPx;
    f.setPixelSize(int(std::lround(px)));
    p.setFont(f);
    const QFontMetricsF fm(f, p.device());
    const double left = fm.horizontalAdvance(QStringLiteral("1e-16")) + 8.0 * scale;
    const QRectF area(rect.left() + left, rect.top() + fm.height() + 4.0 * scale, rect.width() - left - 10.0 * scale,
                      rect.height() - 2.0 * fm.height() - 12.0 * scale);
    if (area.width() < 20 || area.height() < 20) {
        p.restore();
        return;
    }
    const QColor text = palette().color(QPalette::Text);
    p.setPen(text);
    p.drawText(QRectF(rect.left(), rect.top(), rect.width(), fm.height() + 2.0), Qt::AlignCenter,
               tr("angle to exact orientation (rad)"));

    // decades
    const int decades = m_top - m_bottom;
    const int stride = decades > 8 ? 4 : decades > 4 ? 2 : 1;
    QPen grid(palette().color(QPalette::Mid), scale);
    grid.setStyle(Qt::DotLine);
    for (int d = m_bottom; d <= m_top; ++d) {
        const double y = area.bottom() - double(d - m_bottom) / decades * area.height();
        p.setPen(grid);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        if ((d - m_bottom) % stride == 0) {
            p.setPen(text);
            p.drawText(QRectF(rect.left(), y - fm.height() / 2.0, left - 4.0 * scale, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("1e%1").arg(d));
        }
    }
    p.setPen(QPen(text, scale));
    p.drawRect(area);

    if (m_t.size() >= 2) {
        const double t0 = m_t.front(), t1 = std::max(m_t.back(), t0 + 1e-12);
        const QRectF below(area.left(), area.bottom() + 2.0 * scale, area.width(), fm.height());
        p.drawText(below, Qt::AlignLeft, QStringLiteral("%1 s").arg(t0, 0, 'g', 4));
        p.drawText(below, Qt::AlignRight, QStringLiteral("%1 s").arg(t1, 0, 'g', 4));
        QPainterPath path;
        bool first = true;
        for (std::size_t i = 0; i < m_t.size(); ++i) {
            if (!std::isfinite(m_a[i]) || !std::isfinite(m_t[i]))
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
        p.setPen(QPen(QColor(230, 110, 30), 1.6 * scale));
        p.drawPath(path);
    }
    if (!m_note.isEmpty()) {
        p.setPen(QColor(200, 40, 40));
        p.drawText(area.adjusted(6 * scale, 4 * scale, -6 * scale, -4 * scale),
                   Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, m_note);
    }
    p.restore();
}

QString AngleDriftPlot::csvText() const
{
    QString out = QStringLiteral("time,angle\n");
    for (std::size_t i = 0; i < m_t.size() && i < m_a.size(); ++i)
        out +=
            QString::number(m_t[i], 'g', 17) + QLatin1Char(',') + QString::number(m_a[i], 'g', 17) + QLatin1Char('\n');
    return out;
}

} // namespace tumble::ui
