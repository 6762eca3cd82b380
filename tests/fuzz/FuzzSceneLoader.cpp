// libFuzzer target: the scene loader on arbitrary bytes, then what `tumble-cli run` does with a
// scene the loader accepted (build the simulation, take a few steps). A clean refusal is a
// SceneError or a ResourceError; anything else escaping (another exception, a crash, a sanitizer
// report, a hang) is a finding. Built with -DTUMBLE_FUZZ=ON (CMakePresets.json "fuzz");
// scripts/fuzz.sh runs it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "scene/SceneLoader.h"
#include "sim/ResourceError.h"
#include "sim/Simulation.h"

namespace {

// scenes the loader accepts up to this size are also stepped: 1000 fully overlapping spheres
// (500 000 contacts) took 5 to 37 s per input under the sanitizers, which starved the search
constexpr std::size_t kMaxSteppedBodies = 256;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    // the loader refuses scenes that would not fit in memory; under the fuzzer that is its
    // -rss_limit_mb, not the machine's, and small scenes keep the executions fast
    setenv("TUMBLE_MEMORY_LIMIT_MB", "64", 0);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tumble;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        Scene scene = loadSceneText(text, "fuzz.json");
        if (scene.world.size() > kMaxSteppedBodies)
            return 0;
        Simulation sim(std::move(scene.world), scene.params);
        for (int k = 0; k < 3 && !sim.isUnstable(); ++k)
            sim.step();
        const EnergySample s = sim.energy();
        sim.checkEnergySample(s);
    } catch (const SceneError&) {
    } catch (const ResourceError&) {
    }
    return 0;
}
