#include "sim/Simulation.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "integrate/Buss2ndOrder.h"
#include "integrate/IntegratorRegistry.h"
#include "integrate/VelocityVerlet.h"
#include "math/ExactZero.h"
#include "model/BodyOrder.h"
#include "parallel/Chunks.h"
#include "sim/CriticalTimestep.h"

namespace tumble {

namespace {

// a run is a runaway once its balance error exceeds this many times the scene's energy scale
constexpr double kRunawayFactor = 100.0;
// the runaway test needs an O(n) energy sum, so it runs every this many steps
constexpr long long kRunawayCheckInterval = 64;

// a buffer that would be full gets an eighth more (steady-state sizes fluctuate)
template <class V> void keepHeadroom(V& v, std::size_t n)
{
    if (v.capacity() < n + n / 16)
        v.reserve(n + n / 8);
}

double sign(double x)
{
    return (x > 0.0) - (x < 0.0);
}

// index of the first entry in [begin, end) where one of the arrays is not finite, end if none.
// 0 x is 0 for a finite x and NaN otherwise, and a sum of zeros cannot overflow: one
// branch-free sum per range, and a search only when it is NaN.
template <class... Arrays> std::size_t firstNonFinite(std::size_t begin, std::size_t end, const Arrays&... arrays)
{
    double zero = 0.0;
    for (std::size_t i = begin; i < end; ++i)
        zero += (0.0 * (arrays[i].sum() + ...));
    if (zero == 0.0)
        return end;
    for (std::size_t i = begin; i < end; ++i)
        if (!(arrays[i].allFinite() && ...))
            return i;
    return end;
}

// velocity Verlet with Buss's rotation (PFC's schemes): the step passes inline their per-body steps
bool isPfc(const TranslationScheme& t, const RotationScheme& r)
{
    return dynamic_cast<const VelocityVerlet*>(&t) && dynamic_cast<const Buss2ndOrder*>(&r);
}

} // namespace

Simulation::Simulation(World world, SimParams params) : m_world(std::move(world)), m_params(std::move(params))
{
    if (const std::string err = m_params.validate(); !err.empty())
        throw ParameterError(err);
    m_translation = makeTranslationScheme(m_params.translation);
    m_rotation = makeRotationScheme(m_params.rotation);
    m_pfcSchemes = isPfc(*m_translation, *m_rotation);
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
    m_channelLoaded = {true, false, false};
    ensureDampingChannels();
    m_world.shrinkToFit();

    double meanRadius = 0.0;
    for (double r : m_world.memberRadius)
        meanRadius += r;
    meanRadius = m_world.memberCount() > 0 ? meanRadius / static_cast<double>(m_world.memberCount()) : 1.0;
    m_skin = m_params.skinFraction * meanRadius;
    m_criticalDt = criticalTimestep(m_world);

    const std::size_t n = m_world.size();
    // bodies along a space-filling curve (scenes of at least two chunks: smaller ones fit in cache)
    if (m_params.sortBodies && n >= kSortMinBodies)
        sortBodies();
    // members sorted by body (every scene builds them so): a step moves them with their body
    m_membersByBody = true;
    for (std::size_t k = 1; k < m_world.memberCount(); ++k)
        m_membersByBody = m_membersByBody && m_world.memberBody[k - 1] <= m_world.memberBody[k];
    // one member per body at its centre (every all-sphere scene): members are copies of the bodies
    m_membersAreBodies = m_world.memberCount() == n;
    for (std::size_t k = 0; k < m_world.memberCount() && m_membersAreBodies; ++k)
        m_membersAreBodies = m_world.memberBody[k] == static_cast<int>(k) && m_world.memberOffset[k].isZero(0.0);
    // dashpots exert moments only off centre or through a tangential dashpot; whether a material
    // pair's law has one does not depend on the pair's effective radius and mass (1 m, 1 kg here)
    m_dashMoments = !m_membersAreBodies;
    for (std::size_t a = 0; a < m_table.materialCount(); ++a)
        for (std::size_t b = 0; b < m_table.materialCount(); ++b)
            m_dashMoments = m_dashMoments ||
                            (makeContactParams(m_table.law(static_cast<int>(a), static_cast<int>(b)), 1.0, 1.0).law &
                             kLawShearDashpot) != 0;
    m_spheres = m_membersAreBodies;
    for (std::size_t i = 0; i < n && m_spheres; ++i)
        m_spheres = Buss2ndOrder::isotropic(m_world.inertia[i]);
    findMemberStarts();
    m_bodyChunks.resize(chunkCount(n, kBodyChunk));
    if (m_params.threads > 1)
        m_pool = std::make_unique<ThreadPool>(m_params.threads);
    m_startPosition.resize(n);
    m_startOrientation.resize(n);
    m_stepDisplacement.assign(n, Vec3::Zero());
    m_stepRotation.assign(n, Vec3::Zero());
    markStepStart();

    m_world.updateMemberPositions();
    updateNeighbours();
    evaluateForces(true);
    m_ledger.reset(m_world, elasticEnergy(), m_params.dt);
    fromOnStep(); // e.g. the leapfrog's first half kick (Woo's adjVel0)
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

void Simulation::findMemberStarts()
{
    const std::size_t n = m_world.size();
    m_memberStart.assign(n + 1, 0);
    for (int b : m_world.memberBody)
        ++m_memberStart[static_cast<std::size_t>(b) + 1];
    for (std::size_t b = 0; b < n; ++b)
        m_memberStart[b + 1] += m_memberStart[b];
}

void Simulation::sortBodies()
{
    World& w = m_world;
    double rMax = 0.0;
    for (double r : w.memberRadius)
        rMax = std::max(rMax, r);
    // cells of about one grain: a cell's bodies are neighbours, a chunk a compact lump of cells
    mortonOrder(w, rMax > 0.0 ? 2.0 * rMax : 1.0, m_sortOrder, m_sortKeys);
    bool identity = true;
    for (std::size_t s = 0; s < m_sortOrder.size() && identity; ++s)
        identity = m_sortOrder[s] == static_cast<int>(s);
    m_sortedAtBuild = m_neighbours.buildCount();
    if (identity)
        return;
    w.permuteBodies(m_sortOrder, m_sortMemberOrder, m_permuteScratch);
    ++m_bodySorts;
    if (m_neighbours.buildCount() > 0) {
        m_sortNewMember.resize(m_sortMemberOrder.size());
        for (std::size_t k = 0; k < m_sortMemberOrder.size(); ++k)
            m_sortNewMember[static_cast<std::size_t>(m_sortMemberOrder[k])] = static_cast<int>(k);
        m_neighbours.renumberMembers(m_sortNewMember);
    }
    findMemberStarts();
    m_blocksBuild = -1; // the blocks belong to the old numbering
}

void Simulation::sortBodiesIfDue()
{
    if (m_params.sortBodies && m_world.size() >= kSortMinBodies && !isUnstable() &&
        m_neighbours.buildCount() - m_sortedAtBuild >= kSortEveryBuilds)
        sortBodies();
}

void Simulation::updateNeighbours()
{
    if (m_neighbours.needsRebuild(m_world))
        m_neighbours.build(m_world, m_table, m_skin);
}

void Simulation::markStepStart()
{
    std::copy(m_world.position.begin(), m_world.position.end(), m_startPosition.begin());
    std::copy(m_world.orientation.begin(), m_world.orientation.end(), m_startOrientation.begin());
}

void Simulation::updateStepMotion()
{
    updateStepMotion(0, m_world.size(), false);
}

void Simulation::updateStepMotion(std::size_t begin, std::size_t end, bool rotationKnown)
{
    const World& w = m_world;
    for (std::size_t i = begin; i < end; ++i)
        m_stepDisplacement[i] = w.position[i] - m_startPosition[i];
    if (rotationKnown)
        return; // the rotation scheme gave the rotation vectors
    for (std::size_t i = begin; i < end; ++i) {
        if (w.orientation[i].coeffs() == m_startOrientation[i].coeffs()) {
            m_stepRotation[i].setZero(); // did not turn (a sphere without friction)
            continue;
        }
        // rotation vector of q q0*, the short way round: 2 atan2(s, c) / s times its vector part
        Quat dq = w.orientation[i] * m_startOrientation[i].conjugate();
        if (dq.w() < 0.0)
            dq.coeffs() = -dq.coeffs();
        const double s2 = dq.vec().squaredNorm();
        const double c = dq.w();
        double scale;
        if (s2 < 1e-6 * c * c) {
            // a step's rotation is small: atan(x)/x = 1 - x^2/3 + x^4/5 (error x^6/7 < 1e-18)
            const double x2 = s2 / (c * c);
            scale = 2.0 / c * (1.0 - x2 / 3.0 + x2 * x2 / 5.0);
        } else {
            const double s = std::sqrt(s2);
            scale = 2.0 * std::atan2(s, c) / s;
        }
        m_stepRotation[i] = dq.vec() * scale;
    }
}

ElasticEnergy Simulation::elasticEnergy() const
{
    ElasticEnergy e;
    e.normal = m_contacts.elasticNormal;
    e.tangential = m_contacts.elasticTangential;
    e.rolling = m_contacts.elasticRolling;
    return e;
}

void Simulation::evaluateForces(bool endOfStep)
{
    World& w = m_world;
    ++m_forceEvaluations;
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.force[i] = w.mass[i] * w.gravity;
        w.torque[i].setZero();
    }
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (!m_channelLoaded[c])
            continue; // still zero from the last evaluation
        std::fill(w.dissipativeForce[c].begin(), w.dissipativeForce[c].end(), Vec3::Zero());
        std::fill(w.dissipativeTorque[c].begin(), w.dissipativeTorque[c].end(), Vec3::Zero());
    }
    m_channelLoaded = {true, m_params.localDamping > 0.0, m_params.viscousDamping > 0.0};
    m_contacts = addContactForces(w, m_neighbours, StepMotion{m_stepDisplacement, m_stepRotation}, endOfStep);
    if (endOfStep) {
        m_ledger.addDissipated(DissipationMechanism::Friction, m_contacts.friction);
        m_ledger.addDissipated(DissipationMechanism::Rolling, m_contacts.rolling);
        m_ledger.addDissipated(DissipationMechanism::Stiffness, m_contacts.stiffness);
    }

    if (m_params.localDamping > 0.0 || m_params.viscousDamping > 0.0) {
        // (outside a step, e.g. at construction, the bodies hold on-step velocities already)
        const bool onStepEstimate = m_params.localDampingVariant == LocalDampingVariant::Woo && m_inStep &&
                                    m_translation->velocityAtForceEvaluation() == VelocityTiming::HalfStep;
        for (std::size_t i = 0; i < n; ++i)
            applyDamping(i, onStepEstimate);
    }
}

void Simulation::applyDamping(std::size_t i, bool onStepEstimate)
{
    World& w = m_world;
    // local non-viscous damping (Cundall; Woo eq. 34): each component of the unbalanced load
    // is reduced by alpha |F_k| in the direction of the velocity component
    const double alpha = m_params.localDamping;
    if (alpha > 0.0) {
        // woo: on-step estimate v(t) = v(t - dt/2) + a(t) dt/2
        const double half = 0.5 * m_params.dt;
        const Vec3 v = onStepEstimate ? Vec3(w.velocity[i] + w.force[i] * (w.invMass[i] * half)) : w.velocity[i];
        Vec3 df, dt;
        for (int k = 0; k < 3; ++k) {
            df[k] = -alpha * std::abs(w.force[i][k]) * sign(v[k]);
            dt[k] = -alpha * std::abs(w.torque[i][k]) * sign(w.angularVelocity[i][k]);
        }
        w.force[i] += df;
        w.torque[i] += dt;
        w.dissipativeForce[kLocalDamping][i] = df;
        w.dissipativeTorque[kLocalDamping][i] = dt;
    }
    // global viscous damping: F = -beta m v, T = -beta I w
    const double beta = m_params.viscousDamping;
    if (beta > 0.0) {
        const Vec3 df = -beta * w.mass[i] * w.velocity[i];
        const Vec3 dt = -beta * w.angularMomentum[i];
        w.force[i] += df;
        w.torque[i] += dt;
        w.dissipativeForce[kViscous][i] = df;
        w.dissipativeTorque[kViscous][i] = dt;
    }
}

bool Simulation::evaluateStage(World&, bool endOfStep)
{
    if (!prepareStage())
        return false;
    evaluateForces(endOfStep);
    return true;
}

bool Simulation::prepareStage()
{
    World& w = m_world;
    // a non-finite position must not reach the broad phase (its cell index would be garbage)
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (!w.position[i].allFinite()) {
            std::ostringstream msg;
            msg << "unstable at step " << w.step + 1 << ", t = " << w.time + m_params.dt << " s: body " << w.bodyId(i)
                << " has a non-finite position";
            m_instability = msg.str();
            return false;
        }
    }
    updateStepMotion();
    w.updateMemberPositions();
    updateNeighbours();
    return true;
}

ChannelWork Simulation::dissipativePower(const World& w) const
{
    ChannelWork p{};
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (!m_channelLoaded[c])
            continue;
        for (std::size_t i = 0; i < w.size(); ++i)
            p[c] += w.dissipativeForce[c][i].dot(w.velocity[i]) + w.dissipativeTorque[c][i].dot(w.angularVelocity[i]);
    }
    return p;
}

void Simulation::addHalfStepWork(ChannelWork& work) const
{
    // half of the trapezoidal work of the dissipative loads now in World over the step's motion
    const World& w = m_world;
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (!m_channelLoaded[c])
            continue;
        for (std::size_t i = 0; i < w.size(); ++i)
            work[c] += 0.5 * (w.dissipativeForce[c][i].dot(m_stepDisplacement[i]) +
                              w.dissipativeTorque[c][i].dot(m_stepRotation[i]));
    }
}

void Simulation::bookChannelWork(const ChannelWork& work)
{
    m_ledger.addDissipated(DissipationMechanism::Dashpot, -work[kDashpot]);
    m_ledger.addDissipated(DissipationMechanism::LocalDamping, -work[kLocalDamping]);
    m_ledger.addDissipated(DissipationMechanism::Viscous, -work[kViscous]);
}

void Simulation::step()
{
    if (isUnstable())
        return;
    if (!m_translation->multiStage()) {
        singleStageStep();
        return;
    }
    World& w = m_world;
    const double dt = m_params.dt;
    m_bodyEnergyValid = false;
    markStepStart();
    ChannelWork work{};
    if (!m_translation->advance(w, dt, *this, work) || isUnstable())
        return;
    w.time += dt;
    ++w.step;
    bookChannelWork(work);
    checkStability();
    sortBodiesIfDue();
}

bool Simulation::beginPass(std::size_t c)
{
    if (m_pfcSchemes) {
        const bool damped = m_channelLoaded[kLocalDamping] || m_channelLoaded[kViscous];
        if (m_spheres)
            return damped ? pfcBeginPass<true, true>(c) : pfcBeginPass<false, true>(c);
        return damped ? pfcBeginPass<true, false>(c) : pfcBeginPass<false, false>(c);
    }
    World& w = m_world;
    const double dt = m_params.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    BodyChunk& r = m_bodyChunks[c];
    r = BodyChunk{};
    std::copy(w.position.begin() + b0, w.position.begin() + b1, m_startPosition.begin() + b0);
    std::copy(w.orientation.begin() + b0, w.orientation.begin() + b1, m_startOrientation.begin() + b0);
    // every single-stage scheme moves the bodies to their end-of-step pose in beginStep
    m_translation->beginStep(w, dt, b0, b1);
    const bool rotationKnown = m_rotation->beginStep(w, dt, b0, b1, m_stepRotation.data());
    // a non-finite position must not reach the broad phase (its cell index would be garbage)
    if (const std::size_t bad = firstNonFinite(b0, b1, w.position); bad < b1) {
        r.bad = true;
        r.firstBad = bad;
    }
    updateStepMotion(b0, b1, rotationKnown);
    // half the trapezoidal work of the loads at the start of the step; then they are reset
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (!m_channelLoaded[ch])
            continue; // still zero from the last evaluation
        Vec3* f = w.dissipativeForce[ch].data();
        Vec3* t = w.dissipativeTorque[ch].data();
        double work = 0.0;
        for (std::size_t i = b0; i < b1; ++i) {
            work += f[i].dot(m_stepDisplacement[i]) + t[i].dot(m_stepRotation[i]);
            f[i].setZero();
            t[i].setZero();
        }
        r.beginWork[ch] = 0.5 * work;
    }
    const Vec3 g = w.gravity;
    for (std::size_t i = b0; i < b1; ++i) {
        w.force[i] = w.mass[i] * g;
        w.torque[i].setZero();
    }
    addPotentialEnergy(w, b0, b1, r.energy);
    if (m_membersAreBodies) {
        std::copy(w.position.begin() + b0, w.position.begin() + b1, w.memberPosition.begin() + b0);
        r.rebuild = m_neighbours.needsRebuild(w, b0, b1);
    } else if (m_membersByBody) {
        w.updateMemberPositions(m_memberStart[b0], m_memberStart[b1]);
        r.rebuild = m_neighbours.needsRebuild(w, m_memberStart[b0], m_memberStart[b1]);
    }
    return !r.bad;
}

void Simulation::endPass(std::size_t c, bool gather, bool onStepEstimate)
{
    World& w = m_world;
    if (m_pfcSchemes && w.velocityTiming == VelocityTiming::OnStep && w.angularTiming == VelocityTiming::OnStep) {
        const bool damped = m_channelLoaded[kLocalDamping] || m_channelLoaded[kViscous];
        if (m_spheres)
            damped ? pfcEndPass<true, true>(c, gather, onStepEstimate)
                   : pfcEndPass<false, true>(c, gather, onStepEstimate);
        else
            damped ? pfcEndPass<true, false>(c, gather, onStepEstimate)
                   : pfcEndPass<false, false>(c, gather, onStepEstimate);
        return;
    }
    const double dt = m_params.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    BodyChunk& r = m_bodyChunks[c];
    const bool damping = m_params.localDamping > 0.0 || m_params.viscousDamping > 0.0;
    if (gather)
        gatherDeferred(b0, b1);
    if (damping)
        for (std::size_t i = b0; i < b1; ++i)
            applyDamping(i, onStepEstimate);
    // the other half of the trapezoid, with the loads at the end of the step
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (!m_channelLoaded[ch])
            continue;
        const Vec3* f = w.dissipativeForce[ch].data();
        const Vec3* t = w.dissipativeTorque[ch].data();
        double work = 0.0;
        for (std::size_t i = b0; i < b1; ++i)
            work += f[i].dot(m_stepDisplacement[i]) + t[i].dot(m_stepRotation[i]);
        r.endWork[ch] = 0.5 * work;
    }
    m_translation->endStep(w, dt, b0, b1);
    m_rotation->endStep(w, dt, b0, b1);
    if (const std::size_t bad = firstNonFinite(b0, b1, w.velocity, w.angularMomentum, w.force); bad < b1) {
        r.bad = true;
        r.firstBad = bad;
    }
    addKineticEnergy(w, b0, b1, dt, r.energy);
}

namespace {

// Buss's steps for spinning sphere i (isotropic), out of the sphere passes' loops (see there;
// called as the generic steps are, so the loops keep the same registers)
[[gnu::noinline]] void beginTurningSphere(World& w, std::size_t i, const Buss2ndOrder::Steps& steps, Vec3* rotation)
{
    Buss2ndOrder::beginTurningIsotropic(w.inertia[i].x(), w.torque[i], steps, w.angularMomentum[i], w.orientation[i],
                                        w.angularVelocity[i], rotation[i]);
}

[[gnu::noinline]] void endTurningSphere(World& w, std::size_t i, double half)
{
    Buss2ndOrder::endTurningIsotropic(w.inertia[i].x(), w.torque[i], half, w.angularMomentum[i], w.angularVelocity[i]);
}

} // namespace

template <bool kDamped, bool kSpheres> bool Simulation::pfcBeginPass(std::size_t c)
{
    // beginPass with both schemes' per-body steps inlined: one sweep that loads each body's state
    // once. Every expression and every sum's order are the general path's.
    World& w = m_world;
    const double dt = m_params.dt;
    const double half = 0.5 * dt;
    const Buss2ndOrder::Steps steps(dt);
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    BodyChunk& r = m_bodyChunks[c];
    r = BodyChunk{};
    const double* mass = w.mass.data();
    const double* invMass = w.invMass.data();
    const Vec3* inertia = w.inertia.data();
    Vec3* x = w.position.data();
    Vec3* v = w.velocity.data();
    Vec3* om = w.angularVelocity.data();
    const Vec3* l = w.angularMomentum.data();
    Vec3* force = w.force.data();
    Vec3* torque = w.torque.data();
    Vec3* disp = m_stepDisplacement.data();
    Vec3* turn = m_stepRotation.data();
    Vec3* member = w.memberPosition.data();
    std::array<Vec3*, kDissipationChannels> f{};
    std::array<Vec3*, kDissipationChannels> t{};
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (m_channelLoaded[ch]) {
            f[ch] = w.dissipativeForce[ch].data();
            t[ch] = w.dissipativeTorque[ch].data();
        }
    }
    const NeighbourList::MoveCheck check = m_neighbours.moveCheck(w);
    const bool checkMoves = check.reference != nullptr; // else a build is due anyway
    bool moved = !checkMoves;
    const Vec3 g = w.gravity;
    Vec3* dashForce = f[kDashpot];
    Vec3* dashTorque = m_dashMoments ? t[kDashpot] : nullptr; // else every entry stays zero
    double dashWork = 0.0; // the dashpots' (always loaded); the damping channels' in work
    ChannelWork work{};
    double potential = 0.0;
    // Spheres take two sweeps over the chunk, translation then rotation and the loads' work: each
    // loop keeps its values in registers (one loop over every array spilled them; 3% faster on
    // the benchmark). A spinning sphere turns in a call of its own (inlined, its code crowded
    // the loop's registers for the still ones). The per-body arithmetic and every sum's order
    // are those of one loop. This returns the dashpots' work term (a sum kept through a
    // reference would be stored for every body).
    auto rotationAndWork = [&](std::size_t i) __attribute__((always_inline))->double
    {
        // (every body of a sphere scene is isotropic)
        if (kSpheres ? allZero(l[i], torque[i]) : Buss2ndOrder::still(inertia[i], l[i], torque[i])) {
            om[i].setZero(); // still: nothing turns
            turn[i].setZero();
        } else if constexpr (kSpheres) {
            beginTurningSphere(w, i, steps, turn);
        } else {
            Buss2ndOrder::beginTurning(w, i, steps, turn);
        }
        // half the trapezoidal work of the loads at the start of the step; then they are reset
        const double dashForceWork = dashForce[i].dot(disp[i]);
        const double dashTerm = dashTorque ? dashForceWork + dashTorque[i].dot(turn[i]) : dashForceWork;
        dashForce[i].setZero();
        if (dashTorque)
            dashTorque[i].setZero();
        if constexpr (kDamped) {
            for (int ch = kDashpot + 1; ch < kDissipationChannels; ++ch) {
                if (!f[ch])
                    continue; // still zero from the last evaluation
                work[ch] += f[ch][i].dot(disp[i]) + t[ch][i].dot(turn[i]);
                f[ch][i].setZero();
                t[ch][i].setZero();
            }
        }
        torque[i].setZero();
        return dashTerm;
    };
    for (std::size_t i = b0; i < b1; ++i) {
        // the start position lives only here: Buss gives the rotation
        const Vec3 x0 = x[i];
        VelocityVerlet::kickAndDrift(x[i], v[i], force[i], invMass[i], dt, half);
        disp[i] = x[i] - x0;
        if constexpr (!kSpheres)
            dashWork += rotationAndWork(i);
        const double m = mass[i];
        force[i] = m * g;
        potential -= m * g.dot(x[i]);
        if constexpr (kSpheres) {
            member[i] = x[i];
            if (checkMoves)
                moved |= check.moved(i, x[i]);
        }
    }
    if constexpr (kSpheres)
        for (std::size_t i = b0; i < b1; ++i)
            dashWork += rotationAndWork(i);
    work[kDashpot] = dashWork;
    for (int ch = 0; ch < kDissipationChannels; ++ch)
        if (f[ch])
            r.beginWork[ch] = 0.5 * work[ch];
    r.energy.potentialGravity = potential;
    // a non-finite position must not reach the broad phase (its cell index would be garbage);
    // one makes the potential energy non-finite (0 x inf is NaN), so only then search
    if (!std::isfinite(potential)) {
        if (const std::size_t bad = firstNonFinite(b0, b1, w.position); bad < b1) {
            r.bad = true;
            r.firstBad = bad;
        }
    }
    if constexpr (kSpheres) {
        r.rebuild = moved;
    } else if (m_membersByBody) {
        w.updateMemberPositions(m_memberStart[b0], m_memberStart[b1]);
        r.rebuild = m_neighbours.needsRebuild(w, m_memberStart[b0], m_memberStart[b1]);
    }
    return !r.bad;
}

template <bool kDamped, bool kSpheres> void Simulation::pfcEndPass(std::size_t c, bool gather, bool onStepEstimate)
{
    // endPass with both schemes' per-body steps inlined, for on-step velocities (what they keep);
    // the general path's expressions, and its sums in the same order
    World& w = m_world;
    const double half = 0.5 * m_params.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    BodyChunk& r = m_bodyChunks[c];
    const double* mass = w.mass.data();
    const double* invMass = w.invMass.data();
    Vec3* v = w.velocity.data();
    const Vec3* om = w.angularVelocity.data();
    const Vec3* l = w.angularMomentum.data();
    const Vec3* force = w.force.data();
    const Vec3* torque = w.torque.data();
    const Vec3* disp = m_stepDisplacement.data();
    const Vec3* turn = m_stepRotation.data();
    std::array<const Vec3*, kDissipationChannels> f{};
    std::array<const Vec3*, kDissipationChannels> t{};
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (m_channelLoaded[ch]) {
            f[ch] = w.dissipativeForce[ch].data();
            t[ch] = w.dissipativeTorque[ch].data();
        }
    }
    const Vec3* dashForce = f[kDashpot];
    const Vec3* dashTorque = m_dashMoments ? t[kDashpot] : nullptr; // else every entry is zero
    double dashWork = 0.0; // the dashpots' (always loaded); the damping channels' in work
    ChannelWork work{};
    double kinetic = r.energy.kineticTranslational;
    double rotational = r.energy.kineticRotational;
    if (gather)
        gatherDeferred(b0, b1);
    for (std::size_t i = b0; i < b1; ++i) {
        if constexpr (kDamped)
            applyDamping(i, onStepEstimate);
        // the other half of the trapezoid, with the loads at the end of the step
        const double dashForceWork = dashForce[i].dot(disp[i]);
        dashWork += dashTorque ? dashForceWork + dashTorque[i].dot(turn[i]) : dashForceWork;
        if constexpr (kDamped) {
            for (int ch = kDashpot + 1; ch < kDissipationChannels; ++ch)
                if (f[ch])
                    work[ch] += f[ch][i].dot(disp[i]) + t[ch][i].dot(turn[i]);
        }
        VelocityVerlet::kick(v[i], force[i], invMass[i], half);
        if (!allZero(torque[i])) {
            if constexpr (kSpheres) // (every body isotropic)
                endTurningSphere(w, i, half);
            else
                Buss2ndOrder::endTurning(w, i, half);
        }
        kinetic += 0.5 * mass[i] * v[i].squaredNorm();
        rotational += 0.5 * om[i].dot(l[i]);
    }
    work[kDashpot] = dashWork;
    for (int ch = 0; ch < kDissipationChannels; ++ch)
        if (f[ch])
            r.endWork[ch] = 0.5 * work[ch];
    r.energy.kineticTranslational = kinetic;
    r.energy.kineticRotational = rotational;
    // a non-finite force makes the velocity so, and that or a non-finite momentum makes the
    // energies so (0 x inf is NaN): only then search
    if (!std::isfinite(kinetic) || !std::isfinite(rotational)) {
        if (const std::size_t bad = firstNonFinite(b0, b1, w.velocity, w.angularMomentum, w.force); bad < b1) {
            r.bad = true;
            r.firstBad = bad;
        }
    }
}

void Simulation::gatherDeferred(std::size_t b0, std::size_t b1)
{
    // the loads other blocks left for bodies [b0, b1), each body's in list order (a body's loads
    // only meet its own, so bodies may take theirs one after another), with the arithmetic of a
    // direct add, so where a load is added does not change its bits; raw pointers taken once
    World& w = m_world;
    const DeferredRef* refs = m_deferred.data();
    const DeferredLoad* loads = m_deferredLoads.data();
    Vec3* force = w.force.data();
    Vec3* torque = w.torque.data();
    Vec3* dashForce = w.dissipativeForce[kDashpot].data();
    Vec3* dashTorque = w.dissipativeTorque[kDashpot].data();
    const int end = m_deferredStart[b1];
    for (int e = m_deferredStart[b0]; e < end; ++e) {
        const std::size_t b = static_cast<std::size_t>(refs[e].body);
        const DeferredLoad& l = loads[refs[e].slot];
        if (l.flags == 0)
            continue;
        force[b] += l.force;
        if (l.flags & kDeferredTorque)
            torque[b] += l.torque;
        dashForce[b] += l.dashpot;
        if (l.flags & kDeferredDashTorque)
            dashTorque[b] += l.dashTorque;
    }
}

void Simulation::buildBlocks()
{
    // block c holds the candidates whose member i belongs to body chunk c (pairs are sorted by i,
    // walls by member, and members by body, so each block is a range of each list); a pair whose
    // member j is in another chunk gets a deferred slot, numbered in list order
    const World& w = m_world;
    const std::vector<PairCandidate>& pairs = m_neighbours.pairs();
    const std::vector<WallCandidate>& walls = m_neighbours.wallPairs();
    const std::size_t n = w.size();
    const std::size_t chunks = m_bodyChunks.size();
    m_blockPairStart.assign(chunks + 1, pairs.size());
    m_blockWallStart.assign(chunks + 1, walls.size());
    m_blockSlotStart.assign(chunks + 1, 0);
    m_deferredStart.assign(n + 1, 0);
    if (!m_membersByBody) {
        // one block with every body: nothing is deferred
        m_blockPairStart[0] = 0;
        m_blockWallStart[0] = 0;
        m_deferred.clear();
        m_deferredLoads.clear();
        m_blocksBuild = m_neighbours.buildCount();
        return;
    }
    auto chunkOf = [&](int member) {
        return static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(member)]) / kBodyChunk;
    };
    std::size_t slots = 0;
    std::size_t c = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::size_t ci = chunkOf(pairs[k].i);
        while (c <= ci) {
            m_blockPairStart[c] = k;
            m_blockSlotStart[c++] = slots;
        }
        if (chunkOf(pairs[k].j) != ci) {
            ++slots;
            ++m_deferredStart[static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(pairs[k].j)]) + 1];
        }
    }
    while (c <= chunks) {
        m_blockPairStart[c] = pairs.size();
        m_blockSlotStart[c++] = slots;
    }
    c = 0;
    for (std::size_t k = 0; k < walls.size(); ++k)
        for (const std::size_t cw = chunkOf(walls[k].member); c <= cw; ++c)
            m_blockWallStart[c] = k;
    for (; c <= chunks; ++c)
        m_blockWallStart[c] = walls.size();
    for (std::size_t b = 0; b < n; ++b)
        m_deferredStart[b + 1] += m_deferredStart[b];
    keepHeadroom(m_deferred, slots);
    keepHeadroom(m_deferredLoads, slots);
    m_deferred.resize(slots);
    m_deferredLoads.resize(slots);
    m_deferredCursor.assign(m_deferredStart.begin(), m_deferredStart.end() - 1);
    std::size_t slot = 0;
    for (const PairCandidate& p : pairs) {
        if (chunkOf(p.j) == chunkOf(p.i))
            continue;
        const std::size_t b = static_cast<std::size_t>(w.memberBody[static_cast<std::size_t>(p.j)]);
        m_deferred[static_cast<std::size_t>(m_deferredCursor[b]++)] = {static_cast<int>(slot++), static_cast<int>(b)};
    }
    m_blocksBuild = m_neighbours.buildCount();
}

ContactSums Simulation::blockContacts(std::size_t c)
{
    World& w = m_world;
    const StepMotion motion{m_stepDisplacement, m_stepRotation};
    ContactBlock b;
    b.pairBegin = m_blockPairStart[c];
    b.pairEnd = m_blockPairStart[c + 1];
    b.wallBegin = m_blockWallStart[c];
    b.wallEnd = m_blockWallStart[c + 1];
    b.bodyBegin = static_cast<int>(c * kBodyChunk);
    b.bodyEnd = static_cast<int>(std::min(w.size(), (c + 1) * kBodyChunk));
    if (!m_membersByBody)
        b.bodyEnd = static_cast<int>(w.size());
    b.deferred = m_blockSlotStart[c + 1] > m_blockSlotStart[c] ? m_deferredLoads.data() + m_blockSlotStart[c] : nullptr;
    return addBlockContacts(w, m_neighbours, motion, true, b);
}

void Simulation::contactPass()
{
    const std::size_t chunks = m_bodyChunks.size();
    m_blockSums.resize(chunks); // sized with the chunks, once
    auto block = [&](std::size_t c) { m_blockSums[c] = blockContacts(c); };
    if (m_membersByBody)
        forChunks(chunks, block);
    else
        for (std::size_t c = 0; c < chunks; ++c)
            block(c);
    sumBlocks();
}

void Simulation::contactAndEndPassInOrder(bool onStepEstimate)
{
    // contactPass, then endPass of every chunk, on one thread: each chunk's end pass follows its
    // block at once, while its bodies are in cache. A pair's member j never lies in an earlier
    // chunk than its member i, so by then every block that reads the chunk's bodies or leaves
    // loads for them is done, and the end pass sees what it would after the whole contact pass.
    // (On several threads a chunk's end pass would wait for blocks on other threads, and the
    // waits cost more than the cache saves.)
    const std::size_t chunks = m_bodyChunks.size();
    m_blockSums.resize(chunks); // sized with the chunks, once
    for (std::size_t c = 0; c < chunks; ++c) {
        m_blockSums[c] = blockContacts(c);
        endPass(c, true, onStepEstimate);
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

void Simulation::singleStageStep()
{
    World& w = m_world;
    const double dt = m_params.dt;
    m_bodyEnergyValid = false;
    const std::size_t chunks = m_bodyChunks.size();
    forChunks(chunks, [this](std::size_t c) { beginPass(c); });
    bool rebuild = false;
    for (const BodyChunk& r : m_bodyChunks) {
        if (r.bad) {
            std::ostringstream msg;
            msg << "unstable at step " << w.step + 1 << ", t = " << w.time + dt << " s: body " << w.bodyId(r.firstBad)
                << " has a non-finite position";
            m_instability = msg.str();
            return;
        }
        rebuild = rebuild || r.rebuild;
    }
    if (!m_membersByBody) {
        w.updateMemberPositions();
        rebuild = m_neighbours.needsRebuild(w);
    }
    if (rebuild)
        m_neighbours.build(w, m_table, m_skin);
    if (m_blocksBuild != m_neighbours.buildCount())
        buildBlocks();

    ++m_forceEvaluations;
    m_channelLoaded = {true, m_params.localDamping > 0.0, m_params.viscousDamping > 0.0};
    const bool onStepEstimate = m_params.localDampingVariant == LocalDampingVariant::Woo &&
                                m_translation->velocityAtForceEvaluation() == VelocityTiming::HalfStep;
    if (m_membersByBody && !m_pool) {
        contactAndEndPassInOrder(onStepEstimate);
    } else {
        contactPass();
        forChunks(chunks, [this, onStepEstimate](std::size_t c) { endPass(c, m_membersByBody, onStepEstimate); });
    }
    m_ledger.addDissipated(DissipationMechanism::Friction, m_contacts.friction);
    m_ledger.addDissipated(DissipationMechanism::Rolling, m_contacts.rolling);
    m_ledger.addDissipated(DissipationMechanism::Stiffness, m_contacts.stiffness);

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
    w.time += dt;
    ++w.step;
    bookChannelWork(work);
    for (const BodyChunk& r : m_bodyChunks) {
        if (r.bad) {
            std::ostringstream msg;
            msg << "unstable at step " << w.step << ", t = " << w.time << " s: body " << w.bodyId(r.firstBad)
                << " has a non-finite velocity or force";
            m_instability = msg.str();
            return;
        }
    }
    m_bodyEnergy = energy;
    m_bodyEnergyValid = true;
    checkRunaway();
    sortBodiesIfDue();
}

void Simulation::run(long long steps)
{
    for (long long k = 0; k < steps && !isUnstable(); ++k)
        step();
}

void Simulation::checkStability()
{
    const World& w = m_world;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (!w.velocity[i].allFinite() || !w.angularMomentum[i].allFinite() || !w.force[i].allFinite()) {
            std::ostringstream msg;
            msg << "unstable at step " << w.step << ", t = " << w.time << " s: body " << w.bodyId(i)
                << " has a non-finite velocity or force";
            m_instability = msg.str();
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
    if (!std::isfinite(s.balanceError) || std::abs(s.balanceError) > limit) {
        std::ostringstream msg;
        msg << "unstable at step " << w.step << ", t = " << w.time << " s: runaway energy, balance error "
            << s.balanceError << " J exceeds " << kRunawayFactor << " x the scene's energy scale (" << m_ledger.scale()
            << " J); reduce dt (critical dt " << m_criticalDt << " s)";
        m_instability = msg.str();
    }
}

EnergySample Simulation::energy() const
{
    if (m_bodyEnergyValid)
        return m_ledger.sample(m_bodyEnergy, elasticEnergy(), m_world.step, m_world.time);
    return m_ledger.sample(m_world, elasticEnergy(), m_params.dt);
}

void Simulation::toOnStep()
{
    // v(t) = v(t - dt/2) + a(t) dt/2 with the loads of the current state; likewise L
    World& w = m_world;
    const double half = 0.5 * m_params.dt;
    m_bodyEnergyValid = false;
    if (w.velocityTiming == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i)
            w.velocity[i] += w.force[i] * (w.invMass[i] * half);
        w.velocityTiming = VelocityTiming::OnStep;
    }
    if (w.angularTiming == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i) {
            w.angularMomentum[i] += w.torque[i] * half;
            w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
        }
        w.angularTiming = VelocityTiming::OnStep;
    }
}

void Simulation::fromOnStep()
{
    // the inverse of toOnStep for the schemes now chosen (a multi-stage step keeps on-step values)
    World& w = m_world;
    const double half = 0.5 * m_params.dt;
    const bool multi = m_translation->multiStage();
    m_bodyEnergyValid = false;
    if (w.velocityTiming == VelocityTiming::OnStep && !multi &&
        m_translation->velocityTiming() == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i)
            w.velocity[i] -= w.force[i] * (w.invMass[i] * half);
        w.velocityTiming = VelocityTiming::HalfStep;
    }
    if (w.angularTiming == VelocityTiming::OnStep && !multi &&
        m_rotation->velocityTiming() == VelocityTiming::HalfStep) {
        for (std::size_t i = 0; i < w.size(); ++i) {
            w.angularMomentum[i] -= w.torque[i] * half;
            w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
        }
        w.angularTiming = VelocityTiming::HalfStep;
    }
}

LiveChange Simulation::apply(const LiveParams& change)
{
    // the whole change, validated with the one set of rules before anything moves
    SimParams next = m_params;
    if (change.dt && change.dtFactor)
        throw ParameterError("give dt in seconds or as a factor of the critical timestep, not both");
    if (change.dt)
        next.dt = *change.dt;
    if (change.dtFactor) {
        if (!(std::isfinite(m_criticalDt) && m_criticalDt > 0.0))
            throw ParameterError("dt as a factor of the critical timestep needs a finite critical timestep; this "
                                 "scene has none (no contacts), give dt in seconds");
        if (!(std::isfinite(*change.dtFactor) && *change.dtFactor > 0.0))
            throw ParameterError("the dt factor must be a positive number, got " + std::to_string(*change.dtFactor));
        next.dt = *change.dtFactor * m_criticalDt;
    }
    if (change.translation)
        next.translation = *change.translation;
    if (change.rotation)
        next.rotation = *change.rotation;
    if (change.localDamping)
        next.localDamping = *change.localDamping;
    if (change.localDampingVariant)
        next.localDampingVariant = *change.localDampingVariant;
    if (change.viscousDamping)
        next.viscousDamping = *change.viscousDamping;
    if (const std::string err = next.validate(); !err.empty())
        throw ParameterError(err);

    LiveChange out;
    out.dt = next.dt != m_params.dt;
    out.translation = next.translation != m_params.translation;
    out.rotation = next.rotation != m_params.rotation;
    out.localDamping =
        next.localDamping != m_params.localDamping || next.localDampingVariant != m_params.localDampingVariant;
    out.viscousDamping = next.viscousDamping != m_params.viscousDamping;
    if (!out.any())
        return out;
    out.markers = markerLabels(m_params, next, change.schemeLabel);

    if (out.dt || out.translation || out.rotation) {
        // half-step values belong to the old dt and schemes: move them on-step with the current
        // loads, switch, and re-centre them for the new ones (one conversion for the whole change)
        toOnStep();
        if (out.translation || out.rotation) {
            m_translation = makeTranslationScheme(next.translation);
            m_rotation = makeRotationScheme(next.rotation);
            m_pfcSchemes = isPfc(*m_translation, *m_rotation);
        }
        m_params = next;
        fromOnStep();
    } else {
        m_params = next;
    }
    if (out.localDamping || out.viscousDamping)
        ensureDampingChannels();
    return out;
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

void Simulation::ensureDampingChannels()
{
    // a channel once sized stays so (switching damping off and on does not allocate)
    World& w = m_world;
    const std::size_t n = w.size();
    const bool on[kDissipationChannels] = {true, m_params.localDamping > 0.0, m_params.viscousDamping > 0.0};
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (on[c] && w.dissipativeForce[c].size() != n) {
            w.dissipativeForce[c].assign(n, Vec3::Zero());
            w.dissipativeTorque[c].assign(n, Vec3::Zero());
        }
    }
}

} // namespace tumble
