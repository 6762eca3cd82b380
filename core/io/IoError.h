#pragma once
// IoError: an output file could not be opened or written. what() names the file and the
// system's reason (errno text), so a user can fix the path or free the disk.
#include <stdexcept>
#include <string>

namespace tumble {

class IoError : public std::runtime_error {
public:
    /// path: the file concerned; action: what failed ("cannot open", "cannot write");
    /// errnoValue: errno at the failure (0 when none applies).
    IoError(const std::string& path, const std::string& action, int errnoValue);

    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

} // namespace tumble
