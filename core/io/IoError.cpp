#include "io/IoError.h"

#include <cstring>

namespace tumble {

namespace {

std::string describe(const std::string& path, const std::string& action, int errnoValue)
{
    std::string msg = action + " '" + path + "'";
    if (errnoValue != 0)
        msg += ": " + std::string(std::strerror(errnoValue));
    return msg;
}

} // namespace

IoError::IoError(const std::string& path, const std::string& action, int errnoValue)
    : std::runtime_error(describe(path, action, errnoValue)), m_path(path)
{
}

} // namespace tumble
