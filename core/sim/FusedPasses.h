#pragma once
// FusedPasses: ChunkPasses for velocity Verlet with Buss's rotation (PFC's schemes, every
// scene's default), each pass one sweep per chunk with both schemes' per-body steps
// (VelocityVerlet::kickAndDrift/kick, Buss2ndOrder::beginTurning/endTurning) and the force
// stages' body hooks inlined, so a body's state is loaded once. Every expression, and the order
// of every sum, is the general passes': the same bits. A non-finite position (velocity, momentum,
// force) makes the chunk's potential (kinetic) energy non-finite, so the finiteness search runs
// only then. The end pass needs on-step velocities (what these schemes keep; see fits()).
#include <cstddef>

#include "sim/BodyChunk.h"
#include "sim/PassContext.h"

namespace tumble {

struct FusedPasses {
    /// Whether the schemes are velocity Verlet and Buss's (the passes inline their steps).
    static bool fits(const TranslationScheme& translation, const RotationScheme& rotation);

    /// As ChunkPasses::begin.
    static bool begin(const PassContext& p, std::size_t chunk, BodyChunk& r);
    /// As ChunkPasses::end, for a world with on-step velocities and momenta; finds the chunk's
    /// liveliest body too (BodyChunk::liveliest).
    static void end(const PassContext& p, std::size_t chunk, BodyChunk& r, bool gather);
};

} // namespace tumble
