#pragma once
// The error a scene file raises: it names the file, the JSON path and the problem.
#include <stdexcept>
#include <string>

namespace tumble {

class SceneError : public std::runtime_error {
public:
    /// file: path or "builtin:<id>"; jsonPath: JSON pointer such as "/bodies/3/radius", or a
    /// position "line 4, column 7" for syntax errors; problem: what is wrong, in words.
    SceneError(std::string file, std::string jsonPath, std::string problem)
        : std::runtime_error(file + ": " + jsonPath + ": " + problem), m_file(std::move(file)),
          m_path(std::move(jsonPath)), m_problem(std::move(problem))
    {
    }
    const std::string& file() const { return m_file; }
    const std::string& jsonPath() const { return m_path; }
    const std::string& problem() const { return m_problem; }

private:
    std::string m_file;
    std::string m_path;
    std::string m_problem;
};

} // namespace tumble
