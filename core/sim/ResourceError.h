#pragma once
// ResourceError: the machine lacks the memory (or another resource) a scene or run needs. what()
// gives the figures (needed and available, in GB); tumble-cli exits with code 5 on it, as on a
// failed allocation, and never calls it an instability.
#include <stdexcept>

namespace tumble {

class ResourceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace tumble
