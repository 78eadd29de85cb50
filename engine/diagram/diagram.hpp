#pragma once
// A diagram as the user edits it: instances, connections, placements and the experiment.
// Pure data shared by the editor and the simulator (docs/diagram-format.md).
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flange::diagram {

using Json = nlohmann::ordered_json;

struct Placement {
    double x = 0, y = 0;
    double width = 20, height = 20;
    double rotation = 0; // degrees, counter-clockwise
    bool flipH = false, flipV = false;
};

// Start/fixed/stateSelect/nominal overrides of one variable; absent members keep the definition's.
struct VariableSettings {
    std::optional<Json> start;
    std::optional<Json> fixed;
    std::optional<std::string> stateSelect;
    std::optional<Json> nominal;
    bool operator==(const VariableSettings&) const = default;
};

struct Component {
    std::string name;
    std::string type;
    std::vector<std::pair<std::string, Json>> parameters;
    std::vector<std::pair<std::string, VariableSettings>> variables;
    Placement placement;
    Json extra = Json::object(); // keys the engine does not know, kept for round trips

    const Json* parameter(const std::string& n) const;
    void setParameter(const std::string& n, Json value);
    VariableSettings* variable(const std::string& n);
    const VariableSettings* variable(const std::string& n) const;
};

struct Connection {
    std::string from, to; // "instance.connector"
    std::vector<std::pair<double, double>> points;
    Json extra = Json::object();
};

struct Experiment {
    double startTime = 0;
    double stopTime = 1;
    std::optional<double> interval; // default (stop - start) / 500
    double tolerance = 1e-6;
    double outputInterval() const { return interval ? *interval : (stopTime - startTime) / 500.0; }
};

struct Diagram {
    std::string name;
    std::string description;
    Experiment experiment;
    std::vector<std::pair<std::string, Json>> parameters; // model-level
    std::vector<Component> components;
    std::vector<Connection> connections;
    Json plot = Json::object();
    Json annotations = Json::array();
    Json extra = Json::object();

    Component* component(const std::string& n);
    const Component* component(const std::string& n) const;
};

// Splits "inertia1.flange_a" into instance and connector; false if there is no dot.
bool splitEndpoint(const std::string& endpoint, std::string& instance, std::string& connector);

} // namespace flange::diagram
