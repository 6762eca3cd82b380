#pragma once
// ChunkPasses: the two passes of a single-stage step over one chunk of bodies, for any
// single-stage schemes (velocity Verlet with Buss has its fused form, FusedPasses, with the same
// expressions and sums in the same order, so the same bits).
//   begin: the schemes' beginStep (every single-stage scheme moves the bodies to their
//     end-of-step pose there), the finiteness check of the positions, the step's motion, the
//     first half of the dissipative loads' trapezoidal work (then they are reset), the body
//     terms of the force stages (gravity), potential energy, members and the rebuild check;
//   end: the loads other blocks deferred to the chunk's bodies, the finishing force terms
//     (damping), the second half of the work, the schemes' endStep, the finiteness check of
//     velocities and forces, kinetic energy.
#include <cstddef>

#include "sim/BodyChunk.h"
#include "sim/PassContext.h"

namespace tumble {

struct ChunkPasses {
    /// False when a body of the chunk has a non-finite position (r.bad, r.firstBad).
    static bool begin(const PassContext& p, std::size_t chunk, BodyChunk& r);
    /// gather: add the loads other blocks deferred to the chunk's bodies.
    static void end(const PassContext& p, std::size_t chunk, BodyChunk& r, bool gather);
};

} // namespace tumble
