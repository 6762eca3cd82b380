#include "replay/ReplayBar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QVBoxLayout>

#include "session/ReplaySource.h"

namespace tumble::ui {

ReplayBar::ReplayBar(QWidget* parent) : QWidget(parent)
{
    m_play = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_play->setToolTip(tr("Play the LAMMPS run's frames, or pause"));
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(0, 0);
    m_slider->setToolTip(tr("The dump's frames read so far: drag to scrub"));
    m_frame = new QLabel;
    m_colour = new QComboBox;
    m_colour->setToolTip(tr("Colour the spheres by a column of the dump"));
    m_colour->addItem(tr("speed"), QString());
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setFormat(tr("reading %p%"));
    m_progress->setMaximumWidth(160);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window

    // two rows: the centre column is narrow at 1280 x 800
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_play);
    row->addWidget(m_slider, 1);
    row->addWidget(m_frame);
    auto* second = new QHBoxLayout;
    second->setContentsMargins(0, 0, 0, 0);
    second->addWidget(new QLabel(tr("Colour by")));
    second->addWidget(m_colour);
    second->addWidget(m_progress);
    second->addWidget(m_message, 1);
    auto* root = new QVBoxLayout(this);
    root->setContentsMargins(6, 2, 6, 2);
    root->setSpacing(2);
    root->addLayout(row);
    root->addLayout(second);

    connect(m_play, &QPushButton::clicked, this, [this]() { setPlaying(!m_playing); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int k) {
        if (m_source)
            m_source->show(k);
    });
    connect(m_colour, &QComboBox::currentIndexChanged, this, [this](int) {
        if (m_source)
            m_source->setColourColumn(m_colour->currentData().toString().toStdString());
    });
}

void ReplayBar::setSource(ReplaySource* source)
{
    m_source = source;
    m_playing = false;
    m_columnsFilled = false;
    const QSignalBlocker b(m_slider), c(m_colour);
    m_slider->setRange(0, 0);
    m_slider->setValue(0);
    while (m_colour->count() > 1)
        m_colour->removeItem(1);
    m_colour->setCurrentIndex(0);
    m_message->clear();
    refresh();
}

void ReplayBar::setPlaying(bool playing)
{
    m_playing = playing && m_source;
    m_play->setIcon(style()->standardIcon(m_playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(m_playing ? tr("Pause") : tr("Play"));
    if (m_playing && m_source && m_source->asked() >= m_slider->maximum() && !m_source->status().indexing)
        m_source->show(0); // from the start again
    m_lastAdvance.start();
}

void ReplayBar::fillColumns()
{
    const std::vector<std::string> columns = m_source->columns();
    if (columns.empty())
        return;
    const QSignalBlocker b(m_colour);
    for (const std::string& c : columns)
        m_colour->addItem(QString::fromStdString(c), QString::fromStdString(c));
    m_columnsFilled = true;
}

void ReplayBar::refresh()
{
    if (!m_source)
        return;
    const ReplaySource::Status s = m_source->status();
    if (!m_columnsFilled)
        fillColumns();
    const int last = static_cast<int>(std::max(0LL, s.frames - 1));
    // plays on: the next frame once the one asked for is on screen, at most kFramesPerSecond
    if (m_playing && m_source->shown() == m_source->asked() && m_lastAdvance.elapsed() >= 1000 / kFramesPerSecond) {
        if (m_source->asked() < last) {
            m_source->show(m_source->asked() + 1);
            m_lastAdvance.restart();
        } else if (!s.indexing) {
            setPlaying(false); // the end of the run
        }
    }
    {
        const QSignalBlocker b(m_slider);
        m_slider->setRange(0, last);
        if (m_source->asked() >= 0 && !m_slider->isSliderDown())
            m_slider->setValue(static_cast<int>(m_source->asked()));
    }
    const long long k = m_source->shown();
    m_frame->setText(k < 0 ? tr("no frame yet")
                           : tr("%1/%2   step %3   t = %4 s")
                                 .arg(k + 1)
                                 .arg(s.frames)
                                 .arg(m_source->frameStep(k))
                                 .arg(m_source->frameTime(k), 0, 'g', 6));
    m_progress->setVisible(s.indexing);
    m_progress->setValue(s.bytes > 0 ? static_cast<int>(1000.0 * double(s.bytesRead) / double(s.bytes)) : 0);
    // an error in full (red); else what the log and the rigid-body dump gave, in a line with
    // the details in its tooltip
    QString text;
    if (!s.error.empty())
        text = tr("<span style='color:#a01010'><b>Reading stopped:</b> %1. The %n frame(s) before it can be "
                  "shown.</span>",
                  "", int(s.frames))
                   .arg(QString::fromStdString(s.error).toHtmlEscaped());
    else
        text = tr("energies: %1; clumps: %2")
                   .arg(s.logNote.empty() ? tr("no log") : tr("from the log"))
                   .arg(s.bodiesNote.empty()                                ? tr("no rigid-body dump")
                        : s.bodiesNote.rfind("clumps' orientation", 0) == 0 ? tr("axes from dump.bodies")
                                                                            : tr("without axes"));
    QStringList details;
    if (!s.logNote.empty())
        details << tr("Energy plot: %1").arg(QString::fromStdString(s.logNote));
    if (!s.bodiesNote.empty())
        details << QString::fromStdString(s.bodiesNote);
    if (m_message->text() != text)
        m_message->setText(text);
    m_message->setToolTip(details.join(QLatin1Char('\n')));
}

} // namespace tumble::ui
