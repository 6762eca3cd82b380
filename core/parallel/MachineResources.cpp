#include "parallel/MachineResources.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include <sched.h>
#include <sys/resource.h>

namespace tumble {

namespace {

// "Key:   1234 kB" in a /proc file, in bytes; negative when absent
double procKilobytes(const char* file, const std::string& key)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key + ":", 0) != 0)
            continue;
        std::istringstream fields(line.substr(key.size() + 1));
        double kb = -1.0;
        fields >> kb;
        return kb >= 0.0 ? kb * 1024.0 : -1.0;
    }
    return -1.0;
}

// one number in a file ("max" or missing: negative)
double fileNumber(const char* file)
{
    std::ifstream in(file);
    std::string word;
    if (!(in >> word) || word == "max")
        return -1.0;
    try {
        return std::stod(word);
    } catch (const std::exception&) {
        return -1.0;
    }
}

void consider(AvailableMemory& m, double bytes, const char* source)
{
    if (bytes >= 0.0 && bytes < m.bytes) {
        m.bytes = bytes;
        m.source = source;
    }
}

} // namespace

int hardwareThreads()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        const int n = CPU_COUNT(&set);
        if (n > 0)
            return n;
    }
    const unsigned n = std::thread::hardware_concurrency();
    return n > 0 ? static_cast<int>(n) : 1;
}

AvailableMemory availableMemory()
{
    AvailableMemory m;
    m.bytes = std::numeric_limits<double>::infinity();
    m.source = "no known limit";
    // a stated limit, for a fuzzer or a test that must not depend on the machine
    if (const char* stated = std::getenv("TUMBLE_MEMORY_LIMIT_MB")) {
        char* end = nullptr;
        const double mb = std::strtod(stated, &end);
        if (end != stated && mb >= 0.0)
            consider(m, mb * 1048576.0, "TUMBLE_MEMORY_LIMIT_MB");
    }
    consider(m, procKilobytes("/proc/meminfo", "MemAvailable"), "MemAvailable");
    const double cgroupMax = fileNumber("/sys/fs/cgroup/memory.max");
    if (cgroupMax >= 0.0) {
        const double current = fileNumber("/sys/fs/cgroup/memory.current");
        consider(m, std::max(0.0, cgroupMax - std::max(0.0, current)), "cgroup memory.max");
    }
    rlimit as{};
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        const double used = std::max(0.0, procKilobytes("/proc/self/status", "VmSize"));
        consider(m, std::max(0.0, static_cast<double>(as.rlim_cur) - used), "ulimit -v (RLIMIT_AS)");
    }
    return m;
}

} // namespace tumble
