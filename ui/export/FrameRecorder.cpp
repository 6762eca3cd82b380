#include "export/FrameRecorder.h"

#include "export/PlotExport.h"
#include "session/QueuedCalls.h"
#include "vtk/VtkOpenGLWidget.h"

namespace tumble::ui {

FrameRecorder::FrameRecorder(QObject* parent) : QObject(parent), m_calls(new QueuedCalls(this))
{
    m_encoder = std::thread([this]() { encode(); });
}

FrameRecorder::~FrameRecorder()
{
    disconnect(m_viewConnection);
    {
        std::lock_guard lock(m_mutex);
        m_quit = true; // after the frames already queued
    }
    m_work.notify_one();
    m_encoder.join();
}

void FrameRecorder::encode()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_work.wait(lock, [this]() { return m_quit || !m_jobs.empty(); });
        if (m_jobs.empty())
            return; // quit, with nothing left to write
        const Job job = std::move(m_jobs.front());
        m_jobs.pop_front();
        m_encoding = true;
        lock.unlock();
        const QString error = writePngImage(job.frame, job.path, true);
        if (error.isEmpty()) {
            ++m_written;
            m_calls->post([this, index = job.index, path = job.path]() { emit frameWritten(index, path); });
        }
        lock.lock();
        if (!error.isEmpty() && m_writeError.isEmpty())
            m_writeError = error;
        m_encoding = false;
        m_done.notify_all();
    }
}

void FrameRecorder::waitForEncoder(std::size_t atMost)
{
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&]() { return m_jobs.size() + (m_encoding ? 1 : 0) <= atMost; });
}

QString FrameRecorder::start(const QString& directory, const QString& baseName, int every, int maxFrames)
{
    if (m_recording)
        stop();
    if (every < 1)
        return QStringLiteral("cannot record: every n-th frame needs n >= 1, not %1").arg(every);
    if (maxFrames < 1)
        return QStringLiteral("cannot record: the frame limit must be >= 1, not %1").arg(maxFrames);
    if (baseName.isEmpty())
        return QStringLiteral("cannot record: no file name given");
    if (!QDir().mkpath(directory))
        return QStringLiteral("cannot record into %1: the directory cannot be created").arg(directory);
    m_dir = QDir(directory);
    m_base = baseName;
    m_every = every;
    m_max = maxFrames;
    m_offered = 0;
    m_queued = 0;
    m_written = 0;
    m_error.clear();
    {
        std::lock_guard lock(m_mutex);
        m_writeError.clear();
    }
    m_recording = true;
    return {};
}

QString FrameRecorder::start(VtkOpenGLWidget* view, const QString& directory, const QString& baseName, int every,
                             int maxFrames)
{
    if (!view)
        return QStringLiteral("cannot record: no view");
    QString error = start(directory, baseName, every, maxFrames);
    if (!error.isEmpty())
        return error;
    // direct: inside paintGL the framebuffer holds the frame just drawn, and reading it there
    // needs no second render
    m_viewConnection = connect(
        view, &VtkOpenGLWidget::framePainted, this, [this, view]() { offerFrame(view->grabFramebuffer()); },
        Qt::DirectConnection);
    return {};
}

void FrameRecorder::stop()
{
    if (m_recording)
        finish(QString());
}

void FrameRecorder::finish(const QString& error)
{
    disconnect(m_viewConnection);
    m_recording = false;
    waitForEncoder(0); // every counted frame on disk before anyone hears of the end
    m_error = error;
    if (m_error.isEmpty()) {
        std::lock_guard lock(m_mutex);
        m_error = m_writeError;
    }
    emit stopped(m_written.load(), m_error);
}

QString FrameRecorder::framePath(int i) const
{
    return m_dir.filePath(QStringLiteral("%1_%2.png").arg(m_base).arg(i, 4, 10, QLatin1Char('0')));
}

void FrameRecorder::offerFrame(const QImage& frame)
{
    if (!m_recording)
        return;
    QString writeError;
    {
        std::lock_guard lock(m_mutex);
        writeError = m_writeError;
    }
    if (!writeError.isEmpty()) { // an earlier frame could not be written: stop there
        finish(writeError);
        return;
    }
    const long long n = m_offered++;
    if (n % m_every != 0)
        return;
    const int index = m_queued++;
    // the encoder fell behind: wait rather than pile up frames
    waitForEncoder(kMaxPending - 1);
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back({frame, framePath(index), index});
    }
    m_work.notify_one();
    if (m_queued >= m_max)
        finish(QString());
}

} // namespace tumble::ui
