#include "sim/Simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <unsupported/Eigen/MatrixFunctions>

#include "bond/BondLoads.h"
#include "integrate/IntegratorRegistry.h"
#include "io/NumberFormat.h"
#include "model/OnStepKinematics.h"
#include "parallel/Chunks.h"
#include "scene/SceneLimits.h"
#include "sim/ChunkPasses.h"
#include "sim/CriticalTimestep.h"
#include "sim/FusedPasses.h"
#include "sim/OnStepConversion.h"
#include "sim/PassContext.h"
#include "sim/SceneFingerprint.h"

namespace tumble {

namespace {

// a run is a runaway once its balance error exceeds this many times the scene's energy scale
constexpr double kRunawayFactor = InstabilityReport::kRunawayFactor;
// the runaway test needs an O(n) energy sum, so it runs every this many steps
constexpr long long kRunawayCheckInterval = 64;

} // namespace

Simulation::Simulation(World world, SimParams params) : m_world(std::move(world)), m_params(std::move(params))
{
    if (const std::string err = m_params.validate(); !err.empty())
        throw ParameterError(err);
    m_fingerprint = tumble::sceneFingerprint(m_world); // before the bodies are sorted
    m_translation = makeTranslationScheme(m_params.translation);
    m_rotation = makeRotationScheme(m_params.rotation);
    m_fused = FusedPasses::fits(*m_translation, *m_rotation);
    // a scene gives on-step velocities
    m_world.velocityTiming = VelocityTiming::OnStep;
    m_world.angularTiming = VelocityTiming::OnStep;
    for (std::size_t i = 0; i < m_world.size(); ++i)
        m_world.angularVelocity[i] = m_world.angularVelocityFromMomentum(i);
    m_table = ContactTable(m_world.materials);
    // damping channels that are off hold no loads: no memory for them until switched on
    m_world.dissipativeForce[kLocalDamping].clear();
    m_world.dissipativeTorque[kLocalDamping].clear();
    m_world.dissipativeForce[kViscous].clear();
    m_world.dissipativeTorque[kViscous].clear();
    const bool held = m_world.hasHeldBodies();
    if (!held) {
        m_world.dissipativeForce[kDrive].clear();
        m_world.dissipativeTorque[kDrive].clear();
    }
    m_stages.get<DriveStage>().set(held);
    m_channelLoaded = {true, false, false, held};
    DampingStage::ensureChannels(m_world, m_params);
    m_world.shrinkToFit();

    double meanRadius = 0.0;
    for (double r : m_world.memberRadius)
        meanRadius += r;
    meanRadius = m_world.memberCount() > 0 ? meanRadius / static_cast<double>(m_world.memberCount()) : 1.0;
    m_skin = m_params.skinFraction * meanRadius;
    m_criticalDt = criticalTimestep(m_world);

    const std::size_t n = m_world.size();
    if (BodySorter::applies(m_params.sortBodies, n))
        m_sorter.sort(m_world, m_neighbours);
    m_layout.analyse(m_world, m_table);
    m_bodyChunks.resize(chunkCount(n, kBodyChunk));
    m_nextChunks.resize(m_bodyChunks.size());
    if (m_params.threads > 1)
        m_pool = std::make_unique<ThreadPool>(m_params.threads);
    m_motion.resize(n);
    // (a deforming cell's medium-carried steps take the schemes' own passes, which read them)
    if (!m_fused || m_translation->multiStage() || m_world.cell)
        m_motion.keepStartPoses();

    if (m_world.cell) {
        // the search needs the cell wider than twice the reach 2 R_max + skin (one image of a
        // pair in reach); the loader keeps bodies under half its width, the skin takes what is left
        double rMax = 0.0;
        for (double r : m_world.memberRadius)
            rMax = std::max(rMax, r);
        // a bond meets its partner's nearest image (PeriodicCell::nearestImage): its length, too,
        // stays under half the width, with a skin for a step's stretch (cellWideEnough)
        double longestBond = 0.0;
        for (std::size_t k = 0; k < m_world.bonds.size(); ++k)
            longestBond = std::max(longestBond, (m_world.bondPartnerPosition(k) -
                                                 m_world.position[static_cast<std::size_t>(m_world.bonds.bodies[k][0])])
                                                    .norm());
        const double room = 0.5 * m_world.cell->narrowestPeriodicWidth() - std::max(2.0 * rMax, longestBond);
        m_skin = std::min(m_skin, std::max(0.9 * room, 1e-3 * rMax));
        m_cellReach = 2.0 * rMax + m_skin;
        // clumps may be turned by the medium (now or after a live change): the medium torque's
        // channel, sized once (MediumStage; zero force, the torque on clumps only)
        if (std::find(m_world.type.begin(), m_world.type.end(), BodyType::Clump) != m_world.type.end()) {
            m_world.dissipativeForce[kMedium].assign(n, Vec3::Zero());
            m_world.dissipativeTorque[kMedium].assign(n, Vec3::Zero());
        }
        prepareMedium(); // the first evaluation's damping and medium torque see the medium
        wrapBodies();
        m_cellAtStart = m_world.cell->vectors();
    }
    m_world.updateMemberPositions();
    updateNeighbours();
    evaluateForces(true, false);
    m_ledger.reset(m_world, elasticEnergy(), m_params.dt);
    if (m_world.cell) {
        m_ledger.raiseScale(flowEnergy(m_world.cell->gradient()));
        for (const GradientKnot& k : m_world.cell->schedule().knots())
            m_ledger.raiseScale(flowEnergy(k.gradient));
    }
    // e.g. the leapfrog's first half kick (Woo's adjVel0)
    OnStepConversion::fromOnStep(m_world, m_params.dt, *m_translation, *m_rotation);
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

void Simulation::sortBodies()
{
    if (!m_sorter.sort(m_world, m_neighbours))
        return;
    m_layout.findMemberStarts(m_world);
    m_blocks.invalidate(); // the blocks belong to the old numbering
}

void Simulation::sortBodiesIfDue()
{
    if (BodySorter::applies(m_params.sortBodies, m_world.size()) && !isUnstable() && m_sorter.due(m_neighbours))
        sortBodies();
}

void Simulation::updateNeighbours()
{
    if (m_neighbours.needsRebuild(m_world))
        m_neighbours.build(m_world, m_table, m_skin, m_pool.get());
}

ElasticEnergy Simulation::elasticEnergy() const
{
    ElasticEnergy e;
    e.normal = m_contacts.elasticNormal;
    e.tangential = m_contacts.elasticTangential;
    e.rolling = m_contacts.elasticRolling;
    e.bond[0] = m_contacts.bondNormal;
    e.bond[1] = m_contacts.bondShear;
    e.bond[2] = m_contacts.bondTwist;
    e.bond[3] = m_contacts.bondBend;
    return e;
}

bool Simulation::onStepEstimate(bool inStep) const
{
    // Woo's local damping takes the sign of the on-step velocity; with half-step velocities at
    // force evaluation it is estimated (outside a step, e.g. at construction, the bodies hold
    // on-step velocities already)
    return m_params.localDampingVariant == LocalDampingVariant::Woo && inStep &&
           m_translation->velocityAtForceEvaluation() == VelocityTiming::HalfStep;
}

void Simulation::startEvaluation(bool inStep)
{
    ++m_forceEvaluations;
    if (const std::optional<PeriodicCell>& cell = m_world.cell)
        m_neighbours.updateImages(cell->vectors(), cell->gradient(), inStep ? m_cellAtStart : cell->vectors());
    // clumps in a turning medium-carried cell get the medium's torque (MediumStage)
    const MediumStep& medium = m_world.medium;
    const bool mediumTorque = medium.carries && !medium.spin.isZero(0.0) && !m_world.dissipativeTorque[kMedium].empty();
    m_stages.get<MediumStage>().set(mediumTorque);
    m_stages.get<ContactStage>().elastic = ElasticSums::Summed; // (a step nobody samples skips them)
    m_stages.get<WallStage>().elastic = ElasticSums::Summed;
    m_channelLoaded = {true, m_params.localDamping > 0.0, m_params.viscousDamping > 0.0, m_world.hasHeldBodies(),
                       mediumTorque};
    // a single-stage step's damping load acts on a kick of dt and is booked against the step
    // just taken (DampingStage::Finish::keepOpposing); RK4 books each stage's power with the
    // stage's own velocity, which its load opposes already
    const bool singleStage = inStep && !m_translation->multiStage();
    m_stages.get<DampingStage>().set(m_params, onStepEstimate(inStep),
                                     singleStage ? m_motion.displacement().data() : nullptr,
                                     singleStage ? m_motion.rotation().data() : nullptr);
}

void Simulation::bookContactLosses(bool inStep)
{
    m_ledger.addDissipated(DissipationMechanism::Friction, m_contacts.friction);
    m_ledger.addDissipated(DissipationMechanism::Rolling, m_contacts.rolling);
    m_ledger.addDissipated(DissipationMechanism::Stiffness, m_contacts.stiffness);
    if (m_contacts.bondsBroken > 0)
        removeBrokenBonds(inStep);
}

void Simulation::removeBrokenBonds(bool inStep)
{
    // between steps, on one thread: the bonds that broke in the evaluation just committed go,
    // and the two spheres may meet through the contact law from the next step on
    // (a step's end-of-step evaluation comes before its time and step count advance).
    //
    // What a broken bond released. A single-stage scheme takes the loads of the end-of-step state
    // into its next kick, so a bond found broken there acted over the step with its start loads
    // only: the ledger books its work with the trapezoid, as for every dissipative load (half the
    // start load against the step's motion, nothing at the end), and the bond released what it
    // held at the start less that work, U0 - 1/2 (F0 . dx + T0 . phi) summed over both bodies.
    // Booking the end state's energy instead would leave a first-order error in the balance. A
    // multi-stage scheme (RK4) had the bond in every stage of the step: it released the end
    // state's energy. In a periodic cell body 2 is its image nearest body 1, x2 + H n, which
    // moved by its own displacement plus (H - H_start) n over the step (the bond stage's view).
    World& w = m_world;
    BondSet& bonds = w.bonds;
    const double time = inStep ? w.time + m_params.dt : w.time;
    const long long step = inStep ? w.step + 1 : w.step;
    const bool trapezoid = inStep && !m_translation->multiStage();
    const StepMotion motion = m_motion.view();
    double released = 0.0;
    bonds.removeBroken(w.size(), [&](std::size_t k) {
        const std::size_t i = static_cast<std::size_t>(bonds.bodies[k][0]);
        const std::size_t j = static_cast<std::size_t>(bonds.bodies[k][1]);
        const auto energy = [](const BondLoads& l) {
            return ((l.energy[kBondNormal] + l.energy[kBondShear]) + l.energy[kBondTwist]) + l.energy[kBondBend];
        };
        const std::size_t body[2] = {i, j};
        const Vec3 x[2] = {w.position[i], w.bondPartnerPosition(k)};
        Vec3 dx[2] = {Vec3::Zero(), Vec3::Zero()};
        if (inStep) {
            dx[0] = motion.displacement[i];
            dx[1] = motion.displacement[j];
            if (w.cell)
                dx[1] += (w.cell->vectors() - m_cellAtStart) * imageVector(w.imageNear(j, x[0]));
        }
        double e = 0.0;
        if (trapezoid) {
            Vec3 x0[2];
            Quat q0[2];
            for (int s = 0; s < 2; ++s) {
                x0[s] = x[s] - dx[s];
                q0[s] = rotationQuaternion(-motion.rotation[body[s]]) * w.orientation[body[s]];
            }
            // (an incremental bond's springs are still those committed at the step's start)
            const BondLoads start = bonds.loads(k, x0[0], q0[0], x0[1], q0[1]);
            double work = 0.0;
            for (int s = 0; s < 2; ++s)
                work += start.force[s].dot(dx[s]) + start.torque[s].dot(motion.rotation[body[s]]);
            e = energy(start) - 0.5 * work;
        } else {
            // the end state: an incremental bond's springs stepped over the step
            const Vec3 zero = Vec3::Zero();
            e = energy(bonds.loads(k, x[0], w.orientation[i], x[1], w.orientation[j], dx[0],
                                   inStep ? motion.rotation[i] : zero, dx[1], inStep ? motion.rotation[j] : zero));
        }
        released += e;
        BondBreak b;
        b.time = time;
        b.step = step;
        b.bodies[0] = w.bodyId(i);
        b.bodies[1] = w.bodyId(j);
        const Vec3 e1 = w.orientation[i] * bonds.rest[k].axis[0];
        b.point = w.position[i] - bonds.rest[k].rho[0] * e1;
        b.energy = e;
        m_bondBreaks.push_back(b);
    });
    m_ledger.addDissipated(DissipationMechanism::BondBreaking, released);
    m_blocks.invalidate();
    m_neighbours.build(w, m_table, m_skin, m_pool.get());
}

void Simulation::evaluateForces(bool endOfStep, bool inStep)
{
    // every stage over every body at once, in list order
    World& w = m_world;
    const std::size_t n = w.size();
    const auto terms = m_stages.bodyTerms(w);
    for (std::size_t i = 0; i < n; ++i) {
        terms.start(i);
        w.torque[i].setZero();
    }
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (!m_channelLoaded[c])
            continue; // still zero from the last evaluation
        std::fill(w.dissipativeForce[c].begin(), w.dissipativeForce[c].end(), Vec3::Zero());
        std::fill(w.dissipativeTorque[c].begin(), w.dissipativeTorque[c].end(), Vec3::Zero());
    }
    startEvaluation(inStep);
    m_contacts = m_stages.block(w, m_neighbours, m_motion.view(), endOfStep, ContactBlocks::all(w, m_neighbours));
    if (endOfStep)
        bookContactLosses(inStep);
    if (m_stages.finishing()) {
        const auto finish = m_stages.finishingTerms(w);
        for (std::size_t i = 0; i < n; ++i)
            finish.finish(i);
    }
}

bool Simulation::evaluateStage(World&, double elapsed, bool endOfStep)
{
    World& w = m_world;
    if (w.cell) {
        // the cell where the trial state has it
        const MediumStep& m = w.medium;
        const Mat3 map = elapsed == m.dt         ? m.map
                         : elapsed == 0.5 * m.dt ? m.halfMap
                                                 : Mat3((elapsed * m.gradient).exp());
        w.cell->placeAt(map * m_cellAtStart);
    }
    // a non-finite position must not reach the broad phase (its cell index would be garbage)
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (!w.position[i].allFinite()) {
            m_instability.nonFinitePosition(w, i, m_params.dt);
            return false;
        }
    }
    m_motion.update(w);
    w.updateMemberPositions();
    updateNeighbours();
    evaluateForces(endOfStep, true);
    return true;
}

ChannelWork Simulation::dissipativePower(const World& w) const
{
    ChannelWork p{};
    const bool moves = w.cell && w.cell->deforming();
    const Mat3 l = moves ? w.cell->gradient() : Mat3(Mat3::Zero());
    const Vec3 spin = moves && w.cell->model() == CellModel::MediumCarried ? w.cell->spin() : Vec3(Vec3::Zero());
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (!m_channelLoaded[c])
            continue;
        if (moves) {
            // against the motion relative to the medium, as the single-stage passes book it
            for (std::size_t i = 0; i < w.size(); ++i)
                p[c] += w.dissipativeForce[c][i].dot(w.velocity[i] - l * w.position[i]) +
                        w.dissipativeTorque[c][i].dot(w.angularVelocity[i] - spin);
            continue;
        }
        for (std::size_t i = 0; i < w.size(); ++i)
            p[c] += w.dissipativeForce[c][i].dot(w.velocity[i]) + w.dissipativeTorque[c][i].dot(w.angularVelocity[i]);
    }
    const CellPower cell = cellPower();
    p[kDashpot] += cell.dashpot;
    p[kDrive] += cell.medium; // booked as external work, like the drive's
    return p;
}

double Simulation::flowEnergy(const Mat3& gradient) const
{
    const World& w = m_world;
    const Vec3 centre = 0.5 * w.cell->vectors() * Vec3::Ones();
    const Vec3 spin = PeriodicCell::spinOf(gradient);
    double e = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i)
        e += 0.5 * w.mass[i] * (gradient * (w.position[i] - centre)).squaredNorm() +
             0.5 * spin.dot(angularMomentum(w.inertia[i], w.orientation[i], spin));
    return e;
}

Simulation::CellPower Simulation::cellPower() const
{
    const World& w = m_world;
    if (!w.cell || !w.cell->deforming())
        return {};
    // docs/PERIODIC.md "The cell's work": with G the part of L that moves contacts relative to
    // the bodies' fluctuation motion (the strain rate D when the bodies turn with the medium, L
    // under Lees-Edwards), the medium works at -W : G, the dashpots' share W_d : G is theirs
    const PeriodicCell& cell = *w.cell;
    const Mat3& l = cell.gradient();
    const bool carried = cell.model() == CellModel::MediumCarried;
    const Mat3 g = carried ? Mat3(0.5 * (l + l.transpose())) : l;
    CellPower p;
    p.medium = -m_contacts.virial.cwiseProduct(g).sum();
    p.dashpot = m_contacts.dashpotVirial.cwiseProduct(g).sum();
    if (carried && !cell.spin().isZero(0.0) && !w.dissipativeTorque[kMedium].empty()) {
        // the medium moves w_L . (w_f x l_f) into a clump's spin relative to it: the work of its
        // torque (channel kMedium, as applied) plus this term of the state, -w_f . (w_L x I w_L)
        const Vec3 spin = cell.spin();
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (w.type[i] != BodyType::Clump)
                continue;
            const Vec3 omega = onStepKinematics(w, i, m_params.dt).angularVelocity - spin;
            p.medium -= omega.dot(spin.cross(angularMomentum(w.inertia[i], w.orientation[i], spin)));
        }
    }
    const bool gravity = !w.gravity.isZero(0.0);
    if (!carried || gravity) {
        for (std::size_t i = 0; i < w.size(); ++i) {
            // (Lees-Edwards) the medium's acceleration seen from it, -m u . L v; gravity's potential
            // changing with the medium's motion, -m g . L x
            const Vec3 lx = l * w.position[i];
            if (!carried) {
                const Vec3 v = onStepKinematics(w, i, m_params.dt).velocity;
                p.medium -= w.mass[i] * (v - lx).dot(l * v);
            }
            if (gravity)
                p.medium -= w.mass[i] * w.gravity.dot(lx);
        }
    }
    return p;
}

void Simulation::bookChannelWork(const ChannelWork& work)
{
    m_ledger.addDissipated(DissipationMechanism::Dashpot, -work[kDashpot]);
    m_ledger.addDissipated(DissipationMechanism::LocalDamping, -work[kLocalDamping]);
    m_ledger.addDissipated(DissipationMechanism::Viscous, -work[kViscous]);
    m_ledger.addExternalWork(work[kDrive] + work[kMedium]);
}

void Simulation::step()
{
    advance(false);
}

void Simulation::advance(bool joinNext)
{
    const bool begun = std::exchange(m_begun, false);
    if (isUnstable())
        return;
    prepareMedium();
    wrapBodies();
    if (m_world.cell)
        m_cellAtStart = m_world.cell->vectors();
    if (m_translation->multiStage())
        multiStageStep();
    else
        singleStageStep(begun, joinNext);
}

void Simulation::prepareMedium()
{
    World& w = m_world;
    if (!w.cell)
        return;
    // a prescribed L(t): the step takes its mean over the step, bodies carried as by a live change
    if (!w.cell->schedule().empty()) {
        const Mat3 l = w.cell->schedule().meanOver(w.time, m_params.dt);
        if (l != w.cell->gradient())
            changeVelocityGradient(l);
    }
    // the step map depends on dt, L and the model only: recomputed when one of them changed
    const PeriodicCell& cell = *w.cell;
    const bool carries = cell.deforming() && cell.model() == CellModel::MediumCarried;
    if (w.medium.dt != m_params.dt || w.medium.gradient != cell.gradient() || w.medium.carries != carries)
        w.medium = cell.step(m_params.dt);
}

void Simulation::advanceCell()
{
    World& w = m_world;
    if (!w.cell)
        return;
    w.cell->placeAt(m_cellAtStart); // (a multi-stage step's trial stages moved it)
    const Mat3 moved = w.medium.map * m_cellAtStart;
    if (w.cell->advance(w.medium)) {
        // a flip renumbered the images (H M, M an integer matrix): the step's start in the new
        // numbering, so an image's motion over the step, (H - H_start) n, stays that image's
        const Mat3 m = (moved.inverse() * w.cell->vectors()).array().round().matrix();
        m_cellAtStart = m_cellAtStart * m;
    }
}

bool Simulation::cellWideEnough()
{
    const World& w = m_world;
    if (!w.cell)
        return true;
    // (the bonds' reach: their longest at the last evaluation, which a step stretches by less
    // than the skin)
    const double bondReach = w.bonds.empty() ? 0.0 : m_contacts.longestBond + m_skin;
    const double width = w.cell->narrowestPeriodicWidth();
    if (width > 2.0 * std::max(m_cellReach, bondReach))
        return true;
    m_instability.cellTooNarrow(w, width, std::max(m_cellReach, bondReach), bondReach > m_cellReach);
    return false;
}

void Simulation::wrapBodies()
{
    World& w = m_world;
    if (!w.cell)
        return;
    const PeriodicCell& cell = *w.cell;
    bool moved = false;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const Vec3 s = cell.fractional(w.position[i]);
        ImageShift n{0, 0, 0};
        bool out = false;
        for (int k = 0; k < 3; ++k) {
            if (cell.periodic(k) && (s[k] < -0.25 || s[k] >= 1.25)) {
                n[static_cast<std::size_t>(k)] = static_cast<int>(std::floor(s[k]));
                out = true;
            }
        }
        if (!out)
            continue;
        // the image n periods back is the same body: its position and its velocity there
        w.position[i] -= cell.shift(n);
        w.velocity[i] -= cell.shiftVelocity(n);
        moved = true;
    }
    if (moved)
        w.updateMemberPositions(); // (the neighbour list sees a whole period's move and rebuilds)
}

void Simulation::run(long long steps, const std::function<void()>& afterStep, long long energyEvery)
{
    if (energyEvery < 1)
        throw std::invalid_argument("Simulation::run: energyEvery must be at least 1");
    // without afterStep nobody reads energy() before the last step, which is never joined
    m_energyEvery = afterStep ? energyEvery : std::numeric_limits<long long>::max();
    // however the loop ends (an instability, a failed step or caller), the next step begins on
    // its own and sums its energy: m_begun is true only between two steps of this loop
    struct Reset {
        Simulation& sim;
        ~Reset()
        {
            sim.m_begun = false;
            sim.m_energyEvery = 1;
        }
    } reset{*this};
    for (long long k = 0; k < steps && !isUnstable(); ++k) {
        // the last step is never joined: the caller looks at the state after it
        advance(k + 1 < steps);
        if (afterStep && !isUnstable())
            afterStep();
    }
}

void Simulation::multiStageStep()
{
    World& w = m_world;
    const double dt = m_params.dt;
    m_bodyEnergyValid = false;
    m_motion.markStart(w);
    ChannelWork work{};
    if (!m_translation->advance(w, dt, *this, work) || isUnstable()) {
        if (w.cell)
            w.cell->placeAt(m_cellAtStart);
        return;
    }
    advanceCell();
    if (!cellWideEnough())
        return;
    w.time += dt;
    ++w.step;
    bookChannelWork(work);
    checkStability();
    sortBodiesIfDue();
}

PassContext Simulation::passContext()
{
    return PassContext{m_world,  m_params.dt,  *m_translation, *m_rotation, m_motion,
                       m_layout, m_neighbours, m_blocks,       m_stages,    m_channelLoaded};
}

bool Simulation::beginPass(const PassContext& p, std::size_t c)
{
    BodyChunk& r = m_bodyChunks[c];
    // the fused passes drift by x + dt v and count the lab motion: a moving medium takes the schemes' own
    return m_fused && !m_world.medium.moves ? FusedPasses::begin(p, c, r) : ChunkPasses::begin(p, c, r);
}

void Simulation::endPass(const PassContext& p, std::size_t c, bool gather)
{
    // the fused end pass takes on-step velocities (a scheme switch may leave half-step ones for a step)
    const World& w = m_world;
    BodyChunk& r = m_bodyChunks[c];
    if (m_fused && !w.medium.moves && w.velocityTiming == VelocityTiming::OnStep &&
        w.angularTiming == VelocityTiming::OnStep)
        FusedPasses::end(p, c, r, gather);
    else
        ChunkPasses::end(p, c, r, gather);
}

ContactSums Simulation::blockContacts(std::size_t c)
{
    return m_stages.block(m_world, m_neighbours, m_motion.view(), true, m_blocks.block(c, m_world.size()));
}

void Simulation::contactPass()
{
    const std::size_t chunks = m_bodyChunks.size();
    m_blockSums.resize(chunks); // sized with the chunks, once
    auto block = [&](std::size_t c) { m_blockSums[c] = blockContacts(c); };
    if (m_layout.membersByBody)
        forChunks(chunks, block);
    else
        for (std::size_t c = 0; c < chunks; ++c)
            block(c);
    sumBlocks();
}

void Simulation::endAndBegin(const PassContext& p, std::size_t c, bool gather, bool join)
{
    endPass(p, c, gather);
    // the chunk's next begin pass while its bodies are in this core's cache; a chunk gone
    // non-finite stays as its end pass left it (the step reports it)
    if (join && !m_bodyChunks[c].bad)
        FusedPasses::begin(p, c, m_nextChunks[c]);
}

bool Simulation::mayJoinNext() const
{
    const World& w = m_world;
    // the fused passes (beginPass, endPass); no cell, whose medium and wrap come between steps;
    // no bonds, whose release reads the step's motion after the end pass; no runaway check (it
    // may stop the run, the state on step) and no sort after this step
    return m_fused && !w.cell && !w.medium.moves && w.bonds.empty() && w.velocityTiming == VelocityTiming::OnStep &&
           w.angularTiming == VelocityTiming::OnStep && (w.step + 1) % kRunawayCheckInterval != 0 &&
           !(BodySorter::applies(m_params.sortBodies, w.size()) && m_sorter.due(m_neighbours));
}

void Simulation::contactAndEndPassInOrder(const PassContext& p, bool join)
{
    // contactPass, then endPass of every chunk, on one thread: each chunk's end pass follows its
    // block at once, while its bodies are in cache. A pair's member j never lies in an earlier
    // chunk than its member i, so by then every block that reads the chunk's bodies or leaves
    // loads for them is done, and the end pass sees what it would after the whole contact pass.
    // (On several threads a chunk's end pass would wait for blocks on other threads, and the
    // waits cost more than the cache saves.)
    const std::size_t chunks = m_bodyChunks.size();
    m_blockSums.resize(chunks); // sized with the chunks, once
    // (a chunk's bodies are read by no later block either: its next begin pass may follow)
    for (std::size_t c = 0; c < chunks; ++c) {
        m_blockSums[c] = blockContacts(c);
        endAndBegin(p, c, true, join);
    }
    sumBlocks();
}

void Simulation::sumBlocks()
{
    // in chunk order: the same sums for any thread count
    ContactSums total;
    for (const ContactSums& c : m_blockSums)
        total.add(c);
    m_contacts = total;
}

void Simulation::singleStageStep(bool begun, bool joinNext)
{
    World& w = m_world;
    const double dt = m_params.dt;
    m_bodyEnergyValid = false;
    const CellPower cellAtStart = cellPower();
    const std::size_t chunks = m_bodyChunks.size();
    PassContext p = passContext();
    if (begun)
        ++m_joinedSteps;
    else
        forChunks(chunks, [this, &p](std::size_t c) { beginPass(p, c); });
    advanceCell();
    if (!cellWideEnough())
        return;
    bool rebuild = false;
    for (const BodyChunk& r : m_bodyChunks) {
        if (r.bad) {
            m_instability.nonFinitePosition(w, r.firstBad, dt);
            return;
        }
        rebuild = rebuild || r.rebuild;
    }
    if (!m_layout.membersByBody || w.cell) {
        // (a periodic cell's images move as it deforms: its own test, NeighbourList::needsRebuild)
        w.updateMemberPositions();
        rebuild = m_neighbours.needsRebuild(w);
    }
    if (rebuild)
        m_neighbours.build(w, m_table, m_skin, m_pool.get());
    if (!m_blocks.current(m_neighbours))
        m_blocks.build(w, m_neighbours, chunks, m_layout.membersByBody);

    startEvaluation(true);
    const bool join = joinNext && mayJoinNext();
    // a step that is not joined leaves the state on step, and its energy may be read at any time
    p.bodyEnergy = !join || (w.step + 1) % m_energyEvery == 0;
    // likewise the springs' elastic energy (their losses are booked every step)
    const ElasticSums elastic = p.bodyEnergy ? ElasticSums::Summed : ElasticSums::Skipped;
    m_stages.get<ContactStage>().elastic = elastic;
    m_stages.get<WallStage>().elastic = elastic;
    if (m_layout.membersByBody && !m_pool) {
        contactAndEndPassInOrder(p, join);
    } else {
        contactPass();
        const bool gather = m_layout.membersByBody;
        forChunks(chunks, [this, &p, gather, join](std::size_t c) { endAndBegin(p, c, gather, join); });
    }
    bookContactLosses(true);

    ChannelWork work{};
    BodyEnergy energy;
    for (const BodyChunk& r : m_bodyChunks)
        for (int ch = 0; ch < kDissipationChannels; ++ch)
            work[ch] += r.beginWork[ch];
    for (const BodyChunk& r : m_bodyChunks) {
        for (int ch = 0; ch < kDissipationChannels; ++ch)
            work[ch] += r.endWork[ch];
        energy.add(r.energy);
    }
    if (w.medium.moves) {
        // the medium's work and the dashpots' share of it, by the trapezoid like the loads'
        const CellPower end = cellPower();
        work[kDashpot] += 0.5 * (cellAtStart.dashpot + end.dashpot) * dt;
        work[kDrive] += 0.5 * (cellAtStart.medium + end.medium) * dt;
    }
    w.time += dt;
    ++w.step;
    bookChannelWork(work);
    for (const BodyChunk& r : m_bodyChunks) {
        if (r.bad) {
            m_instability.nonFiniteVelocity(w, r.firstBad, m_params.dt);
            return;
        }
    }
    m_bodyEnergy = energy;
    m_bodyEnergyValid = p.bodyEnergy;
    checkRunaway();
    sortBodiesIfDue();
    if (join && !isUnstable()) {
        std::swap(m_bodyChunks, m_nextChunks); // the next step's begin pass is done
        m_begun = true;
    }
}

void Simulation::checkStability()
{
    const World& w = m_world;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (!w.velocity[i].allFinite() || !w.angularMomentum[i].allFinite() || !w.force[i].allFinite()) {
            m_instability.nonFiniteVelocity(w, i, m_params.dt);
            return;
        }
    }
    checkRunaway();
}

void Simulation::checkRunaway()
{
    const World& w = m_world;
    if (w.step % kRunawayCheckInterval != 0)
        return;
    const EnergySample s = energy();
    const double limit = kRunawayFactor * m_ledger.scale();
    if (!std::isfinite(s.balanceError) || std::abs(s.balanceError) > limit)
        m_instability.runaway(w, s.balanceError, kRunawayFactor, m_ledger.scale(), m_params.dt, m_criticalDt);
}

bool Simulation::checkEnergySample(const EnergySample& s)
{
    if (isUnstable())
        return false;
    // the every-64-steps test's criterion at every sample, so no runaway row is shown or written
    bool finite = std::isfinite(s.time) && std::isfinite(s.total()) && std::isfinite(s.dissipated) &&
                  std::isfinite(s.externalWork) && std::isfinite(s.balanceError);
    if (finite && std::abs(s.balanceError) <= kRunawayFactor * m_ledger.scale())
        return true;
    // a joined step's bodies are in the next step already: the liveliest as its end pass saw them
    // (the step's own chunks are the swapped-out ones)
    LiveliestBody lively;
    if (m_begun)
        for (const BodyChunk& r : m_nextChunks)
            lively.add(r.liveliest);
    else
        lively = LiveliestBody::of(m_world);
    m_instability.runaway(m_world, lively, s.balanceError, kRunawayFactor, m_ledger.scale(), m_params.dt, m_criticalDt);
    return false;
}

EnergySample Simulation::energy() const
{
    if (m_bodyEnergyValid)
        return m_ledger.sample(m_bodyEnergy, elasticEnergy(), m_world.step, m_world.time);
    // the bodies are in the next step already, and this step's sums were skipped
    if (m_begun)
        throw std::logic_error("Simulation::energy read after step " + std::to_string(m_world.step) +
                               ", which run() was told nobody samples (energyEvery " + std::to_string(m_energyEvery) +
                               ")");
    return m_ledger.sample(m_world, elasticEnergy(), m_params.dt);
}

LiveChange Simulation::apply(const LiveParams& change)
{
    // the whole change, validated with the one set of rules before anything moves
    if (change.dt && change.dtFactor)
        throw ParameterError("give dt in seconds or as a factor of the critical timestep, not both");
    if (change.dtFactor) {
        if (!(std::isfinite(m_criticalDt) && m_criticalDt > 0.0))
            throw ParameterError("dt as a factor of the critical timestep needs a finite critical timestep; this "
                                 "scene has none (no contacts), give dt in seconds");
        if (!(std::isfinite(*change.dtFactor) && *change.dtFactor > 0.0))
            throw ParameterError("the dt factor must be a positive number, got " + std::to_string(*change.dtFactor));
    }
    const SimParams next = change.over(m_params, m_criticalDt);
    if (const std::string err = next.validate(); !err.empty())
        throw ParameterError(err);
    if (change.velocityGradient) {
        if (!m_world.cell)
            throw ParameterError("a velocity gradient needs a periodic cell; this scene has none");
        const Mat3& l = *change.velocityGradient;
        if (!l.allFinite() || l.cwiseAbs().maxCoeff() > limits::kMaxStrainRate)
            throw ParameterError("every entry of the velocity gradient must be finite and within +-" +
                                 formatNumber(limits::kMaxStrainRate) + " 1/s");
    }

    LiveChange out;
    out.dt = next.dt != m_params.dt;
    out.translation = next.translation != m_params.translation;
    out.rotation = next.rotation != m_params.rotation;
    out.localDamping =
        next.localDamping != m_params.localDamping || next.localDampingVariant != m_params.localDampingVariant;
    out.viscousDamping = next.viscousDamping != m_params.viscousDamping;
    out.velocityGradient = change.velocityGradient && *change.velocityGradient != m_world.cell->gradient();
    if (!out.any())
        return out;
    out.markers = markerLabels(m_params, next, change.schemeLabel);
    if (out.velocityGradient)
        out.markers.push_back(velocityGradientLabel(*change.velocityGradient));

    if (out.dt || out.translation || out.rotation) {
        // half-step values belong to the old dt and schemes: move them on-step with the current
        // loads, switch, and re-centre them for the new ones (one conversion for the whole change)
        m_bodyEnergyValid = false;
        OnStepConversion::toOnStep(m_world, m_params.dt);
        if (out.translation || out.rotation) {
            m_translation = makeTranslationScheme(next.translation);
            m_rotation = makeRotationScheme(next.rotation);
            m_fused = FusedPasses::fits(*m_translation, *m_rotation);
            if (!m_fused || m_translation->multiStage())
                m_motion.keepStartPoses(); // (the first switch to such schemes allocates)
        }
        m_params = next;
        OnStepConversion::fromOnStep(m_world, m_params.dt, *m_translation, *m_rotation);
    } else {
        m_params = next;
    }
    if (out.localDamping || out.viscousDamping)
        DampingStage::ensureChannels(m_world, m_params);
    if (out.velocityGradient) {
        m_world.cell->setSchedule({}); // the user took over from the scene's schedule
        m_ledger.raiseScale(flowEnergy(*change.velocityGradient));
        changeVelocityGradient(*change.velocityGradient);
    }
    return out;
}

void Simulation::changeVelocityGradient(const Mat3& gradient)
{
    World& w = m_world;
    PeriodicCell& cell = *w.cell;
    if (cell.model() == CellModel::LeesEdwards) {
        // the bodies keep their lab velocities, so their velocities relative to the new medium,
        // whose kinetic energy the ledger counts, change: the change is work done by whoever
        // changed the medium's motion (docs/PERIODIC.md "A gradient that changes in time")
        const Mat3 dl = gradient - cell.gradient();
        double work = 0.0; // J
        for (std::size_t i = 0; i < w.size(); ++i) {
            const Vec3 v = onStepKinematics(w, i, m_params.dt).velocity;
            const Vec3 before = v - cell.gradient() * w.position[i];
            const Vec3 after = before - dl * w.position[i];
            work += 0.5 * w.mass[i] * (after.squaredNorm() - before.squaredNorm());
        }
        m_ledger.addExternalWork(work);
        m_bodyEnergyValid = false;
    }
    if (cell.model() == CellModel::MediumCarried) {
        // the bodies keep their fluctuation velocities and spins: each takes on the new medium's
        // velocity at its position and the new medium's spin (Woo's deltaSpinVec)
        const Mat3 dl = gradient - cell.gradient();
        const Vec3 dw = PeriodicCell::spinOf(gradient) - cell.spin();
        m_bodyEnergyValid = false;
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (w.hasHeldBodies() && w.motion[i] != BodyMotion::Free)
                continue;
            w.velocity[i] += dl * w.position[i];
            const Quat& q = w.orientation[i];
            w.angularMomentum[i] += angularMomentum(w.inertia[i], q, dw);
            w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
        }
    }
    cell.setGradient(gradient);
}

void Simulation::setDt(double dt)
{
    LiveParams c;
    c.dt = dt;
    apply(c);
}

void Simulation::setTranslationScheme(std::string_view name)
{
    LiveParams c;
    c.translation = std::string(name);
    apply(c);
}

void Simulation::setRotationScheme(std::string_view name)
{
    LiveParams c;
    c.rotation = std::string(name);
    apply(c);
}

void Simulation::setSchemes(std::string_view translation, std::string_view rotation)
{
    LiveParams c;
    c.translation = std::string(translation);
    c.rotation = std::string(rotation);
    apply(c);
}

void Simulation::setLocalDamping(double alpha, LocalDampingVariant variant)
{
    LiveParams c;
    c.localDamping = alpha;
    c.localDampingVariant = variant;
    apply(c);
}

void Simulation::setThreads(int threads)
{
    if (threads < 1 || threads > SimParams::kMaxThreads)
        throw ParameterError("threads must be between 1 and " + std::to_string(SimParams::kMaxThreads) + ", got " +
                             std::to_string(threads));
    if (threads == m_params.threads)
        return;
    m_pool.reset();
    if (threads > 1)
        m_pool = std::make_unique<ThreadPool>(threads);
    m_params.threads = threads;
}

void Simulation::setViscousDamping(double beta)
{
    LiveParams c;
    c.viscousDamping = beta;
    apply(c);
}

} // namespace tumble
