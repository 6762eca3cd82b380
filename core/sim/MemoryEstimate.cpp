#include "sim/MemoryEstimate.h"

#include <algorithm>
#include <cstdio>

#include "parallel/MachineResources.h"
#include "sim/ResourceError.h"

namespace tumble {

namespace {

std::string gigabytes(double bytes)
{
    char text[64];
    std::snprintf(text, sizeof(text), "%.2f GB", bytes / 1e9);
    return text;
}

std::string count(double n)
{
    char text[64];
    std::snprintf(text, sizeof(text), "%.0f", n);
    return text;
}

} // namespace

double MemoryEstimate::runBytes(double bodies, double members)
{
    return kBaseBytes + kBytesPerBody * bodies + kBytesPerExtraMember * std::max(0.0, members - bodies);
}

void MemoryEstimate::requireFits(double bodies, double members, const std::string& where)
{
    const double need = runBytes(bodies, members);
    const AvailableMemory have = availableMemory();
    if (need <= have.bytes)
        return;
    throw ResourceError(where + "the scene needs about " + gigabytes(need) + " of memory (" + count(bodies) +
                        " bodies, " + count(members) +
                        " collision spheres, contacts at a dense packing's "
                        "coordination) but this process can allocate only " +
                        gigabytes(have.bytes) + " (limited by " + have.source + ")");
}

} // namespace tumble
