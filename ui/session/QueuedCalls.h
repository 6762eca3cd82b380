#pragma once
// QueuedCalls: calls posted from any thread and made on the thread its owner lives in (the GUI
// thread), in the order posted. What a call captures is handed over under a std::mutex, and a
// queued signal without arguments only wakes the owner's thread, so the hand-off is one that
// ThreadSanitizer sees. (QMetaObject::invokeMethod with a lambda hands the lambda over through
// Qt's event queue, whose futex-based lock ThreadSanitizer cannot see in an uninstrumented Qt:
// every such call was reported as a race between the lambda's construction and its call.)
#include <QObject>

#include <functional>
#include <mutex>
#include <vector>

namespace tumble::ui {

class QueuedCalls : public QObject {
    Q_OBJECT
public:
    /// Calls made on owner's thread; deleted with owner (calls still pending are dropped).
    explicit QueuedCalls(QObject* owner);

    /// Any thread: call runs on the owner's thread once its event loop turns.
    void post(std::function<void()> call);

signals:
    /// (internal) posted calls wait: connected, queued, to the owner thread's drain
    void pending();

private:
    void drain();

    std::mutex m_mutex;
    std::vector<std::function<void()>> m_calls; // under m_mutex
    bool m_woken = false;                       // under m_mutex: pending() is on its way
};

} // namespace tumble::ui
