#pragma once
// MachineResources: what this process may use of the machine: its hardware threads and the
// memory it can still allocate. Read once per question (no caching: limits change under a
// long-lived GUI), from Linux's /proc and /sys; where a figure is unknown it does not limit.
#include <cstddef>
#include <string>

namespace tumble {

/// Threads this process may run on at once: its CPU affinity set, else
/// std::thread::hardware_concurrency(), at least 1.
int hardwareThreads();

struct AvailableMemory {
    double bytes = 0.0; ///< B; +infinity when no limit is known
    std::string source; ///< what sets it: "MemAvailable", "cgroup memory.max", "ulimit -v (RLIMIT_AS)"
};

/// The memory this process can still allocate, B: the least of /proc/meminfo's MemAvailable,
/// the cgroup's memory.max minus memory.current, RLIMIT_AS minus the address space in use, and
/// the environment variable TUMBLE_MEMORY_LIMIT_MB when set (a stated limit, for fuzzers and tests).
AvailableMemory availableMemory();

} // namespace tumble
