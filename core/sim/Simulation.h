#pragma once
// Simulation: owns a World and runs the step pipeline.
//
//   integrator beginStep (translation, rotation) -> broad phase if some body moved past half
//   the skin -> the force stages (ForceStages: gravity, contacts, walls, damping) -> integrator
//   endStep -> energy ledger (dissipation of the step) -> diagnostics (NaN, runaway energy).
//
// Multi-stage schemes (RK4) replace the first three items by their own advance(), which calls
// back into the force evaluation at each stage (every stage over every body at once); the
// ledger then takes their stage-weighted work.
//
// Forces in World are always those of the current state, so a step begins with them; they are
// evaluated once at construction. Parameters change only between steps (apply, set*), and the
// Simulation is used from one thread at a time (the GUI's worker, or tumble-cli). Steady-state
// stepping does not allocate: every buffer keeps its capacity.
//
// Single-stage steps run as two passes over the bodies around the contact loop, each in fixed
// chunks of kBodyChunk bodies (ChunkPasses; FusedPasses for velocity Verlet with Buss). The
// contacts run in blocks, one per chunk (ContactBlocks), on a ThreadPool with params().threads
// > 1: every sum is taken per chunk and added in chunk order, so results are bit for bit the
// same for any thread count. On one thread, pass (2) of a chunk runs right after the chunk's
// contact block, while its bodies are still in cache. Large scenes keep their bodies in Morton
// order (BodySorter). The energy of the last step's state is kept from the passes, so energy()
// after a step costs O(1).
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "contact/ContactForces.h"
#include "contact/ContactLaw.h"
#include "contact/NeighbourList.h"
#include "energy/EnergyLedger.h"
#include "integrate/RotationScheme.h"
#include "integrate/TranslationScheme.h"
#include "model/World.h"
#include "parallel/ThreadPool.h"
#include "sim/BodyChunk.h"
#include "sim/BodyLayout.h"
#include "sim/BodySorter.h"
#include "sim/CellStress.h"
#include "sim/ContactBlocks.h"
#include "sim/ForceStages.h"
#include "sim/InstabilityReport.h"
#include "sim/LiveParams.h"
#include "sim/SimParams.h"
#include "sim/StepMotionRecord.h"

namespace tumble {

struct PassContext;

/// Thrown by Simulation for invalid parameters; what() names the field and the problem.
class ParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// A bond that broke: when, between which bodies (scene ids), where (the bond's contact point,
/// m) and the energy it released (J).
struct BondBreak {
    double time = 0.0; ///< s
    long long step = 0;
    int bodies[2] = {-1, -1};
    Vec3 point = Vec3::Zero();
    double energy = 0.0;
};

class Simulation : private StageEvaluator {
public:
    /// Takes the world and validated parameters; throws ParameterError when they are invalid.
    Simulation(World world, SimParams params);
    ~Simulation();
    Simulation(Simulation&&) noexcept;
    Simulation& operator=(Simulation&&) noexcept;

    /// Advances one step of params().dt; does nothing once unstable.
    void step();
    /// Advances up to n steps, stopping early if the run becomes unstable. afterStep, if given,
    /// is called after each step that ended stable: it may read energy(), world().step and
    /// world().time and check the sample (checkEnergySample, which may stop the run), but not the
    /// bodies, which may already be in the next step's first half (steps are joined: one step's
    /// end pass and the next one's begin pass in one sweep per chunk, the same bits as n calls
    /// of step() in fewer passes over the bodies). After the last step the state is on step.
    /// energyEvery (>= 1): afterStep reads energy() only after steps whose number
    /// (world().step) is a multiple of it; the other joined steps (and every one when there is
    /// no afterStep) skip the kinetic energy sums, and reading energy() after one throws
    /// std::logic_error. The last step's energy is always there.
    void run(long long n, const std::function<void()>& afterStep = {}, long long energyEvery = 1);

    const World& world() const { return m_world; }
    const SimParams& params() const { return m_params; }

    /// A live change (LiveParams.h): validated as a whole with SimParams::validate, applied
    /// between steps all or nothing (ParameterError names the field and keeps every old value).
    /// A new dt or scheme converts the state once, so the trajectory continues: half-step
    /// velocities and momenta are moved on-step with the current loads and back.
    LiveChange apply(const LiveParams& change);

    // one field at a time, through apply()
    void setDt(double dt); ///< s
    void setTranslationScheme(std::string_view name);
    void setRotationScheme(std::string_view name);
    /// Both at once (a preset); the state is converted so the trajectory continues: half-step
    /// velocities and momenta are moved on-step with the current loads and back.
    void setSchemes(std::string_view translation, std::string_view rotation);
    void setLocalDamping(double alpha, LocalDampingVariant variant); ///< alpha in [0, 1)
    void setViscousDamping(double beta);                             ///< 1/s
    /// Threads that step the simulation (1 to SimParams::kMaxThreads); results do not depend on it.
    void setThreads(int threads);

    /// Critical timestep estimate, s (see CriticalTimestep.h).
    double criticalDt() const { return m_criticalDt; }

    /// The energy ledger at the current state (on-step values).
    EnergySample energy() const;
    /// Contacts with positive overlap at the last force evaluation.
    std::size_t contactCount() const { return m_contacts.active; }
    /// A periodic cell's stress at the last force evaluation (CellStress.h); the scene must have
    /// a cell.
    CellStress cellStress() const { return tumble::cellStress(m_world, m_contacts.virial, m_params.dt); }
    long long neighbourListBuilds() const { return m_neighbours.buildCount(); }
    /// Rebuilds the neighbour list now, carrying the contact history over (a step does this by
    /// itself when needed; benchmarks call it to see the memory a rebuild keeps).
    void rebuildNeighbourList() { m_neighbours.build(m_world, m_table, m_skin); }
    /// Candidate pairs and their contact history (springs), as of the last step.
    const NeighbourList& neighbours() const { return m_neighbours; }
    /// Times the bodies were put in a new order (SimParams::sortBodies); World::bodyId maps them.
    long long bodySorts() const { return m_sorter.sorts(); }
    /// Steps whose begin pass ran in the previous step's end pass (run()), since construction.
    long long joinedSteps() const { return m_joinedSteps; }
    /// Force evaluations so far, including the one at construction (RK4 does four per step).
    long long forceEvaluations() const { return m_forceEvaluations; }
    /// The force stages' names, in the order a step adds their loads.
    static constexpr std::array<std::string_view, ForceStages::kCount> forceStageNames()
    {
        return ForceStages::names();
    }

    /// Every bond that broke so far, in the order they broke (bond/BondStrength.h).
    const std::vector<BondBreak>& bondBreaks() const { return m_bondBreaks; }

    bool isUnstable() const { return !m_instability.empty(); }
    /// Why and when the run became unstable (step and time), empty while stable.
    const std::string& instabilityMessage() const { return m_instability.message(); }
    /// The same with its parts (step, time, body, advice) for a GUI to point at.
    const InstabilityReport& instability() const { return m_instability; }
    /// Checks a sample of energy() before it is shown or written: false, and the run marked
    /// unstable (a runaway report), when any of its energies is non-finite or its |balance
    /// error| exceeds InstabilityReport::kRunawayFactor x energyScale(). The step checks this
    /// itself only every 64 steps; callers that sample more often call this at each sample.
    bool checkEnergySample(const EnergySample& sample);
    /// The scene's energy scale at the start, J (EnergyLedger::scale): the runaway yardstick.
    double energyScale() const { return m_ledger.scale(); }

    /// The whole state as StateArchive records (SimulationState.cpp): the world, the parameters,
    /// the neighbour lists with their contact history, the ledger, the counters that time the
    /// next rebuild and sort, and the scene's fingerprint. Refused (StateError) once unstable.
    std::vector<unsigned char> saveState() const;
    /// The same into out, whose memory is reused (the timeline hands over its oldest state's).
    void saveState(std::vector<unsigned char>& out) const;
    /// Puts the run in a state saveState() gave, of the same scene: stepping on from it is bit
    /// for bit what the saved run did next. All or nothing: a StateError names the field or the
    /// mismatch and leaves the run as it was. The thread count stays this run's own.
    void restoreState(const unsigned char* bytes, std::size_t size);
    void restoreState(const std::vector<unsigned char>& bytes) { restoreState(bytes.data(), bytes.size()); }
    /// A hash of the scene's constants in scene order (bodies' masses, radii, inertia, motion,
    /// materials, members, walls): equal for two Simulations of one scene, and what a state is
    /// checked against.
    std::uint64_t sceneFingerprint() const { return m_fingerprint; }

private:
    // StageEvaluator (multi-stage schemes)
    bool evaluateStage(World& world, double elapsed, bool endOfStep) override;
    ChannelWork dissipativePower(const World& world) const override;

    // a step; joinNext: the next step's begin pass may follow this one's end pass at once
    void advance(bool joinNext);
    void multiStageStep();
    void singleStageStep(bool begun, bool joinNext);
    // whether the next step's begin pass may run in this step's end pass: nothing between the
    // two steps (a sort, a bond's release, a runaway check, a cell) looks at the bodies
    bool mayJoinNext() const;
    // a periodic cell's medium: its motion over the coming step (World::medium), then the cell
    // moved by it once the bodies have drifted
    void prepareMedium();
    void advanceCell();
    // bodies that strayed a quarter of the cell past a periodic face go back through it (with
    // the image's velocity), so every contact names an image within two periods (ImageTable)
    void wrapBodies();
    // false (and the run unstable) once a deforming cell is too narrow for the contacts' reach
    bool cellWideEnough();
    // a deforming cell's power at the state of the last evaluation, W (docs/PERIODIC.md): the
    // medium's on the assembly (external work), and the dashpots' share W_d : G of the virial
    struct CellPower {
        double medium = 0.0;
        double dashpot = 0.0;
    };
    CellPower cellPower() const;
    // the kinetic energy of the bodies moving and turning with a medium of gradient L (1/s),
    // relative to the cell's centre, J: a deforming cell's yardstick for a runaway, which a gas at
    // rest in the medium does not give
    double flowEnergy(const Mat3& gradient) const;
    // a new L in a live change; in the medium-carried model the bodies move with the new medium
    void changeVelocityGradient(const Mat3& gradient);
    PassContext passContext();
    bool beginPass(const PassContext& p, std::size_t chunk);
    void endPass(const PassContext& p, std::size_t chunk, bool gather);
    void contactPass();
    void contactAndEndPassInOrder(const PassContext& p, bool join);
    // the end pass of chunk c, and with join the next step's begin pass of the chunk at once
    void endAndBegin(const PassContext& p, std::size_t chunk, bool gather, bool join);
    ContactSums blockContacts(std::size_t chunk);
    void sumBlocks();
    void evaluateForces(bool endOfStep, bool inStep);
    void startEvaluation(bool inStep);
    bool onStepEstimate(bool inStep) const;
    void bookContactLosses(bool inStep);
    void removeBrokenBonds(bool inStep);
    void bookChannelWork(const ChannelWork& work);
    void updateNeighbours();
    void sortBodies();
    void sortBodiesIfDue();
    void checkStability();
    void checkRunaway();
    ElasticEnergy elasticEnergy() const;
    template <class F> void forChunks(std::size_t chunks, F&& f);

    World m_world;
    SimParams m_params;
    std::unique_ptr<TranslationScheme> m_translation;
    std::unique_ptr<RotationScheme> m_rotation;
    Mat3 m_cellAtStart = Mat3::Identity(); // a periodic cell's side vectors when the step began, m
    double m_cellReach = 0.0;              // 2 R_max + skin in a periodic cell, m
    bool m_fused = false;                  // velocity Verlet and Buss: FusedPasses
    ContactTable m_table;
    NeighbourList m_neighbours;
    EnergyLedger m_ledger;
    double m_skin = 0.0;       // m
    double m_criticalDt = 0.0; // s
    ForceStages m_stages;
    ContactSums m_contacts; // springs' energy at the last force evaluation
    // which dissipative channels the last force evaluation may have written (the others are zero)
    std::array<bool, kDissipationChannels> m_channelLoaded{true, true, true, true};
    long long m_forceEvaluations = 0;
    InstabilityReport m_instability;
    StepMotionRecord m_motion;
    BodyLayout m_layout;
    ContactBlocks m_blocks;
    BodySorter m_sorter;
    std::unique_ptr<ThreadPool> m_pool;  // null with one thread
    std::vector<BodyChunk> m_bodyChunks; // what each chunk of a step's passes found
    std::vector<BodyChunk> m_nextChunks; // the next step's begin pass, run in this one's end pass
    bool m_begun = false;                // the step's begin pass ran in the last step's end pass
    long long m_joinedSteps = 0;
    long long m_energyEvery = 1;          // run()'s: the steps whose kinetic energies are summed when joined
    std::vector<ContactSums> m_blockSums; // each contact block's sums
    BodyEnergy m_bodyEnergy;              // J, of the current state, valid right after a single-stage step
    bool m_bodyEnergyValid = false;
    std::vector<BondBreak> m_bondBreaks;
    std::uint64_t m_fingerprint = 0;
};

template <class F> void Simulation::forChunks(std::size_t chunks, F&& f)
{
    if (m_pool)
        m_pool->run(chunks, f);
    else
        for (std::size_t c = 0; c < chunks; ++c)
            f(c);
}

} // namespace tumble
