#include "sim/ChunkPasses.h"

#include <algorithm>

#include "math/FirstNonFinite.h"
#include "parallel/Chunks.h"

namespace tumble {

bool ChunkPasses::begin(const PassContext& p, std::size_t c, BodyChunk& r)
{
    World& w = p.world;
    const double dt = p.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    std::vector<Vec3>& disp = p.motion.displacement();
    std::vector<Vec3>& turn = p.motion.rotation();
    r = BodyChunk{};
    p.motion.markStart(w, b0, b1);
    p.translation.beginStep(w, dt, b0, b1);
    const bool rotationKnown = p.rotation.beginStep(w, dt, b0, b1, turn.data());
    // a non-finite position must not reach the broad phase (its cell index would be garbage)
    if (const std::size_t bad = firstNonFinite(b0, b1, w.position); bad < b1) {
        r.bad = true;
        r.firstBad = bad;
    }
    p.motion.update(w, b0, b1, rotationKnown);
    // half the trapezoidal work of the loads at the start of the step; then they are reset
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (!p.channelLoaded[ch])
            continue; // still zero from the last evaluation
        Vec3* f = w.dissipativeForce[ch].data();
        Vec3* t = w.dissipativeTorque[ch].data();
        double work = 0.0;
        if (w.medium.moves) {
            // in a moving medium the ledger counts the motion relative to it (docs/PERIODIC.md)
            for (std::size_t i = b0; i < b1; ++i) {
                work += f[i].dot(w.medium.fluctuationDisplacement(w.position[i], disp[i])) +
                        t[i].dot(w.medium.fluctuationRotation(turn[i]));
                f[i].setZero();
                t[i].setZero();
            }
        } else {
            for (std::size_t i = b0; i < b1; ++i) {
                work += f[i].dot(disp[i]) + t[i].dot(turn[i]);
                f[i].setZero();
                t[i].setZero();
            }
        }
        r.beginWork[ch] = 0.5 * work;
    }
    const auto terms = p.stages.bodyTerms(w);
    for (std::size_t i = b0; i < b1; ++i) {
        terms.start(i);
        w.torque[i].setZero();
    }
    addPotentialEnergy(w, b0, b1, r.energy);
    const BodyLayout& layout = p.layout;
    if (layout.membersAreBodies) {
        std::copy(w.position.begin() + b0, w.position.begin() + b1, w.memberPosition.begin() + b0);
        r.rebuild = p.neighbours.needsRebuild(w, b0, b1);
    } else if (layout.membersByBody) {
        w.updateMemberPositions(layout.memberStart[b0], layout.memberStart[b1]);
        r.rebuild = p.neighbours.needsRebuild(w, layout.memberStart[b0], layout.memberStart[b1]);
    }
    return !r.bad;
}

void ChunkPasses::end(const PassContext& p, std::size_t c, BodyChunk& r, bool gather)
{
    World& w = p.world;
    const double dt = p.dt;
    const std::size_t b0 = c * kBodyChunk;
    const std::size_t b1 = std::min(w.size(), b0 + kBodyChunk);
    const std::vector<Vec3>& disp = p.motion.displacement();
    const std::vector<Vec3>& turn = p.motion.rotation();
    if (gather)
        p.blocks.gather(w, b0, b1);
    if (p.stages.finishing()) {
        const auto finish = p.stages.finishingTerms(w);
        for (std::size_t i = b0; i < b1; ++i)
            finish.finish(i);
    }
    // the other half of the trapezoid, with the loads at the end of the step
    for (int ch = 0; ch < kDissipationChannels; ++ch) {
        if (!p.channelLoaded[ch])
            continue;
        const Vec3* f = w.dissipativeForce[ch].data();
        const Vec3* t = w.dissipativeTorque[ch].data();
        double work = 0.0;
        if (w.medium.moves) {
            for (std::size_t i = b0; i < b1; ++i)
                work += f[i].dot(w.medium.fluctuationDisplacement(w.position[i], disp[i])) +
                        t[i].dot(w.medium.fluctuationRotation(turn[i]));
        } else {
            for (std::size_t i = b0; i < b1; ++i)
                work += f[i].dot(disp[i]) + t[i].dot(turn[i]);
        }
        r.endWork[ch] = 0.5 * work;
    }
    p.translation.endStep(w, dt, b0, b1);
    p.rotation.endStep(w, dt, b0, b1);
    if (const std::size_t bad = firstNonFinite(b0, b1, w.velocity, w.angularMomentum, w.force); bad < b1) {
        r.bad = true;
        r.firstBad = bad;
    }
    addKineticEnergy(w, b0, b1, dt, r.energy);
}

} // namespace tumble
