#pragma once
// ReplaySource: a LAMMPS run (a dump, and optionally its log) replayed as snapshots for the 3D
// view and the energy plot, read in the background and never loaded whole.
//
// Design note. Two threads. The indexer reads the dump from end to end once, checking every frame
// (LammpsDumpReader) and keeping only where each begins (byte offset, line, timestep, time), so a
// dump of millions of atoms costs a few numbers per frame; its progress is the bytes read. The
// loader reads the one frame the GUI asks for (seek, then a frame) and publishes its snapshot
// (DumpSnapshot.h); asks that arrive while it reads collapse into the newest. So the timeline can
// be scrubbed over the frames indexed so far while the rest is still read. A malformed or cut-short
// frame stops the indexer with the reader's message (file, line, problem); the frames before it
// stay. A rigid-body dump beside the atoms (LammpsExport's dump.bodies) is read frame for frame
// with it; the log is read first, whole (a few numbers per thermo line).
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "session/DumpSnapshot.h"
#include "session/FrameSnapshot.h"
#include "session/ThermoEnergy.h"

namespace tumble::ui {

class ReplaySource {
public:
    /// What the indexer has done so far.
    struct Status {
        std::size_t bytesRead = 0; ///< of the atoms dump
        std::size_t bytes = 0;     ///< its size
        long long frames = 0;      ///< frames indexed (whole and checked)
        bool indexing = true;      ///< still reading
        std::string error;         ///< why reading stopped early (file: line N: problem), or empty
        std::string logNote;       ///< what the log gave the energy plot (or why it gave nothing)
        std::string bodiesNote;    ///< the rigid-body dump used, or why not (empty: none found)
    };

    /// Starts reading dumpPath (and logPath, when not empty) in the background. bodiesPath: a
    /// rigid-body local dump to read beside it ("" looks for dump.bodies in the dump's directory).
    explicit ReplaySource(std::string dumpPath, std::string logPath = {}, std::string bodiesPath = {});
    ~ReplaySource();
    ReplaySource(const ReplaySource&) = delete;
    ReplaySource& operator=(const ReplaySource&) = delete;

    const std::string& dumpPath() const { return m_dumpPath; }
    Status status() const;
    /// The atoms dump's columns (of its first frame; empty before it is read).
    std::vector<std::string> columns() const;
    /// Frame k's timestep and time (s, or the timestep when the dump has no time); k < frames.
    long long frameStep(long long k) const;
    double frameTime(long long k) const;

    /// Asks for frame k (clamped to the frames indexed); the newest ask wins.
    void show(long long k);
    /// The frame last asked for (-1 before any).
    long long asked() const { return m_asked.load(); }
    /// The frame of the newest published snapshot (-1 before any).
    long long shown() const { return m_shown.load(); }
    /// Colours by a column of the dump (empty: the speed); the shown frame is built again.
    void setColourColumn(const std::string& column);
    /// Publishes body b's state with every snapshot (-1: none); the shown frame is built again.
    void selectBody(int b);
    /// The newest snapshot (the same until a newer one is built); null before the first.
    SnapshotPtr takeSnapshot() const;
    /// Blocks until frame k is shown (tests), at most timeoutMs.
    bool waitShown(long long k, int timeoutMs) const;
    /// Blocks until the indexer is done (tests), at most timeoutMs.
    bool waitIndexed(int timeoutMs) const;

private:
    struct FrameMark {
        std::size_t offset = 0;
        long long line = 0;
        long long step = 0;
        double time = 0.0;
        std::size_t bodiesOffset = 0; ///< the rigid-body frame at the same timestep
        long long bodiesLine = -1;    ///< -1: none
    };
    void indexAll();
    void loadLoop();

    std::string m_dumpPath, m_logPath, m_bodiesPath;
    std::string m_bodiesResolved; // the rigid-body dump the indexer opened (or empty)
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    Status m_status;
    std::vector<FrameMark> m_marks;
    std::vector<std::string> m_columns;
    std::shared_ptr<const SceneInfo> m_scene;
    std::shared_ptr<const EnergyChunk> m_energy;
    DumpSnapshotOptions m_options;
    long long m_serial = 0;
    long long m_generation = 0;      // counts the asks (show, colour, selection)
    long long m_builtGeneration = 0; // the ask the newest snapshot answers
    SnapshotPtr m_snapshot;
    std::atomic<long long> m_asked{-1};
    std::atomic<long long> m_shown{-1};
    std::atomic<bool> m_stop{false};
    std::thread m_indexer;
    std::thread m_loader;
};

} // namespace tumble::ui
