#pragma once
// UsageError: the command line is wrong. what() names the option and the problem; tumble-cli
// prints it with a pointer to --help and exits with code 2 (CONTRACT.md).
#include <stdexcept>

namespace tumble::cli {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace tumble::cli
