#pragma once
// Errors the engine reports to its callers. The kind decides the CLI exit code:
// bad input (the user's model or library is wrong), a simulation that failed, or an
// internal inconsistency (a bug in Flange, never the user's fault).
// The instances and time travel as data next to the message, so a GUI can select the
// culprits on its canvas without parsing text.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace flange {

enum class ErrorKind { BadInput, SimulationFailed, Cancelled, Internal };

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message, std::vector<std::string> instances_ = {},
          std::optional<double> time_ = std::nullopt)
        : std::runtime_error(message), instances(std::move(instances_)), time(time_), kind_(kind)
    {
        dedupe();
    }
    ErrorKind kind() const { return kind_; }

    // Top-level component instances the error concerns ("clutch1"), in order, no repeats.
    std::vector<std::string> instances;
    // Simulation time the error happened at, where there is one.
    std::optional<double> time;

    // Fluent additions for throw sites: throw badInput(msg).about({"inertia1"}).at(t).
    // Empty names (a variable of no component) are dropped.
    Error& about(const std::vector<std::string>& names)
    {
        instances.insert(instances.end(), names.begin(), names.end());
        dedupe();
        return *this;
    }
    Error& at(double t)
    {
        time = t;
        return *this;
    }

private:
    void dedupe()
    {
        std::vector<std::string> kept;
        for (auto& n : instances)
            if (!n.empty() && std::find(kept.begin(), kept.end(), n) == kept.end())
                kept.push_back(std::move(n));
        instances = std::move(kept);
    }

    ErrorKind kind_;
};

// A number as every message prints it (%g): "1e+23", "0.001", "-1e-300", "nan", never the
// "-0.000000" of std::to_string.
inline std::string readableNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

inline Error badInput(const std::string& message) { return Error(ErrorKind::BadInput, message); }
inline Error simulationFailed(const std::string& message)
{
    return Error(ErrorKind::SimulationFailed, message);
}
inline Error cancellation(const std::string& message) { return Error(ErrorKind::Cancelled, message); }
// model: the diagram's name (or file), so that a bug report can say which model hit it.
inline Error internalError(const std::string& model, const std::string& message)
{
    return Error(ErrorKind::Internal, "internal error (this is a bug in Flange) in model '" + model + "': " + message);
}

} // namespace flange
