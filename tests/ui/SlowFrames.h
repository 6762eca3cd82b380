#pragma once
// A renderer observer that makes frames slow, for tests of what the GUI thread does while a
// frame renders: it sleeps in the renderer's StartEvent, on the thread that renders, while
// sleepMs > 0, and counts the frames started.
#include <atomic>
#include <chrono>
#include <thread>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkNew.h>
#include <vtkRenderer.h>

namespace tumble::ui::test {

struct SlowFrames {
    std::atomic<int> sleepMs{0}; ///< ms each frame sleeps before rendering
    std::atomic<int> started{0}; ///< frames started so far
    vtkNew<vtkCallbackCommand> command;

    explicit SlowFrames(vtkRenderer* r)
    {
        command->SetClientData(this);
        command->SetCallback([](vtkObject*, unsigned long, void* client, void*) {
            auto* self = static_cast<SlowFrames*>(client);
            ++self->started;
            if (const int ms = self->sleepMs.load(); ms > 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        });
        r->AddObserver(vtkCommand::StartEvent, command);
    }
};

} // namespace tumble::ui::test
