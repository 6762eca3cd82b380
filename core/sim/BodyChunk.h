#pragma once
// BodyChunk: what one fixed chunk of kBodyChunk bodies found in a step's passes. Each chunk
// writes only its own, and the step adds them in chunk order, so totals do not depend on the
// thread count.
#include <cstddef>

#include "energy/EnergyLedger.h"
#include "integrate/TranslationScheme.h"
#include "sim/LiveliestBody.h"

namespace tumble {

struct BodyChunk {
    ChannelWork beginWork{};  ///< J, first half of the dissipative loads' trapezoidal work
    ChannelWork endWork{};    ///< J, second half
    BodyEnergy energy;        ///< J, the chunk's kinetic and potential energy at the step's end
    std::size_t firstBad = 0; ///< first body with a non-finite position (pass 1) or velocity (2)
    bool bad = false;
    bool rebuild = false;    ///< a member moved past half the skin
    LiveliestBody liveliest; ///< at the step's end (the fused end pass only)
};

} // namespace tumble
