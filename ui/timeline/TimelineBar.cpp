#include "timeline/TimelineBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>

namespace tumble::ui {

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent)
{
    m_back = new QPushButton(QStringLiteral("\u25C0"));
    m_back->setToolTip(tr("Back one recorded state (Left)"));
    m_forward = new QPushButton(QStringLiteral("\u25B6"));
    m_forward->setToolTip(tr("Forward one recorded state (Right)"));
    for (QPushButton* b : {m_back, m_forward}) {
        b->setFixedWidth(b->fontMetrics().horizontalAdvance(QStringLiteral("\u25C0")) * 3);
        b->setFocusPolicy(Qt::NoFocus); // Left and Right stay the window's keys
    }
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setToolTip(tr("Recent states: drag while paused to go back in time"));
    m_slider->setFocusPolicy(Qt::NoFocus);
    m_resume = new QPushButton(tr("Resume from here"));
    m_resume->setToolTip(tr("Play on from the state shown; what followed it is dropped"));
    m_resume->setFocusPolicy(Qt::NoFocus);
    m_label = new QLabel;
    m_label->setTextFormat(Qt::PlainText);
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(QStringLiteral("t = 0.000000 s, step 0000000")));

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 2);
    row->addWidget(m_back);
    row->addWidget(m_slider, 1);
    row->addWidget(m_forward);
    row->addWidget(m_label);
    row->addWidget(m_resume);

    connect(m_slider, &QSlider::valueChanged, this, [this](int v) { emit seekRequested(v); });
    connect(m_back, &QPushButton::clicked, this, [this]() { emit seekByRequested(-1); });
    connect(m_forward, &QPushButton::clicked, this, [this]() { emit seekByRequested(1); });
    connect(m_resume, &QPushButton::clicked, this, &TimelineBar::resumeRequested);
    setState({}, 0.0, 0, false);
}

void TimelineBar::setState(const TimelineState& t, double time, long long step, bool playing)
{
    const int last = std::max(0, t.count - 1);
    const int at = t.scrubbed() ? t.shown : last;
    {
        const QSignalBlocker block(m_slider); // the runner's own moves are no request
        m_slider->setRange(0, last);
        m_slider->setValue(at);
    }
    const bool paused = !playing && t.count > 1;
    m_slider->setEnabled(paused);
    m_back->setEnabled(paused && at > 0);
    m_forward->setEnabled(paused && at < last);
    m_resume->setEnabled(!playing && t.scrubbed());
    const double mb = double(t.bytes) / double(1 << 20);
    const double budgetMb = double(t.budget) / double(1 << 20);
    const QString memory = tr("%1 states, %2 of %3 MB").arg(t.count).arg(mb, 0, 'f', 1).arg(budgetMb, 0, 'f', 0);
    if (t.scrubbed())
        m_label->setText(tr("t = %1 s, step %2 (%3 of %4)").arg(time, 0, 'g', 6).arg(step).arg(at + 1).arg(t.count));
    else if (t.count > 0)
        m_label->setText(tr("back to t = %1 s · %2").arg(t.firstTime, 0, 'g', 4).arg(memory));
    else
        m_label->setText(tr("no states kept"));
    m_label->setToolTip(memory);
}

} // namespace tumble::ui
