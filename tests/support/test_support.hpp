#pragma once
// Helpers shared by the engine tests: the bundled library, diagrams from JSON text,
// and an in-memory result sink.
#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/library/library.hpp"
#include "engine/run.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::test {

const library::Library& bundledLibrary();
// The same library for the run API (Model::compile), which shares what it is given: it
// lives as long as the process, so nothing owns it.
std::shared_ptr<const library::Library> sharedBundledLibrary();
diagram::Diagram diagramFromJson(const std::string& json);

struct MemorySink : ResultSink {
    std::vector<std::string> names;
    std::vector<double> times;
    std::vector<std::vector<double>> rows;
    std::vector<EventRecord> events;
    long expectedRows = -1;     // as told before the first row
    bool expectedEventRows = true;
    long rowsWhenExpected = -1; // rows received by then
    void begin(const std::vector<std::string>& n) override { names = n; }
    void expectRows(long gridRows, bool eventRows) override
    {
        expectedRows = gridRows;
        expectedEventRows = eventRows;
        rowsWhenExpected = static_cast<long>(times.size());
    }
    void row(double t, const std::vector<double>& v) override
    {
        times.push_back(t);
        rows.push_back(v);
    }
    void event(const EventRecord& e) override { events.push_back(e); }
    int column(const std::string& name) const;
    // Linear interpolation of a signal at time t (the last row at t for event rows).
    double at(const std::string& name, double t) const;
    double last(const std::string& name) const { return rows.back()[static_cast<size_t>(column(name))]; }
};

struct Simulated {
    std::shared_ptr<const CompiledModel> model;
    SimulationStats stats;
    MemorySink sink;
};

Simulated simulateJson(const std::string& json, const SimulationOptions& options = {});

// The text of a bundled example, models/msl/<path> ("Rotational/CoupledClutches.json").
std::string bundledModel(const std::string& path);

// Tiny diagram builder: components as "name:Type{param=value,...}" lines are overkill;
// tests write JSON directly with these helpers for brevity.
std::string component(const std::string& name, const std::string& type, const std::string& params = "{}",
                      const std::string& variables = "{}");
std::string diagramJson(const std::vector<std::string>& components,
                        const std::vector<std::pair<std::string, std::string>>& connections, double stop = 1.0,
                        double interval = 0.01);
// inertia1 (J = 1) -> gear (ratio 2) -> inertia2 (J = 4), each inertia with the given
// variable settings: the initialization and Check tests' model of redundant fixed starts.
std::string gearTrainJson(const std::string& vars1, const std::string& vars2);

bool hasState(const CompiledModel& m, const std::string& name);

// A new empty folder under the system's temporary directory, removed with this object.
// Its name is unique (mkdtemp), as ctest runs test processes in parallel.
class TempFolder {
public:
    explicit TempFolder(const std::string& prefix = "flange-test");
    ~TempFolder();
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

} // namespace flange::test
