#include "timeline/TimelineBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>

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
    m_resume = new QPushButton(tr("Resume"));
    m_resume->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    m_resume->setToolTip(tr("Play on from the state shown; what followed it is dropped"));
    m_resume->setFocusPolicy(Qt::NoFocus);
    m_label = new QLabel;
    m_label->setTextFormat(Qt::PlainText);
    // the label takes what the row leaves (a narrow window cuts it; its tooltip has it whole)
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_slider->setMinimumWidth(60);

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(4, 2, 4, 2);
    row->addWidget(m_back);
    row->addWidget(m_slider, 3);
    row->addWidget(m_forward);
    row->addWidget(m_label, 2);
    row->addWidget(m_resume);

    connect(m_slider, &QSlider::valueChanged, this, [this](int v) { emit seekRequested(v); });
    connect(m_back, &QPushButton::clicked, this, [this]() { emit seekByRequested(-1); });
    connect(m_forward, &QPushButton::clicked, this, [this]() { emit seekByRequested(1); });
    connect(m_resume, &QPushButton::clicked, this, &TimelineBar::resumeRequested);
    setState({}, 0.0, 0, false);
}

void TimelineBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // the short name while the strip is narrow (a 1024-wide projector), so it never widens the
    // window; the long one once the row has room for it and the label
    const QString text = width() >= kLongNameWidth ? tr("Resume from here") : tr("Resume");
    if (m_resume->text() != text)
        m_resume->setText(text);
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
    // short, so the strip fits a narrow centre; the tooltip has the rest
    const QString memory = tr("%1 states back to t = %2 s, %3 of %4 MB")
                               .arg(t.count)
                               .arg(t.firstTime, 0, 'g', 4)
                               .arg(mb, 0, 'f', 1)
                               .arg(budgetMb, 0, 'f', 0);
    if (t.scrubbed()) {
        m_label->setText(tr("t = %1 s (%2/%3)").arg(time, 0, 'g', 5).arg(at + 1).arg(t.count));
        m_label->setToolTip(tr("step %1; %2").arg(step).arg(memory));
    } else {
        m_label->setText(t.count > 0 ? tr("%1 states, %2 MB").arg(t.count).arg(mb, 0, 'f', 0) : tr("no states kept"));
        m_label->setToolTip(memory);
    }
}

} // namespace tumble::ui
