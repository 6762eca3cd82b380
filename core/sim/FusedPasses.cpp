#include "sim/FusedPasses.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "integrate/Buss2ndOrder.h"
#include "integrate/VelocityVerlet.h"
#include "math/ExactZero.h"
#include "math/FirstNonFinite.h"
#include "parallel/Chunks.h"

namespace tumble {

namespace {

template <bool kDamped, bool kSpheres> bool beginPass(const PassContext& p, std::size_t c, BodyChunk& r)
{
    World& w = p.world;
    const double dt = p.dt;
    const double half = 0.5 * dt;
    const Buss2ndOrder::Steps steps(dt);
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    const ForceStages& stages = p.stages;
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
    Vec3* disp = p.motion.displacement().data();
    Vec3* turn = p.motion.rotation().data();
    Vec3* member = w.memberPosition.data();
    std::array<Vec3*, kDissipationChannels> f{};
    std::array<Vec3*, kDissipationChannels> t{};
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (p.channelLoaded[ch]) {
            f[ch] = w.dissipativeForce[ch].data();
            t[ch] = w.dissipativeTorque[ch].data();
        }
    }
    const NeighbourList::MoveCheck check = p.neighbours.moveCheck(w);
    const bool checkMoves = check.reference != nullptr; // else a build is due anyway
    bool moved = !checkMoves;
    const Vec3 g = w.gravity;
    const auto terms = stages.bodyTerms(w);
    Vec3* dashForce = f[kDashpot];
    Vec3* dashTorque = p.layout.dashMoments ? t[kDashpot] : nullptr; // else every entry stays zero
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
        if constexpr (!kSpheres) {
            if (Buss2ndOrder::still(inertia[i], l[i], torque[i])) {
                om[i].setZero(); // still: nothing turns
                turn[i].setZero();
            } else {
                Buss2ndOrder::beginTurning(w, i, steps, turn);
            }
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
        terms.start(i);
        potential -= mass[i] * g.dot(x[i]);
        if constexpr (kSpheres) {
            member[i] = x[i];
            if (checkMoves)
                moved |= check.moved(i, x[i]);
        }
    }
    if constexpr (kSpheres) {
        // every sphere's rotation in a call of its own, four spheres at a time
        Buss2ndOrder::beginTurningSpheres(w, b0, b1, steps, turn);
        for (std::size_t i = b0; i < b1; ++i)
            dashWork += rotationAndWork(i);
    }
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
    } else if (p.layout.membersByBody) {
        const std::vector<std::size_t>& start = p.layout.memberStart;
        w.updateMemberPositions(start[b0], start[b1]);
        r.rebuild = p.neighbours.needsRebuild(w, start[b0], start[b1]);
    }
    return !r.bad;
}

// kEnergy: sums the kinetic energies and finds the liveliest body; else (a joined step nobody
// samples: PassContext::bodyEnergy) only a sum of the velocities and momenta, which a
// non-finite one makes non-finite, as the energies would be
template <bool kDamped, bool kSpheres, bool kEnergy>
void endPass(const PassContext& p, std::size_t c, BodyChunk& r, bool gather)
{
    World& w = p.world;
    const double half = 0.5 * p.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    const ForceStages& stages = p.stages;
    const double* mass = w.mass.data();
    const double* invMass = w.invMass.data();
    Vec3* v = w.velocity.data();
    Vec3* om = w.angularVelocity.data();
    Vec3* l = w.angularMomentum.data();
    const Vec3* inertia = w.inertia.data();
    const Vec3* force = w.force.data();
    const Vec3* torque = w.torque.data();
    const Vec3* disp = p.motion.displacement().data();
    const Vec3* turn = p.motion.rotation().data();
    std::array<const Vec3*, kDissipationChannels> f{};
    std::array<const Vec3*, kDissipationChannels> t{};
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (p.channelLoaded[ch]) {
            f[ch] = w.dissipativeForce[ch].data();
            t[ch] = w.dissipativeTorque[ch].data();
        }
    }
    const Vec3* dashForce = f[kDashpot];
    const Vec3* dashTorque = p.layout.dashMoments ? t[kDashpot] : nullptr; // else every entry is zero
    double dashWork = 0.0; // the dashpots' (always loaded); the damping channels' in work
    ChannelWork work{};
    double kinetic = r.energy.kineticTranslational;
    double rotational = r.energy.kineticRotational;
    LiveliestBody lively; // (a runaway's report reads it after a joined step: Simulation::run)
    double finite = 0.0;  // without kEnergy
    if (gather)
        p.blocks.gather(w, b0, b1);
    const auto finish = stages.finishingTerms(w); // (unused without damping)
    for (std::size_t i = b0; i < b1; ++i) {
        if constexpr (kDamped)
            finish.finish(i);
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
                Buss2ndOrder::endTurningIsotropic(inertia[i].x(), torque[i], half, l[i], om[i]);
            else
                Buss2ndOrder::endTurning(w, i, half);
        }
        if constexpr (kEnergy) {
            const double v2 = v[i].squaredNorm();
            const double translationalEnergy = 0.5 * mass[i] * v2;
            const double rotationalEnergy = 0.5 * om[i].dot(l[i]);
            kinetic += translationalEnergy;
            rotational += rotationalEnergy;
            lively.consider(i, translationalEnergy, rotationalEnergy, v2);
        } else {
            finite += ((v[i].x() + v[i].y()) + (v[i].z() + l[i].x())) + (l[i].y() + l[i].z());
        }
    }
    r.liveliest = lively;
    work[kDashpot] = dashWork;
    for (int ch = 0; ch < kDissipationChannels; ++ch)
        if (f[ch])
            r.endWork[ch] = 0.5 * work[ch];
    r.energy.kineticTranslational = kinetic;
    r.energy.kineticRotational = rotational;
    // a non-finite force makes the velocity so, and that or a non-finite momentum makes the
    // energies (or the plain sum) so (0 x inf is NaN): only then search
    if (!std::isfinite(kinetic) || !std::isfinite(rotational) || !std::isfinite(finite)) {
        if (const std::size_t bad = firstNonFinite(b0, b1, w.velocity, w.angularMomentum, w.force); bad < b1) {
            r.bad = true;
            r.firstBad = bad;
        }
    }
}

} // namespace

bool FusedPasses::fits(const TranslationScheme& translation, const RotationScheme& rotation)
{
    return dynamic_cast<const VelocityVerlet*>(&translation) && dynamic_cast<const Buss2ndOrder*>(&rotation);
}

bool FusedPasses::begin(const PassContext& p, std::size_t c, BodyChunk& r)
{
    // the damping channels (and the drive's) hold loads from the last evaluation
    const bool damped = p.channelLoaded[kLocalDamping] || p.channelLoaded[kViscous] || p.channelLoaded[kDrive];
    if (p.layout.spheres)
        return damped ? beginPass<true, true>(p, c, r) : beginPass<false, true>(p, c, r);
    return damped ? beginPass<true, false>(p, c, r) : beginPass<false, false>(p, c, r);
}

void FusedPasses::end(const PassContext& p, std::size_t c, BodyChunk& r, bool gather)
{
    const bool damped = p.channelLoaded[kLocalDamping] || p.channelLoaded[kViscous] || p.channelLoaded[kDrive];
    auto pass = [&]<bool kEnergy>() {
        if (p.layout.spheres)
            damped ? endPass<true, true, kEnergy>(p, c, r, gather) : endPass<false, true, kEnergy>(p, c, r, gather);
        else
            damped ? endPass<true, false, kEnergy>(p, c, r, gather) : endPass<false, false, kEnergy>(p, c, r, gather);
    };
    p.bodyEnergy ? pass.template operator()<true>() : pass.template operator()<false>();
}

} // namespace tumble
