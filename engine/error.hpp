#pragma once
// Errors the engine reports to its callers. The kind decides the CLI exit code:
// bad input (the user's model or library is wrong) versus a simulation that failed.
#include <stdexcept>
#include <string>

namespace flange {

enum class ErrorKind { BadInput, SimulationFailed, Cancelled };

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }

private:
    ErrorKind kind_;
};

inline Error badInput(const std::string& message) { return Error(ErrorKind::BadInput, message); }
inline Error simulationFailed(const std::string& message)
{
    return Error(ErrorKind::SimulationFailed, message);
}

} // namespace flange
