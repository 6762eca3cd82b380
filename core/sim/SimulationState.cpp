// Simulation's saved state: saveState() and restoreState() (Simulation.h), in StateArchive
// records. What a state holds is what the next step reads and the constructor does not
// recompute from the scene the same way: the world (in its sorted order), the parameters, the
// neighbour lists with their history, the ledger, the last evaluation's sums, the counters that
// time the next rebuild and sort, and the skin and cell reach fixed at construction. Everything
// else is either derived from those (the contact table, the body layout, the contact blocks) or
// scratch a step refills.
#include <string>

#include "integrate/IntegratorRegistry.h"
#include "parallel/Chunks.h"
#include "sim/FusedPasses.h"
#include "sim/Simulation.h"
#include "sim/StateFields.h"

namespace tumble {

namespace {

// every field of one state, in one order, for writer and reader alike
struct StateParts {
    std::uint64_t fingerprint = 0;
    SimParams params;
    World world;
    NeighbourList neighbours;
    EnergyLedger ledger;
    BodySorter sorter;
    ContactSums contacts;
    std::array<bool, kDissipationChannels> channelLoaded{};
    long long forceEvaluations = 0;
    BodyEnergy bodyEnergy;
    bool bodyEnergyValid = false;
    std::vector<BondBreak> bondBreaks;
    double skin = 0.0;       // m
    double cellReach = 0.0;  // m
    double criticalDt = 0.0; // s
    Mat3 cellAtStart = Mat3::Identity();
};

// where each field of a state lives: a running Simulation's members, or StateParts being read
struct StateRefs {
    std::uint64_t* fingerprint;
    SimParams* params;
    World* world;
    NeighbourList* neighbours;
    EnergyLedger* ledger;
    BodySorter* sorter;
    ContactSums* contacts;
    std::array<bool, kDissipationChannels>* channelLoaded;
    long long* forceEvaluations;
    BodyEnergy* bodyEnergy;
    bool* bodyEnergyValid;
    std::vector<BondBreak>* bondBreaks;
    double* skin;
    double* cellReach;
    double* criticalDt;
    Mat3* cellAtStart;
};

// the one list of a state's fields, in order, for writer and reader alike
template <class A> void archiveState(A& a, const StateRefs& s)
{
    a.field("fingerprint", *s.fingerprint);
    a.field("params", *s.params);
    a.field("world", *s.world);
    a.field("neighbours", *s.neighbours);
    a.field("ledger", *s.ledger);
    a.field("sorter", *s.sorter);
    a.field("contacts", *s.contacts);
    a.field("channelLoaded", *s.channelLoaded);
    a.field("forceEvaluations", *s.forceEvaluations);
    a.field("bodyEnergy", *s.bodyEnergy);
    a.field("bodyEnergyValid", *s.bodyEnergyValid);
    a.field("bondBreaks", *s.bondBreaks);
    a.field("skin", *s.skin);
    a.field("cellReach", *s.cellReach);
    a.field("criticalDt", *s.criticalDt);
    a.field("cellAtStart", *s.cellAtStart);
}

// the per-body and per-member arrays all of one length, every index in range
std::string worldProblem(const World& w)
{
    const std::size_t n = w.size();
    const std::size_t m = w.memberCount();
    auto body = [n](std::size_t size) { return size == n; };
    auto optional = [n](std::size_t size) { return size == n || size == 0; };
    if (!body(w.radius.size()) || !body(w.mass.size()) || !body(w.invMass.size()) || !body(w.inertia.size()) ||
        !body(w.material.size()) || !body(w.type.size()) || !optional(w.motion.size()) || !body(w.velocity.size()) ||
        !body(w.orientation.size()) || !body(w.angularVelocity.size()) || !body(w.angularMomentum.size()) ||
        !body(w.force.size()) || !body(w.torque.size()) || !optional(w.bodyIds.size()) ||
        w.bodySlots.size() != w.bodyIds.size())
        return "the world's per-body arrays differ in length";
    for (std::size_t c = 0; c < kDissipationChannels; ++c)
        if (!optional(w.dissipativeForce[c].size()) || !optional(w.dissipativeTorque[c].size()))
            return "a dissipative load's array does not have one entry per body";
    if (w.memberOffset.size() != m || w.memberRadius.size() != m || w.memberPosition.size() != m)
        return "the world's per-member arrays differ in length";
    for (int b : w.memberBody)
        if (b < 0 || static_cast<std::size_t>(b) >= n)
            return "a member belongs to a body that does not exist";
    for (int k : w.material)
        if (k < 0 || static_cast<std::size_t>(k) >= w.materials.size())
            return "a body's material does not exist";
    for (const Wall& wall : w.walls)
        if (wall.material < 0 || static_cast<std::size_t>(wall.material) >= w.materials.size())
            return "a wall's material does not exist";
    for (std::size_t k = 0; k < w.bodyIds.size(); ++k) {
        const int id = w.bodyIds[k];
        if (id < 0 || static_cast<std::size_t>(id) >= n ||
            w.bodySlots[static_cast<std::size_t>(id)] != static_cast<int>(k))
            return "the body order is not a permutation";
    }
    const BondSet& b = w.bonds;
    const std::size_t bonds = b.size();
    if (b.stiffness.size() != bonds || b.rest.size() != bonds || b.strength.size() != bonds ||
        b.broken.size() != bonds || b.incremental.size() != bonds || (b.springs.size() != bonds && !b.springs.empty()))
        return "the bonds' arrays differ in length";
    for (const auto& pair : b.bodies)
        if (pair[0] < 0 || pair[1] < 0 || static_cast<std::size_t>(pair[0]) >= n ||
            static_cast<std::size_t>(pair[1]) >= n)
            return "a bond joins a body that does not exist";
    if (!b.partnerStart.empty() && b.partnerStart.size() != n + 1)
        return "the bonds' partner table does not have one entry per body";
    for (int k : b.partners)
        if (k < 0 || static_cast<std::size_t>(k) >= n)
            return "a bond partner does not exist";
    for (int k : b.partnerStart)
        if (k < 0 || static_cast<std::size_t>(k) > b.partners.size())
            return "the bonds' partner table points past its end";
    const std::size_t lanes = BondLawTable::kLanes * BondLawTable::kFields;
    if (b.law.bonds != bonds || b.law.breakable.size() != bonds ||
        b.law.values.size() != (bonds + BondLawTable::kLanes - 1) / BondLawTable::kLanes * lanes)
        return "the bonds' law table was laid out for another number of bonds";
    return {};
}

} // namespace

std::vector<unsigned char> Simulation::saveState() const
{
    std::vector<unsigned char> out;
    saveState(out);
    return out;
}

void Simulation::saveState(std::vector<unsigned char>& out) const
{
    if (isUnstable())
        throw StateError("the run is unstable (" + m_instability.message() +
                         "); a state from it could not be continued");
    // the writer only reads; the archive functions take non-const references because the
    // reader shares them
    auto& self = const_cast<Simulation&>(*this);
    StateWriter w(std::move(out));
    archiveState(w, StateRefs{&self.m_fingerprint, &self.m_params, &self.m_world, &self.m_neighbours, &self.m_ledger,
                              &self.m_sorter, &self.m_contacts, &self.m_channelLoaded, &self.m_forceEvaluations,
                              &self.m_bodyEnergy, &self.m_bodyEnergyValid, &self.m_bondBreaks, &self.m_skin,
                              &self.m_cellReach, &self.m_criticalDt, &self.m_cellAtStart});
    out = w.take();
}

void Simulation::restoreState(const unsigned char* bytes, std::size_t size)
{
    StateReader r(bytes, size);
    StateParts s;
    archiveState(r, StateRefs{&s.fingerprint, &s.params, &s.world, &s.neighbours, &s.ledger, &s.sorter, &s.contacts,
                              &s.channelLoaded, &s.forceEvaluations, &s.bodyEnergy, &s.bodyEnergyValid, &s.bondBreaks,
                              &s.skin, &s.cellReach, &s.criticalDt, &s.cellAtStart});
    if (r.remaining() != 0)
        throw StateError("the state goes on for " + std::to_string(r.remaining()) +
                         " bytes after its last field (damaged, or from another version)");
    if (s.fingerprint != m_fingerprint)
        throw StateError("the state was saved from another scene: its bodies, members, materials or walls differ "
                         "from this scene's (" +
                         std::to_string(s.world.size()) + " bodies in the state, " + std::to_string(m_world.size()) +
                         " in the scene)");
    s.params.threads = m_params.threads; // results do not depend on it: the run keeps its own
    if (const std::string err = s.params.validate(); !err.empty())
        throw StateError("field params: " + err);
    if (std::string p = worldProblem(s.world); !p.empty())
        throw StateError("field world: " + p);
    if (std::string p = s.neighbours.stateProblem(s.world); !p.empty())
        throw StateError("field neighbours: " + p);
    std::unique_ptr<TranslationScheme> translation = makeTranslationScheme(s.params.translation);
    std::unique_ptr<RotationScheme> rotation = makeRotationScheme(s.params.rotation);

    // from here on nothing throws but allocation
    m_params = std::move(s.params);
    m_translation = std::move(translation);
    m_rotation = std::move(rotation);
    m_fused = FusedPasses::fits(*m_translation, *m_rotation);
    m_world = std::move(s.world);
    m_neighbours = std::move(s.neighbours);
    m_ledger = s.ledger;
    m_sorter = std::move(s.sorter);
    m_contacts = s.contacts;
    m_channelLoaded = s.channelLoaded;
    m_forceEvaluations = s.forceEvaluations;
    m_bodyEnergy = s.bodyEnergy;
    m_bodyEnergyValid = s.bodyEnergyValid;
    m_bondBreaks = std::move(s.bondBreaks);
    m_skin = s.skin;
    m_cellReach = s.cellReach;
    m_criticalDt = s.criticalDt;
    m_cellAtStart = s.cellAtStart;
    m_instability = InstabilityReport{};

    // what follows from them, as the constructor sets it up
    const std::size_t n = m_world.size();
    m_table = ContactTable(m_world.materials);
    m_layout.analyse(m_world, m_table);
    m_blocks.invalidate();
    m_bodyChunks.resize(chunkCount(n, kBodyChunk));
    m_motion.resize(n);
    if (!m_fused || m_translation->multiStage() || m_world.cell)
        m_motion.keepStartPoses();
    m_stages.get<DriveStage>().set(m_world.hasHeldBodies());
}

} // namespace tumble
