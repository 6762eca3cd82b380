#pragma once
// Simulation: owns a World and runs the step pipeline.
//
//   integrator beginStep (translation, rotation) -> broad phase if some body moved past half
//   the skin -> forces (contacts, walls, gravity, damping) -> integrator endStep -> energy
//   ledger (dissipation of the step) -> diagnostics (NaN, runaway energy).
//
// Multi-stage schemes (RK4) replace the first three items by their own advance(), which calls
// back into the force evaluation at each stage; the ledger then takes their stage-weighted work.
//
// Forces in World are always those of the current state, so a step begins with them; they are
// evaluated once at construction. Parameters change only between steps (set*), and the
// Simulation is used from one thread at a time (the GUI's worker, or tumble-cli). Steady-state
// stepping does not allocate: every buffer keeps its capacity.
//
// Single-stage steps run as two passes over the bodies around the contact loop, each in fixed
// chunks of kBodyChunk bodies: (1) scheme beginStep, the step's motion, members, rebuild check,
// first half of the dissipative work, potential energy, load reset; (2) deferred contact loads,
// damping, second half of the work, scheme endStep, finiteness check, kinetic energy. With
// velocity Verlet and Buss's rotation (PFC's schemes, every scene's default) each pass is one
// sweep per chunk with the schemes' per-body steps inlined (pfcBeginPass, pfcEndPass), so a
// body's state is loaded once; there a non-finite position (velocity, momentum, force) makes
// the chunk's potential (kinetic) energy non-finite, so the finiteness search runs only then.
// Other schemes run their range loops, then the bookkeeping loops. Both give the same bits:
// every expression, and the order of every sum, is the same.
//
// Contacts are evaluated in blocks, one per body chunk: the candidates whose member i belongs to
// the chunk (the list is sorted by i, members by body). A block adds loads on its own bodies at
// once and leaves those on other chunks' bodies in a slot per crossing pair, which pass (2)
// adds in list order (ContactBlock). Each body's loads are thus summed in one fixed order, every
// sum is taken per chunk and added in chunk order, and chunks with disjoint bodies run on a
// ThreadPool with params().threads > 1: results are bit for bit the same for any thread count.
// On one thread, pass (2) of a chunk runs right after the chunk's contact block, while its
// bodies are still in cache (a pair's member j never lies in an earlier chunk than its member i,
// so no later block reads or loads them).
// The energy of the last step's state is kept from pass (1) and (2), so energy() after a step
// costs O(1).
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "contact/ContactForces.h"
#include "contact/ContactLaw.h"
#include "contact/NeighbourList.h"
#include "energy/EnergyLedger.h"
#include "integrate/RotationScheme.h"
#include "integrate/TranslationScheme.h"
#include "model/World.h"
#include "parallel/Chunks.h"
#include "parallel/ThreadPool.h"
#include "sim/LiveParams.h"
#include "sim/SimParams.h"

namespace tumble {

/// Thrown by Simulation for invalid parameters; what() names the field and the problem.
class ParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
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
    /// Advances up to n steps, stopping early if the run becomes unstable.
    void run(long long n);

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
    long long neighbourListBuilds() const { return m_neighbours.buildCount(); }
    /// Rebuilds the neighbour list now, carrying the contact history over (a step does this by
    /// itself when needed; benchmarks call it to see the memory a rebuild keeps).
    void rebuildNeighbourList() { m_neighbours.build(m_world, m_table, m_skin); }
    /// Candidate pairs and their contact history (springs), as of the last step.
    const NeighbourList& neighbours() const { return m_neighbours; }
    /// Times the bodies were put in a new order (SimParams::sortBodies); World::bodyId maps them.
    long long bodySorts() const { return m_bodySorts; }
    /// Force evaluations so far, including the one at construction (RK4 does four per step).
    long long forceEvaluations() const { return m_forceEvaluations; }

    bool isUnstable() const { return !m_instability.empty(); }
    /// Why and when the run became unstable (step and time), empty while stable.
    const std::string& instabilityMessage() const { return m_instability; }

private:
    bool evaluateStage(World& world, bool endOfStep) override;
    ChannelWork dissipativePower(const World& world) const override;
    void toOnStep();
    void fromOnStep();
    bool prepareStage();
    void evaluateForces(bool endOfStep);
    void updateNeighbours();
    void markStepStart();
    void updateStepMotion();
    void updateStepMotion(std::size_t begin, std::size_t end, bool rotationKnown);
    void addHalfStepWork(ChannelWork& work) const;
    void bookChannelWork(const ChannelWork& work);
    void checkStability();
    void checkRunaway();
    void ensureDampingChannels();
    ElasticEnergy elasticEnergy() const;
    void singleStageStep();
    bool beginPass(std::size_t chunk);
    void endPass(std::size_t chunk, bool gather, bool onStepEstimate);
    template <bool kDamped, bool kSpheres> bool pfcBeginPass(std::size_t chunk);
    template <bool kDamped, bool kSpheres> void pfcEndPass(std::size_t chunk, bool gather, bool onStepEstimate);
    void applyDamping(std::size_t i, bool onStepEstimate);
    void findMemberStarts();
    void sortBodies();
    void sortBodiesIfDue();
    void gatherDeferred(std::size_t begin, std::size_t end);
    void contactPass();
    void contactAndEndPassInOrder(bool onStepEstimate);
    void sumBlocks();
    ContactSums blockContacts(std::size_t chunk);
    void buildBlocks();
    template <class F> void forChunks(std::size_t chunks, F&& f);

    World m_world;
    SimParams m_params;
    std::unique_ptr<TranslationScheme> m_translation;
    std::unique_ptr<RotationScheme> m_rotation;
    bool m_pfcSchemes = false; // velocity Verlet and Buss: the passes inline their per-body steps
    ContactTable m_table;
    NeighbourList m_neighbours;
    EnergyLedger m_ledger;
    double m_skin = 0.0;       // m
    double m_criticalDt = 0.0; // s
    ContactSums m_contacts;    // springs' energy at the last force evaluation
    // which dissipative channels the last force evaluation may have written (the others are zero)
    std::array<bool, kDissipationChannels> m_channelLoaded{true, true, true};
    bool m_inStep = false; // forces are being evaluated inside step() (not at construction)
    long long m_forceEvaluations = 0;
    std::string m_instability;

    // pose at the start of the step, and the motion since then: the contact springs' increments
    // and the trapezoidal work of the dissipative loads use them
    std::vector<Vec3> m_startPosition;    // (n) m
    std::vector<Quat> m_startOrientation; // (n)
    std::vector<Vec3> m_stepDisplacement; // (n) m
    std::vector<Vec3> m_stepRotation;     // (n) rad, rotation vector

    // threads (null with one) and what each fixed chunk of a step pass found
    std::unique_ptr<ThreadPool> m_pool;
    struct BodyChunk {
        ChannelWork beginWork{};  // J, first half of the trapezoid
        ChannelWork endWork{};    // J, second half
        BodyEnergy energy;        // J
        std::size_t firstBad = 0; // first body with a non-finite position (pass 1) or velocity (2)
        bool bad = false;
        bool rebuild = false; // a member moved past half the skin
    };
    std::vector<BodyChunk> m_bodyChunks;
    std::vector<ContactSums> m_blockSums;
    bool m_membersByBody = false;           // members sorted by body: pass 1 moves them too
    bool m_membersAreBodies = false;        // member k is body k, at its centre: pass 1 copies positions
    bool m_spheres = false;                 // that, and every body isotropic (inertia is constant)
    bool m_dashMoments = true;              // some contact may give a dashpot moment (else they stay zero)
    std::vector<std::size_t> m_memberStart; // (n + 1) first member of each body when sorted
    // contact blocks (one per body chunk; one in all without m_membersByBody): their first
    // pair, wall candidate and deferred slot, (chunks + 1) each
    std::vector<std::size_t> m_blockPairStart;
    std::vector<std::size_t> m_blockWallStart;
    std::vector<std::size_t> m_blockSlotStart;
    std::vector<DeferredLoad> m_deferredLoads; // one slot per pair crossing from one chunk to another
    struct DeferredRef {
        int slot; // into m_deferredLoads
        int body; // that receives it
    };
    std::vector<int> m_deferredStart;    // (n + 1) offsets into m_deferred
    std::vector<DeferredRef> m_deferred; // each body's slots, in list order, bodies in order
    std::vector<int> m_deferredCursor;   // (n) fill cursor
    long long m_blocksBuild = -1;        // neighbour-list build the blocks belong to
    // bodies re-sorted along a Morton curve (BodyOrder) at construction and after every
    // kSortEveryBuilds neighbour-list builds, in scenes of kSortMinBodies or more
    static constexpr std::size_t kSortMinBodies = 2 * kBodyChunk;
    static constexpr long long kSortEveryBuilds = 20;
    long long m_sortedAtBuild = 0;
    long long m_bodySorts = 0;
    std::vector<int> m_sortOrder;       // (n) old body at each new index
    std::vector<int> m_sortMemberOrder; // (m) old member at each new index
    std::vector<int> m_sortNewMember;   // (m) new index of each old member
    std::vector<std::pair<std::uint64_t, int>> m_sortKeys;
    World::PermuteScratch m_permuteScratch;
    // body energy of the current state, valid right after a single-stage step
    BodyEnergy m_bodyEnergy;
    bool m_bodyEnergyValid = false;
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
