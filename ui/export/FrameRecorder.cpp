#include "export/FrameRecorder.h"

#include "export/PlotExport.h"
#include "vtk/VtkOpenGLWidget.h"

namespace tumble::ui {

FrameRecorder::FrameRecorder(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

FrameRecorder::~FrameRecorder()
{
    disconnect(m_viewConnection);
    m_pool.waitForDone();
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
    m_writeError.clear();
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
    m_pool.waitForDone(); // every counted frame on disk before anyone hears of the end
    m_error = error;
    if (m_error.isEmpty()) {
        const QMutexLocker lock(&m_writeErrorMutex);
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
        const QMutexLocker lock(&m_writeErrorMutex);
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
    const QString path = framePath(index);
    if (m_pending.load() >= kMaxPending)
        m_pool.waitForDone(); // the encoder fell behind: wait rather than pile up frames
    ++m_pending;
    m_pool.start([this, frame, path, index]() {
        const QString error = writePngImage(frame, path, true);
        if (error.isEmpty()) {
            ++m_written;
            QMetaObject::invokeMethod(
                this, [this, index, path]() { emit frameWritten(index, path); }, Qt::QueuedConnection);
        } else {
            const QMutexLocker lock(&m_writeErrorMutex);
            if (m_writeError.isEmpty())
                m_writeError = error;
        }
        --m_pending;
    });
    if (m_queued >= m_max)
        finish(QString());
}

} // namespace tumble::ui
