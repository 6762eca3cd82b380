#include "OutputPaths.h"

#include <filesystem>
#include <system_error>

#include <sys/stat.h>

#include "UsageError.h"

namespace tumble::cli {

namespace {

namespace fs = std::filesystem;

// the path with every symlink along it followed, dangling ones included (a symlink whose target
// does not exist yet still names that target), then made canonical as far as it exists
fs::path resolved(const std::string& text)
{
    std::error_code ec;
    fs::path p = fs::absolute(text, ec);
    if (ec)
        return fs::path(text).lexically_normal();
    for (int hops = 0; hops < 40; ++hops) {
        const fs::path parent = fs::weakly_canonical(p.parent_path(), ec);
        if (!ec)
            p = parent / p.filename();
        if (!fs::is_symlink(fs::symlink_status(p, ec)))
            break;
        const fs::path target = fs::read_symlink(p, ec);
        if (ec)
            break;
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    const fs::path canonical = fs::weakly_canonical(p, ec);
    return (ec ? p : canonical).lexically_normal();
}

} // namespace

bool samePath(const std::string& a, const std::string& b)
{
    struct stat sa {};
    struct stat sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return resolved(a) == resolved(b);
}

void checkOutputPaths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs)
{
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        for (const NamedPath& in : inputs)
            if (samePath(outputs[i].path, in.path))
                throw UsageError(outputs[i].option + ": '" + outputs[i].path + "' is the " + in.option + " '" +
                                 in.path + "'; an output must not overwrite an input");
        for (std::size_t j = 0; j < i; ++j)
            if (samePath(outputs[i].path, outputs[j].path))
                throw UsageError(outputs[i].option + ": '" + outputs[i].path + "' is the same file as " +
                                 outputs[j].option + " '" + outputs[j].path + "'; give each output its own path");
    }
}

} // namespace tumble::cli
