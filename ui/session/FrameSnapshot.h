#pragma once
// FrameSnapshot: what the worker thread hands to the GUI, immutable once published.
//
// Design note. The GUI never reads the Simulation (it lives on the worker thread); it reads
// snapshots, published as std::shared_ptr<const FrameSnapshot> and swapped under a mutex held
// only for the swap (STYLE.md 9). Rendering data are floats ready for VTK; energies stay double.
// Energy samples travel with the envelope of the steps they stand for (EnergyEnvelope) in
// immutable numbered chunks (one per published snapshot): a snapshot
// carries every chunk the GUI has not yet acknowledged, so a snapshot the GUI never saw does
// not lose its samples, publishing copies pointers only, and the GUI skips samples it already
// plotted by their number.
// Rejected: copying the World (too much, and it tempts views into reading core state) and a
// sample per frame (the plot would alias what the integrator does between frames).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/BodyState.h"
#include "session/BondState.h"
#include "session/CellState.h"
#include "session/EnergyChunk.h"
#include "session/MemberQuantity.h"
#include "session/ParameterMarker.h"
#include "session/SceneInfo.h"
#include "session/TimelineState.h"
#include "sim/SimParams.h"

namespace tumble::ui {

/// A bond that broke (Simulation::bondBreaks), as the 3D view marks it.
struct BrokenBond {
    float point[3] = {0.f, 0.f, 0.f}; ///< where it broke (the bond's contact point), m
    float radius = 0.f;               ///< the smaller of its two spheres' radii, m (the marker's size)
    double time = 0.0;                ///< when, s
};

struct FrameSnapshot {
    std::shared_ptr<const SceneInfo> scene;
    long long serial = 0; ///< grows with every published snapshot
    double time = 0.0;    ///< s
    long long step = 0;

    // per member sphere, (m) each: a sphere body has one at its centre, a clump several, so a
    // clump is drawn as its spheres; non-finite values are possible after a blow-up and are the
    // views' to skip
    std::vector<float> positions; ///< (3m) x y z, m
    std::vector<float> radii;     ///< (m) m
    std::vector<float> speeds;    ///< (m) |v| of the owning body, m/s
    /// What speeds hold when it is not the speed: the colour bar's title (a replayed dump's column,
    /// "vz"); empty: the speed in m/s.
    std::string speedsTitle;
    /// speeds hold a signed or positional value whose colour scale spans its low to high values
    /// (ColourMode.h's colourScaleTwoSided) rather than 0 to high.
    bool speedsTwoSided = false;
    std::vector<int> memberBody; ///< (m) owning body index; empty: member i is body i
    /// (m) the owning body's fluctuation speed |v - L x| (its speed relative to the medium), m/s;
    /// only in a scene with a periodic cell (empty otherwise)
    std::vector<float> fluctuationSpeeds;
    std::size_t bodies = 0; ///< number of bodies (members of a clump count once)
    /// What memberValues hold (SimulationRunner::setMemberQuantity); None: they are empty.
    MemberQuantity memberQuantity = MemberQuantity::None;
    /// (m) the owning body's memberQuantity, in its unit (MemberQuantity.h)
    std::vector<float> memberValues;

    /// Force chains (SimulationRunner::setForceChains), (c) each: every touching pair of member
    /// spheres of different bodies at the last force evaluation; empty when not asked for.
    std::vector<int> chainMembers; ///< (2c) the pair's two members, indices into radii
    std::vector<float> chainForce; ///< (c) the normal spring force's magnitude, N
    std::vector<float> chainShift; ///< (3c, or empty without a periodic cell) the image shift of
                                   ///< the second member, m, as bondShift
    bool chainsAsked = false;      ///< chains were asked for (empty chains: no contact)

    // bonds (World::bonds), (b) each, in the simulation's bond order; a bond joins two sphere
    // bodies, so it is drawn between their (one) members
    std::vector<int> bondMembers; ///< (2b) each bond's two members, indices into radii
    /// (3b, or empty without a periodic cell) where each bond's second sphere is seen from its
    /// first: the shift H n of its image nearest the first (x y z, m), to add to its position
    std::vector<float> bondShift;
    /// (b) the mode (BondMode: 0 normal, 1 shear, 2 twist, 3 bend) holding most of the bond's
    /// elastic energy, -1 when it holds none
    std::vector<signed char> bondMode;
    /// (b) the bond's load against its strength under its criterion (BondStrength: 1 breaks it),
    /// >= 0; -1 for a bond that never breaks
    std::vector<float> bondLoad;
    /// The newest bond breaks of this run (at most kRecentBreaks), oldest first; the last is
    /// break number bondBreaks - 1.
    std::vector<BrokenBond> recentBreaks;
    long long bondBreaks = 0; ///< bonds broken so far in this run
    static constexpr std::size_t kRecentBreaks = 4096;

    /// Every clump body's state, in body order (spheres are left out: at 100k spheres a
    /// per-body copy would cost more than the members); finite.
    std::vector<BodyState> clumps;
    /// The body the GUI selected (SimulationRunner::selectBody), sphere or clump; empty when
    /// none is selected or it does not exist.
    std::optional<BodyState> selected;
    /// The bond the GUI selected (SimulationRunner::selectBond), broken or not; empty when none
    /// is selected or the pair has no bond.
    std::optional<BondState> selectedBond;

    /// The periodic cell, its stress and the velocity profile; empty without a cell.
    std::optional<CellState> cell;

    std::size_t contactCount = 0;
    double criticalDt = 0.0; ///< s
    SimParams params;        ///< parameters in force at this snapshot
    bool playing = false;
    double stepsPerSecond = 0.0;    ///< wall-clock stepping rate over the last batches
    double speed = 1.0;             ///< speed asked for: simulated s per wall s; 0: as fast as possible
    double buildMicroseconds = 0.0; ///< worker CPU time spent building this snapshot, us
    /// Share of the worker's wall time spent building snapshots over the last ~0.5 s (0..1);
    /// the worker keeps it under 2% by publishing less often when snapshots are expensive.
    double publishShare = 0.0;

    /// Energy samples the GUI has not acknowledged yet, oldest first: every sample recorded
    /// since the previous snapshot, plus any of earlier snapshots the GUI never took.
    std::vector<std::shared_ptr<const EnergyChunk>> energy;
    /// Steps between energy samples set by SimulationRunner::setSampleStride: 0 (the pacing's
    /// interval, round(interval / dt) steps in the main view), 1 every step, N every N steps.
    int sampleStride = 0;
    /// Steps the newest energy sample stands for (its envelope's; 0 for the run's first).
    long long sampleSteps = 0;
    /// Every marker of the current run, oldest first.
    std::shared_ptr<const std::vector<ParameterMarker>> markers;

    /// Why the run stopped (empty while stable); the bodies are then the last finite state.
    std::string instabilityMessage;
    /// The recent states kept for scrubbing back (SimulationRunner::seek).
    TimelineState timeline;

    std::size_t memberCount() const { return radii.size(); }
    std::size_t bondCount() const { return bondMode.size(); }
    /// The state of clump b, or nullptr when b is no clump.
    const BodyState* clumpState(int b) const
    {
        for (const BodyState& c : clumps)
            if (c.id == b)
                return &c;
        return nullptr;
    }
    /// The state of body b carried by this snapshot (a clump, or the selected body), or nullptr.
    const BodyState* bodyState(int b) const
    {
        if (const BodyState* c = clumpState(b))
            return c;
        return selected && selected->id == b ? &*selected : nullptr;
    }
    std::size_t bodyCount() const { return memberBody.empty() ? radii.size() : bodies; }
    /// The body member i belongs to.
    int bodyOf(std::size_t i) const { return memberBody.empty() ? int(i) : memberBody[i]; }
    /// One past the number of the newest sample carried (0 when none is carried).
    long long energySeqEnd() const { return energy.empty() ? 0 : energy.back()->seqEnd(); }
};

using SnapshotPtr = std::shared_ptr<const FrameSnapshot>;

} // namespace tumble::ui
