#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <stdlib.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace flange::test {

std::string bundledModel(const std::string& path)
{
    std::ifstream in(std::string(FLANGE_SOURCE_DIR) + "/models/msl/" + path);
    if (!in)
        throw std::runtime_error("no bundled example models/msl/" + path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const library::Library& bundledLibrary()
{
    static const library::Library lib = [] {
        library::Library l;
        l.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
        l.resolve();
        return l;
    }();
    return lib;
}

std::shared_ptr<const library::Library> sharedBundledLibrary()
{
    static const std::shared_ptr<const library::Library> shared(&bundledLibrary(), [](const library::Library*) {});
    return shared;
}

diagram::Diagram diagramFromJson(const std::string& json) { return diagram::parseDiagram(json, "test.json"); }

int MemorySink::column(const std::string& name) const
{
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    throw std::runtime_error("no signal " + name);
}

double MemorySink::at(const std::string& name, double t) const
{
    size_t c = static_cast<size_t>(column(name));
    for (size_t i = 1; i < times.size(); ++i) {
        if (times[i] >= t) {
            double t0 = times[i - 1], t1 = times[i];
            if (t1 == t0)
                return rows[i][c];
            double w = (t - t0) / (t1 - t0);
            return rows[i - 1][c] * (1 - w) + rows[i][c] * w;
        }
    }
    return rows.back()[c];
}

Simulated simulateJson(const std::string& json, const SimulationOptions& options)
{
    Simulated s;
    s.model = compileModel(diagramFromJson(json), bundledLibrary());
    s.stats = simulate(*s.model, options, s.sink);
    return s;
}

std::string component(const std::string& name, const std::string& type, const std::string& params,
                      const std::string& variables)
{
    return R"({"name": ")" + name + R"(", "type": ")" + type + R"(", "parameters": )" + params +
           R"(, "variables": )" + variables + "}";
}

std::string diagramJson(const std::vector<std::string>& components,
                        const std::vector<std::pair<std::string, std::string>>& connections, double stop, double interval)
{
    std::string j = R"({"format": "flange-diagram", "version": 1, "name": "test", "experiment": {"startTime": 0, "stopTime": )" +
                    std::to_string(stop) + R"(, "interval": )" + std::to_string(interval) +
                    R"(, "tolerance": 1e-8}, "components": [)";
    for (size_t i = 0; i < components.size(); ++i)
        j += (i ? ", " : "") + components[i];
    j += R"(], "connections": [)";
    for (size_t i = 0; i < connections.size(); ++i)
        j += std::string(i ? ", " : "") + R"({"from": ")" + connections[i].first + R"(", "to": ")" +
             connections[i].second + R"("})";
    return j + "]}";
}

std::string gearTrainJson(const std::string& vars1, const std::string& vars2)
{
    return diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", vars1),
                        component("gear", "Rotational.Components.IdealGear", R"({"ratio": 2})"),
                        component("inertia2", "Rotational.Components.Inertia", R"({"J": 4})", vars2)},
                       {{"inertia1.flange_b", "gear.flange_a"}, {"gear.flange_b", "inertia2.flange_a"}});
}

bool hasState(const CompiledModel& m, const std::string& name)
{
    for (const auto& s : m.stats.stateNames)
        if (s == name)
            return true;
    return false;
}

TempFolder::TempFolder(const std::string& prefix)
{
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data()))
        throw std::runtime_error("cannot create a temporary folder from " + pattern);
    path_ = pattern;
}

TempFolder::~TempFolder()
{
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

} // namespace flange::test
