#include "plot/PlotView.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tumble::ui {

namespace {

// frames the paint time is averaged over
constexpr std::size_t kPaintWindow = 16;
// the "paused view" note
const QColor kPausedColour(150, 90, 20);

// a range in the axis' own scale (log10 for a log axis) and back
std::pair<double, double> toScale(const PlotAxis& a, double lo, double hi)
{
    return a.log ? std::pair(std::log10(lo), std::log10(hi)) : std::pair(lo, hi);
}
std::pair<double, double> fromScale(const PlotAxis& a, double lo, double hi)
{
    return a.log ? std::pair(std::pow(10.0, lo), std::pow(10.0, hi)) : std::pair(lo, hi);
}

// the index of the point nearest to x in a series sorted by x
std::size_t nearest(const std::vector<double>& xs, double x)
{
    const auto it = std::lower_bound(xs.begin(), xs.end(), x);
    std::size_t i = std::size_t(it - xs.begin());
    if (i == xs.size() || (i > 0 && std::abs(xs[i - 1] - x) <= std::abs(xs[i] - x)))
        i = i > 0 ? i - 1 : 0;
    return i;
}

} // namespace

PlotView::PlotView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PlotView::paintPlot(QPainter& painter, const QRectF& rect) const
{
    paintFigure(painter, rect, figure());
}

void PlotView::setFollowsRun(bool follow)
{
    m_follow = follow;
    if (follow) {
        m_userX.reset();
        m_userY.clear();
        m_followSpanX.reset();
        m_followWindowY.clear();
    }
    update();
}

bool PlotView::zoomedWhileFollowing() const
{
    if (!m_follow)
        return false;
    if (m_followSpanX)
        return true;
    for (const auto& w : m_followWindowY)
        if (w)
            return true;
    return false;
}

QString PlotView::pausedNote()
{
    return tr("paused view \u2014 double-click to follow the run");
}

void PlotView::setHoverEnabled(bool on)
{
    m_hover = on;
    setMouseTracking(on);
}

QRectF PlotView::plotArea(std::size_t panel) const
{
    return panel < m_layout.areas.size() ? m_layout.areas[panel] : QRectF();
}

PlotLayout PlotView::currentLayout() const
{
    return layoutFigure(QRectF(rect()), figure(), font(), const_cast<PlotView*>(this));
}

std::pair<double, double> PlotView::shownX(double lo, double hi) const
{
    if (!m_follow && m_userX)
        return *m_userX;
    if (m_follow && m_followSpanX) {
        // the zoomed length, its right edge at the followed one (all of it when shorter)
        const auto [slo, shi] = toScale(m_shownX, lo, hi);
        if (std::isfinite(slo) && std::isfinite(shi) && *m_followSpanX < shi - slo)
            return fromScale(m_shownX, shi - *m_followSpanX, shi);
    }
    return {lo, hi};
}

std::pair<double, double> PlotView::shownY(std::size_t panel, double lo, double hi) const
{
    if (!m_follow && panel < m_userY.size() && m_userY[panel])
        return *m_userY[panel];
    if (m_follow && panel < m_followWindowY.size() && m_followWindowY[panel] && panel < m_shownY.size()) {
        const PlotAxis& axis = m_shownY[panel];
        const auto [slo, shi] = toScale(axis, lo, hi);
        const auto [u0, u1] = *m_followWindowY[panel];
        if (std::isfinite(slo) && std::isfinite(shi))
            return fromScale(axis, slo + u0 * (shi - slo), slo + u1 * (shi - slo));
    }
    return {lo, hi};
}

// ------------------------------------------------------------------------------------------------
void PlotView::paintEvent(QPaintEvent*)
{
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    PlotFigure fig = figure();
    // on screen only (not in the exports): say that the view no longer follows the run
    if (m_interactive && !m_follow && !fig.panels.empty()) {
        QString& note = fig.panels.front().note;
        note = note.isEmpty() ? pausedNote() : note + QLatin1Char('\n') + pausedNote();
        fig.panels.front().noteColour = kPausedColour;
    }
    m_layout = paintFigure(p, QRectF(rect()), fig);
    m_shownY.clear();
    for (const PlotPanel& panel : fig.panels)
        m_shownY.push_back(panel.y);
    if (!fig.panels.empty())
        m_shownX = fig.panels.front().x;
    if (m_hover && m_hoverX >= 0.0)
        drawHover(p, fig);
    p.end();
    m_recentMs.push_back(1e-6 * double(timer.nsecsElapsed()));
    if (m_recentMs.size() > kPaintWindow)
        m_recentMs.erase(m_recentMs.begin());
    m_paintMs = std::accumulate(m_recentMs.begin(), m_recentMs.end(), 0.0) / double(m_recentMs.size());
    ++m_frames;
    m_sinceRepaint.restart();
}

void PlotView::scheduleRepaint()
{
    if (!m_repaintTimer) {
        m_repaintTimer = new QTimer(this);
        m_repaintTimer->setSingleShot(true);
        connect(m_repaintTimer, &QTimer::timeout, this, [this]() { update(); });
    }
    if (m_repaintTimer->isActive())
        return;
    const qint64 since = m_sinceRepaint.isValid() ? m_sinceRepaint.elapsed() : kMinRepaintMs;
    m_repaintTimer->start(int(std::max<qint64>(0, kMinRepaintMs - since)));
}

QStringList PlotView::hoverLines(double x) const
{
    const PlotFigure fig = figure();
    QStringList lines;
    m_hoverColours.clear();
    lines << QStringLiteral("%1 = %2")
                 .arg(fig.panels.empty() || fig.panels.back().x.title.isEmpty()
                          ? QStringLiteral("x")
                          : fig.panels.back().x.title.section(QLatin1Char(' '), 0, 0))
                 .arg(x, 0, 'g', 5);
    m_hoverColours.push_back(QColor(38, 43, 56));
    for (const PlotPanel& panel : fig.panels)
        for (const PlotSeries& s : panel.series) {
            if (s.label.isEmpty() || s.x.empty() || s.x.size() != s.y.size())
                continue;
            const std::size_t i = nearest(s.x, x);
            const double v = s.yLow.empty() ? s.y[i] : s.y[i] - s.yLow[i];
            lines << QStringLiteral("%1: %2").arg(s.label).arg(v, 0, 'g', 6);
            m_hoverColours.push_back(s.colour.darker(120));
        }
    return lines;
}

std::vector<QColor> PlotView::hoverColours() const
{
    return m_hoverColours;
}

void PlotView::drawHover(QPainter& p, const PlotFigure& fig)
{
    if (m_layout.areas.empty() || fig.panels.empty())
        return;
    const QRectF& first = m_layout.areas.front();
    const QRectF& last = m_layout.areas.back();
    if (m_hoverX < first.left() || m_hoverX > first.right())
        return;
    const double x = plotFromPixel(fig.panels.front().x, m_hoverX, first.left(), first.right());
    const QStringList lines = hoverLines(x);
    const std::vector<QColor> colours = hoverColours();
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(QColor(110, 110, 120), 1, Qt::DashLine));
    p.drawLine(QPointF(m_hoverX, first.top()), QPointF(m_hoverX, last.bottom()));
    const QFontMetricsF fm(font());
    double w = 0;
    for (const QString& s : lines)
        w = std::max(w, fm.horizontalAdvance(s));
    const double rowH = fm.height() + 1;
    QRectF box(m_hoverX + 10, first.top() + 8, w + 12, rowH * lines.size() + 8);
    if (box.right() > first.right())
        box.moveRight(m_hoverX - 10);
    QColor bg = palette().color(QPalette::ToolTipBase);
    bg.setAlpha(235);
    p.setBrush(bg);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(box);
    double y = box.top() + 4;
    for (int i = 0; i < lines.size(); ++i) {
        p.setPen(std::size_t(i) < colours.size() ? colours[std::size_t(i)] : palette().color(QPalette::ToolTipText));
        p.drawText(QRectF(box.left() + 6, y, w + 4, rowH), Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
        y += rowH;
    }
    p.restore();
}

// ------------------------------------------------------------------------------------------------
int PlotView::panelAt(const QPointF& pos) const
{
    for (std::size_t k = 0; k < m_layout.areas.size(); ++k)
        if (m_layout.areas[k].adjusted(-2, -2, 2, 2).contains(pos))
            return int(k);
    return -1;
}

void PlotView::takeShownRanges()
{
    // from now on the axes keep what the user sets, starting from what is shown
    if (m_follow || !m_userX) {
        m_userX = std::pair(m_shownX.min, m_shownX.max);
        m_userY.assign(m_shownY.size(), std::nullopt);
        for (std::size_t k = 0; k < m_shownY.size(); ++k)
            m_userY[k] = std::pair(m_shownY[k].min, m_shownY[k].max);
    }
    m_userY.resize(m_shownY.size());
    m_follow = false;
}

void PlotView::mousePressEvent(QMouseEvent* event)
{
    const int k = panelAt(event->position());
    if (!m_interactive || event->button() != Qt::LeftButton || k < 0 || m_shownY.empty()) {
        QWidget::mousePressEvent(event);
        return;
    }
    // a drag takes the axes once the mouse moves; a click leaves them
    m_dragging = false;
    m_dragFrom = event->position();
    m_dragPanel = k;
    event->accept();
}

void PlotView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging && m_dragPanel >= 0 && std::size_t(m_dragPanel) < m_shownY.size() &&
        (event->position() - m_dragFrom).manhattanLength() > 2.0) {
        takeShownRanges();
        const std::size_t k = std::size_t(m_dragPanel);
        m_dragging = true;
        m_dragX = toScale(m_shownX, m_userX->first, m_userX->second);
        m_dragY = toScale(m_shownY[k], m_userY[k]->first, m_userY[k]->second);
    }
    if (m_dragging && m_dragPanel >= 0 && std::size_t(m_dragPanel) < m_layout.areas.size()) {
        const QRectF& a = m_layout.areas[std::size_t(m_dragPanel)];
        const QPointF d = event->position() - m_dragFrom;
        const double dx = -d.x() / a.width() * (m_dragX.second - m_dragX.first);
        const double dy = d.y() / a.height() * (m_dragY.second - m_dragY.first);
        m_userX = fromScale(m_shownX, m_dragX.first + dx, m_dragX.second + dx);
        m_userY[std::size_t(m_dragPanel)] =
            fromScale(m_shownY[std::size_t(m_dragPanel)], m_dragY.first + dy, m_dragY.second + dy);
        emit userInteracted();
        update();
        event->accept();
        return;
    }
    if (m_hover) {
        m_hoverX = event->position().x();
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void PlotView::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragging = false;
    m_dragPanel = -1;
    QWidget::mouseReleaseEvent(event);
}

void PlotView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (!m_interactive) {
        QWidget::mouseDoubleClickEvent(event);
        return;
    }
    setFollowsRun(true);
    event->accept();
}

void PlotView::wheelEvent(QWheelEvent* event)
{
    const int k = panelAt(event->position());
    if (!m_interactive || k < 0 || m_shownY.empty() || event->angleDelta().y() == 0) {
        QWidget::wheelEvent(event);
        return;
    }
    const double factor = std::pow(0.85, event->angleDelta().y() / 120.0); // < 1: zoom in
    const QRectF& a = m_layout.areas[std::size_t(k)];
    if (m_zoomFollows && m_follow) {
        // keep following: a shorter (longer) window ending at the newest sample, and a y
        // window about the mouse as fractions of the followed range
        const auto [slo, shi] = toScale(m_shownX, m_shownX.min, m_shownX.max);
        m_followSpanX = (shi - slo) * factor;
        m_followWindowY.resize(m_shownY.size());
        auto& w = m_followWindowY[std::size_t(k)];
        const auto [u0, u1] = w ? *w : std::pair(0.0, 1.0);
        const double at = u0 + (a.bottom() - event->position().y()) / a.height() * (u1 - u0);
        w = std::pair(at - (at - u0) * factor, at + (u1 - at) * factor);
        emit userInteracted();
        update();
        event->accept();
        return;
    }
    takeShownRanges();
    auto zoom = [&](const PlotAxis& axis, std::pair<double, double> r, double fraction) {
        const auto [lo, hi] = toScale(axis, r.first, r.second);
        const double at = lo + fraction * (hi - lo);
        return fromScale(axis, at - (at - lo) * factor, at + (hi - at) * factor);
    };
    m_userX = zoom(m_shownX, *m_userX, (event->position().x() - a.left()) / a.width());
    m_userY[std::size_t(k)] =
        zoom(m_shownY[std::size_t(k)], *m_userY[std::size_t(k)], (a.bottom() - event->position().y()) / a.height());
    // the next pan or zoom starts from here
    m_shownX.min = m_userX->first;
    m_shownX.max = m_userX->second;
    m_shownY[std::size_t(k)].min = m_userY[std::size_t(k)]->first;
    m_shownY[std::size_t(k)].max = m_userY[std::size_t(k)]->second;
    emit userInteracted();
    update();
    event->accept();
}

void PlotView::leaveEvent(QEvent* event)
{
    if (m_hover) {
        m_hoverX = -1.0;
        update();
    }
    QWidget::leaveEvent(event);
}

} // namespace tumble::ui
