#include "session/ReplaySource.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "io/DumpFrameVtp.h"
#include "io/LammpsLog.h"

namespace tumble::ui {

namespace {

// replays are numbered apart from the runners' revisions (which count from 1), so a view never
// takes a replay for the scene it showed before
std::atomic<long long> g_replayRevision{1LL << 40};

} // namespace

ReplaySource::ReplaySource(std::string dumpPath, std::string logPath, std::string bodiesPath)
    : m_dumpPath(std::move(dumpPath)), m_logPath(std::move(logPath)), m_bodiesPath(std::move(bodiesPath))
{
    std::error_code ec;
    m_status.bytes = static_cast<std::size_t>(std::filesystem::file_size(m_dumpPath, ec));
    if (ec)
        m_status.bytes = 0;
    m_indexer = std::thread([this] { indexAll(); });
    m_loader = std::thread([this] { loadLoop(); });
}

ReplaySource::~ReplaySource()
{
    m_stop = true;
    m_changed.notify_all();
    m_indexer.join();
    m_loader.join();
}

ReplaySource::Status ReplaySource::status() const
{
    std::lock_guard lock(m_mutex);
    return m_status;
}

std::vector<std::string> ReplaySource::columns() const
{
    std::lock_guard lock(m_mutex);
    return m_columns;
}

long long ReplaySource::frameStep(long long k) const
{
    std::lock_guard lock(m_mutex);
    return k >= 0 && k < static_cast<long long>(m_marks.size()) ? m_marks[std::size_t(k)].step : 0;
}

double ReplaySource::frameTime(long long k) const
{
    std::lock_guard lock(m_mutex);
    return k >= 0 && k < static_cast<long long>(m_marks.size()) ? m_marks[std::size_t(k)].time : 0.0;
}

void ReplaySource::show(long long k)
{
    {
        std::lock_guard lock(m_mutex);
        const long long n = static_cast<long long>(m_marks.size());
        const long long clamped = n == 0 ? 0 : std::clamp(k, 0LL, n - 1);
        if (clamped != m_asked.load()) {
            m_asked = clamped;
            ++m_generation;
        }
    }
    m_changed.notify_all();
}

void ReplaySource::setColourColumn(const std::string& column)
{
    {
        std::lock_guard lock(m_mutex);
        m_options.colourColumn = column;
        ++m_generation;
    }
    m_changed.notify_all();
}

void ReplaySource::selectBody(int b)
{
    {
        std::lock_guard lock(m_mutex);
        m_options.selected = b;
        ++m_generation;
    }
    m_changed.notify_all();
}

SnapshotPtr ReplaySource::takeSnapshot() const
{
    std::lock_guard lock(m_mutex);
    return m_snapshot;
}

bool ReplaySource::waitShown(long long k, int timeoutMs) const
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                              [&] { return m_shown.load() == k && m_builtGeneration == m_generation; });
}

bool ReplaySource::waitIndexed(int timeoutMs) const
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return !m_status.indexing; });
}

void ReplaySource::indexAll()
{
    // the log first: small, and the plot can show the whole run while the dump is read
    if (!m_logPath.empty()) {
        std::string note;
        std::shared_ptr<const EnergyChunk> energy;
        try {
            ThermoEnergy t = thermoEnergy(readLammpsLog(m_logPath));
            energy = t.samples;
            note = t.note;
        } catch (const LogError& e) {
            note = e.what();
        }
        std::lock_guard lock(m_mutex);
        m_energy = std::move(energy);
        m_status.logNote = std::move(note);
    }

    // the rigid bodies' dump beside the atoms', when there is one
    std::string bodiesPath = m_bodiesPath;
    if (bodiesPath.empty()) {
        const std::filesystem::path beside = std::filesystem::path(m_dumpPath).parent_path() / "dump.bodies";
        std::error_code ec;
        if (std::filesystem::exists(beside, ec) && !std::filesystem::equivalent(beside, m_dumpPath, ec))
            bodiesPath = beside.string();
    }
    {
        std::lock_guard lock(m_mutex);
        m_bodiesResolved = bodiesPath;
    }
    std::unique_ptr<LammpsDumpReader> bodies;
    LammpsDumpFrame bodyFrame;
    auto dropBodies = [&](const std::string& why) {
        bodies.reset();
        std::lock_guard lock(m_mutex);
        m_status.bodiesNote = bodiesPath + ": " + why + "; clumps are drawn without their axes";
    };
    if (!bodiesPath.empty()) {
        try {
            bodies = std::make_unique<LammpsDumpReader>(bodiesPath);
            std::lock_guard lock(m_mutex);
            m_status.bodiesNote = "clumps' orientation and spin from " + bodiesPath;
        } catch (const DumpError& e) {
            dropBodies(e.what());
        }
    }

    try {
        LammpsDumpReader reader(m_dumpPath);
        LammpsDumpFrame frame;
        while (!m_stop && reader.next(frame)) {
            FrameMark mark{reader.frameOffset(), reader.frameLine(), frame.timestep, dumpFrameTime(frame)};
            const LammpsDumpFrame* bodiesHere = nullptr;
            if (bodies) {
                try {
                    if (!bodies->next(bodyFrame))
                        dropBodies("it ends before the frame at timestep " + std::to_string(frame.timestep));
                    else if (bodyFrame.timestep != frame.timestep)
                        dropBodies("its frames' timesteps (" + std::to_string(bodyFrame.timestep) +
                                   ") differ from the atoms' (" + std::to_string(frame.timestep) + ")");
                    else if (!isRigidBodyDump(bodyFrame))
                        dropBodies("its columns are not those of a rigid/local dump of Tumble's export");
                    else {
                        mark.bodiesOffset = bodies->frameOffset();
                        mark.bodiesLine = bodies->frameLine();
                        bodiesHere = &bodyFrame;
                    }
                } catch (const DumpError& e) {
                    dropBodies(e.what());
                }
            }
            // the first frame: the replay's SceneInfo, and on screen at once (the loader would
            // read it again); the frames after it are only checked, their values not kept
            std::shared_ptr<FrameSnapshot> first;
            if (m_marks.empty()) { // (only this thread appends)
                DumpSnapshotOptions options;
                {
                    std::lock_guard lock(m_mutex);
                    options = m_options;
                }
                first = std::make_shared<FrameSnapshot>(
                    dumpSnapshot(frame, bodiesHere, nullptr, options, m_dumpPath, mark.line + 1));
                first->scene = dumpSceneInfo(m_dumpPath, frame, *first, ++g_replayRevision);
                reader.setKeepValues(false);
                frame.values = {}; // (its capacity too)
            }
            {
                std::lock_guard lock(m_mutex);
                if (first) {
                    m_scene = first->scene;
                    m_columns = frame.columns;
                    if (m_energy)
                        first->energy.push_back(m_energy);
                    if (m_asked.load() < 0 && m_options.colourColumn == first->speedsTitle &&
                        m_options.selected == -1) {
                        // (nothing else was asked for meanwhile: this snapshot answers the first ask)
                        m_asked = 0;
                        first->serial = ++m_serial;
                        m_snapshot = first;
                        m_shown = 0;
                        m_builtGeneration = ++m_generation;
                    } else if (m_asked.load() < 0) {
                        m_asked = 0;
                        ++m_generation;
                    }
                }
                m_marks.push_back(mark);
                m_status.frames = static_cast<long long>(m_marks.size());
                m_status.bytesRead = reader.position();
            }
            m_changed.notify_all();
        }
    } catch (const DumpError& e) {
        std::lock_guard lock(m_mutex);
        m_status.error = e.what();
    }
    {
        std::lock_guard lock(m_mutex);
        m_status.indexing = false;
        if (m_status.error.empty())
            m_status.bytesRead = m_status.bytes;
    }
    m_changed.notify_all();
}

void ReplaySource::loadLoop()
{
    std::unique_ptr<LammpsDumpReader> atoms, bodies;
    LammpsDumpFrame frame, bodyFrame;
    for (;;) {
        FrameMark mark;
        DumpSnapshotOptions options;
        std::shared_ptr<const SceneInfo> scene;
        std::shared_ptr<const EnergyChunk> energy;
        std::string bodiesPath;
        long long k = -1;
        long long generation = 0;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [&] {
                const long long a = m_asked.load();
                return m_stop ||
                       (a >= 0 && a < static_cast<long long>(m_marks.size()) && m_generation != m_builtGeneration);
            });
            if (m_stop)
                return;
            k = m_asked.load();
            mark = m_marks[std::size_t(k)];
            options = m_options;
            scene = m_scene;
            energy = m_energy;
            bodiesPath = m_bodiesResolved;
            generation = m_generation;
        }
        try {
            if (!atoms)
                atoms = std::make_unique<LammpsDumpReader>(m_dumpPath);
            atoms->seek(mark.offset, mark.line);
            if (!atoms->next(frame))
                throw DumpError(m_dumpPath, mark.line, "the frame indexed here is gone (was the file changed?)");
            const LammpsDumpFrame* bodiesHere = nullptr;
            if (mark.bodiesLine >= 0) {
                if (!bodies)
                    bodies = std::make_unique<LammpsDumpReader>(bodiesPath);
                bodies->seek(mark.bodiesOffset, mark.bodiesLine);
                if (bodies->next(bodyFrame))
                    bodiesHere = &bodyFrame;
            }
            auto s = std::make_shared<FrameSnapshot>(
                dumpSnapshot(frame, bodiesHere, scene, options, m_dumpPath, mark.line + 1));
            if (energy)
                s->energy.push_back(energy);
            {
                std::lock_guard lock(m_mutex);
                s->serial = ++m_serial;
                m_snapshot = std::move(s);
                m_shown = k;
                m_builtGeneration = generation;
            }
        } catch (const DumpError& e) {
            std::lock_guard lock(m_mutex);
            m_status.error = e.what();
            m_builtGeneration = generation; // not again, until something else is asked for
        }
        m_changed.notify_all();
    }
}

} // namespace tumble::ui
