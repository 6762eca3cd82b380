#include "view3d/ScriptedDrag.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "view3d/SceneView.h"

namespace tumble::ui {

ScriptedDrag::ScriptedDrag(SceneView* view, QObject* parent)
    : QObject(parent), m_view(view), m_moves(new QTimer(this)), m_timeout(new QTimer(this))
{
    m_moves->setTimerType(Qt::PreciseTimer);
    m_moves->setInterval(kMoveMs);
    connect(m_moves, &QTimer::timeout, this, &ScriptedDrag::move);
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this, &ScriptedDrag::finish);
    connect(view, &SceneView::framePainted, this, &ScriptedDrag::onFrame);
}

void ScriptedDrag::send(int type, double angle)
{
    // a circle of a fifth of the view's smaller side around its centre (logical pixels)
    const QPointF centre(m_view->width() / 2.0, m_view->height() / 2.0);
    const double r = 0.2 * std::min(m_view->width(), m_view->height());
    const QPointF pos = centre + QPointF(r * std::cos(angle), r * std::sin(angle));
    const auto t = QEvent::Type(type);
    const Qt::MouseButton button = t == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const Qt::MouseButtons held = t == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(t, pos, m_view->mapToGlobal(pos), button, held, Qt::NoModifier);
    QCoreApplication::sendEvent(m_view, &event);
}

void ScriptedDrag::start(int durationMs, int timeoutMs)
{
    if (!m_view || running())
        return;
    m_result = Result{};
    m_durationMs = durationMs;
    m_timeoutMs = timeoutMs;
    m_framesSeen = m_view->frameCount();
    m_phase = Phase::Dragging;
    m_clock.start();
    send(QEvent::MouseButtonPress, 0.0);
    m_moves->start();
}

void ScriptedDrag::move()
{
    if (!m_view) {
        finish();
        return;
    }
    const double now = double(m_clock.nsecsElapsed()) * 1e-6;
    if (now >= m_durationMs) {
        release();
        return;
    }
    send(QEvent::MouseMove, 2.0 * std::numbers::pi * now / kTurnMs);
}

void ScriptedDrag::release()
{
    m_moves->stop();
    m_releaseMs = double(m_clock.nsecsElapsed()) * 1e-6;
    send(QEvent::MouseButtonRelease, 2.0 * std::numbers::pi * m_releaseMs / kTurnMs);
    m_result.dragMs = m_releaseMs;
    m_phase = Phase::Settling;
    m_timeout->start(m_timeoutMs);
    emit released();
}

void ScriptedDrag::onFrame()
{
    if (!m_view || (m_phase != Phase::Dragging && m_phase != Phase::Settling))
        return;
    // framePainted follows every frame painted; only new ones count
    if (m_view->frameCount() == m_framesSeen)
        return;
    m_framesSeen = m_view->frameCount();
    Frame f;
    f.atMs = double(m_clock.nsecsElapsed()) * 1e-6;
    f.level = m_view->shownDetailLevel();
    f.width = m_view->shownFrameSize().width();
    f.height = m_view->shownFrameSize().height();
    f.spheres = m_view->shownSphereCount();
    f.renderMs = m_view->shownRenderMilliseconds();
    if (m_phase == Phase::Dragging) {
        if (m_result.during.empty())
            m_result.firstFrameMs = f.atMs;
        m_result.during.push_back(f);
        return;
    }
    // after the release: the first full-quality frame
    if (f.level == 0) {
        m_result.fullQualityMs = f.atMs - m_releaseMs;
        m_result.fullQuality = f;
        finish();
    }
}

void ScriptedDrag::finish()
{
    if (m_phase == Phase::Dragging && m_view)
        release();
    m_moves->stop();
    m_timeout->stop();
    m_phase = Phase::Done;
    // later: a frame is reported from inside the view's paint, where the window must not be
    // grabbed or closed
    QMetaObject::invokeMethod(this, &ScriptedDrag::finished, Qt::QueuedConnection);
}

} // namespace tumble::ui
