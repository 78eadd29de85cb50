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
    // Inside a subsystem: a Boolean expression of its parameters; when false the component
    // and the connections to it are left out (Modelica's conditional component). Empty: always.
    std::string condition;
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
    // The integrator (docs/diagram-format.md, "auto" and "bdf" in the file): Auto, Adams
    // methods (CVODE) while the model is not stiff and BDF (IDA) from where it turns stiff;
    // Bdf, IDA throughout (Dymola's DASSL). flange-sim's --integrator overrides it.
    enum class Integrator { Auto, Bdf } integrator = Integrator::Auto;
    bool exactOutputs = false; // algebraic unknowns solved exactly at every output point
    bool operator==(const Experiment&) const = default;
    double outputInterval() const { return interval ? *interval : (stopTime - startTime) / 500.0; }
};

// A connector of a subsystem: what its users connect to. Inside, connections name it by
// its bare name ("flangeT"); outside, like any connector ("vehicle.flangeT").
struct OuterConnector {
    std::string name;
    std::string type;      // "Rotational.Flange_a", ... as in component definitions
    double x = -100, y = 0; // position on the subsystem's icon, MSL coordinates, y up
    Placement placement;   // its port symbol on the inner canvas
    std::string description;
    std::string condition; // as Component::condition: when false the connector is absent
    Json extra = Json::object();
};

// A variable of a subsystem itself, equal to an expression of its parts' variables (MSL's
// Vehicle: s = mass.s). Results name it by the instance's path ("vehicle.s"); an instance
// sets its start and fixed like any variable's ("variables": {"s": {"fixed": true}}).
struct DiagramVariable {
    std::string name;
    std::string value; // "mass.s"
    std::string unit, description;
    std::optional<Json> start, fixed;
    Json extra = Json::object();
};

struct Diagram {
    std::string name; // a subsystem's type name
    std::string description;
    Experiment experiment;
    std::vector<std::pair<std::string, Json>> parameters; // model-level; a subsystem's declared parameters
    std::vector<Component> components;
    std::vector<Connection> connections;
    Json plot = Json::object();
    Json annotations = Json::array();
    Json extra = Json::object();
    // Subsystems (docs/diagram-format.md): a diagram with outer connectors is usable as a component.
    std::string icon, label;
    std::vector<OuterConnector> connectors;
    std::vector<Diagram> subsystems; // embedded, each .name is its type name
    std::vector<DiagramVariable> variables;
    // The folder of the file it was read from (not saved): relative table file names
    // (CombiTimeTable's fileName) are found there. Empty: the working folder.
    std::string folder;
    // Further folders its data files may be read from, as the user allowed (not saved;
    // io/data_files.hpp): flange-sim's --allow-files, the window's question.
    std::vector<std::string> allowedDataFolders;

    Component* component(const std::string& n);
    const Component* component(const std::string& n) const;
    // Embedded subsystem of this level only (not of enclosing diagrams, not the library).
    const Diagram* findSubsystem(const std::string& type) const;
    const OuterConnector* connector(const std::string& n) const;
};

// Whether two diagrams simulate alike: they differ at most in how they are drawn
// (placements, connection routes, icons, an outer connector's place on the icon), in the
// plot setup and annotations, and in descriptions. The window re-runs a model after an
// edit only when this is false; it used to compare the two serialized, which took 0.1 s
// of its time at every edit of a 10,000-part model.
bool simulatesAlike(const Diagram& a, const Diagram& b);

// Splits "inertia1.flange_a" into instance and connector; false if there is no dot.
bool splitEndpoint(const std::string& endpoint, std::string& instance, std::string& connector);

} // namespace flange::diagram
