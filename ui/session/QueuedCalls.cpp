#include "session/QueuedCalls.h"

namespace tumble::ui {

QueuedCalls::QueuedCalls(QObject* owner) : QObject(owner)
{
    connect(this, &QueuedCalls::pending, this, &QueuedCalls::drain, Qt::QueuedConnection);
}

void QueuedCalls::post(std::function<void()> call)
{
    bool wake = false;
    {
        std::lock_guard lock(m_mutex);
        m_calls.push_back(std::move(call));
        wake = !m_woken;
        m_woken = true;
    }
    if (wake)
        emit pending();
}

void QueuedCalls::drain()
{
    std::vector<std::function<void()>> calls;
    {
        std::lock_guard lock(m_mutex);
        calls.swap(m_calls);
        m_woken = false;
    }
    for (const auto& call : calls)
        call();
}

} // namespace tumble::ui
