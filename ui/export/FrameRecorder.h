#pragma once
// FrameRecorder: a short recording of a view as numbered PNGs (name_0000.png, ...; issue 6).
//
// Design note. A recording for a slide or a video tool is an image sequence, not a movie file
// (no codec dependency; ffmpeg or any slide tool takes numbered PNGs). The recorder counts the
// frames a GL view actually paints (VtkOpenGLWidget::framePainted, connected directly, so the
// frame is read inside paintGL from the framebuffer just drawn, without a second render) and
// writes every n-th until the frame limit, then stops by itself. offerFrame() takes a frame
// from any other source the same way. Each file is written through PlotExport's temporary-file
// writer; the first error stops the recording and is reported, with the frames written so far
// kept. The frame is copied out in paintGL, but encoded on an encoder thread of the recorder's
// own (in order, the lightest PNG compression): a 400 x 430 frame costs ~20 ms to encode here, which the GUI thread
// should not pay; if the encoder falls kMaxPending frames behind, the GUI waits for it rather
// than piling up frames. Stopping waits for the frames in flight, so when stopped() is
// emitted every counted frame is on disk. Frames go to the encoder, and its errors and
// "written" notices come back, under one std::mutex (and session/QueuedCalls), so the hand-off
// is one ThreadSanitizer can check; a QThreadPool's goes through Qt's locks, which it cannot see.
#include <QDir>
#include <QImage>
#include <QMetaObject>
#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace tumble::ui {

class QueuedCalls;
class VtkOpenGLWidget;

class FrameRecorder : public QObject {
    Q_OBJECT
public:
    /// Frames waiting to be encoded before offerFrame waits for the encoder.
    static constexpr int kMaxPending = 8;

    explicit FrameRecorder(QObject* parent = nullptr);
    ~FrameRecorder() override;

    /// Starts recording into directory (created if missing), files baseName_0000.png, ...:
    /// every `every`-th frame (the first one included), at most maxFrames files. Empty on
    /// success, else why not (nothing is recorded then). A recording in progress is stopped.
    QString start(const QString& directory, const QString& baseName, int every, int maxFrames);
    /// Like start, and records the frames view paints from now on.
    QString start(VtkOpenGLWidget* view, const QString& directory, const QString& baseName, int every, int maxFrames);
    /// Stops (no-op when not recording); emits stopped.
    void stop();

    /// One frame: counted, and written when it is an every-th one.
    void offerFrame(const QImage& frame);

    bool isRecording() const { return m_recording; }
    /// Files written by the current or last recording (final once stopped).
    int framesWritten() const { return m_written.load(); }
    /// The file name of frame index i: directory/baseName_0000.png.
    QString framePath(int i) const;
    QString directory() const { return m_dir.path(); }
    /// Why the last recording stopped early (empty: it did not).
    QString lastError() const { return m_error; }

signals:
    /// The recording ended: stop(), the frame limit, or an error (non-empty).
    void stopped(int framesWritten, const QString& error);
    /// A frame file was written (index from 0); queued from the encoder thread.
    void frameWritten(int index, const QString& path);

private:
    void finish(const QString& error);

    QDir m_dir;
    QString m_base;
    int m_every = 1;
    int m_max = 0;
    long long m_offered = 0; // frames seen since start
    int m_queued = 0;        // frames handed to the encoder
    std::atomic<int> m_written{0};
    bool m_recording = false;
    QString m_error;
    QMetaObject::Connection m_viewConnection;

    // the encoder thread: frames in order, under m_mutex
    struct Job {
        QImage frame;
        QString path;
        int index = 0;
    };
    void encode();
    void waitForEncoder(std::size_t atMost); // until at most atMost frames wait or encode
    std::mutex m_mutex;
    std::condition_variable m_work; // a job or the end for the encoder
    std::condition_variable m_done; // a job finished
    std::deque<Job> m_jobs;         // under m_mutex
    bool m_encoding = false;        // under m_mutex: a job is being written
    bool m_quit = false;            // under m_mutex
    QString m_writeError;           // under m_mutex: the encoder's first error
    QueuedCalls* m_calls = nullptr; // frameWritten, emitted on the GUI thread
    std::thread m_encoder;
};

} // namespace tumble::ui
