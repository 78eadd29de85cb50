#include "engine/linear/input_injection.hpp"

#include "engine/api/linearize.hpp"
#include "engine/error.hpp"

namespace flange::linear {

namespace {

const char* const kZero = "Blocks.Sources.Constant";
const char* const kIntegrator = "Blocks.Continuous.Integrator";
const char* const kTorque = "Rotational.Sources.Torque";
const char* const kForce = "Translational.Sources.Force";
const char* const kAdd = "Blocks.Math.Add";

diagram::Component part(const std::string& name, const std::string& type, diagram::Json parameters)
{
    diagram::Component c;
    c.name = name;
    c.type = type;
    for (auto& [key, value] : parameters.items())
        c.parameters.emplace_back(key, value);
    return c;
}

} // namespace

std::vector<std::string> inputSourceTypes() { return {kZero, kIntegrator, kTorque, kForce, kAdd}; }

namespace {

// "torque.tau": a Real input connector of a component of the diagram.
bool isSignalInput(const Model& model, const diagram::Diagram& d, const std::string& name)
{
    const size_t dot = name.rfind('.');
    if (dot == std::string::npos)
        return false;
    for (const diagram::Component& c : d.components) {
        if (c.name != name.substr(0, dot))
            continue;
        const library::ComponentDefinition* def = model.library().find(c.type);
        if (!def)
            return false;
        for (const library::ConnectorDef& k : def->connectors)
            if (k.name == name.substr(dot + 1))
                return k.type == library::ConnectorType::RealInput && !k.size;
    }
    return false;
}

} // namespace

std::shared_ptr<const Model> withInputs(const Model& model, const std::vector<std::string>& flanges,
                                        std::vector<std::string>& inputStates)
{
    diagram::Diagram edited = model.diagram();
    for (size_t k = 0; k < flanges.size(); ++k) {
        const std::string& flange = flanges[k];
        const std::string tag = "linearizeInput" + std::to_string(k + 1);
        inputStates.push_back(tag + ".y");
        edited.components.push_back(part(tag + "Zero", kZero, {{"k", 0}}));
        edited.components.push_back(part(tag, kIntegrator, {{"k", 1}}));
        edited.connections.push_back({tag + "Zero.y", tag + ".u", {}, diagram::Json::object()});
        if (isSignalInput(model, model.diagram(), flange)) {
            // A signal: the integrator's output added to what drives it.
            edited.components.push_back(part(tag + "Add", kAdd, diagram::Json::object()));
            for (diagram::Connection& c : edited.connections) {
                if (c.to == flange)
                    c.to = tag + "Add.u1";
                else if (c.from == flange)
                    c.from = tag + "Add.u1";
            }
            edited.connections.push_back({tag + ".y", tag + "Add.u2", {}, diagram::Json::object()});
            edited.connections.push_back({tag + "Add.y", flange, {}, diagram::Json::object()});
            continue;
        }
        // A flange's potential variable tells its kind: an angle (rotational) or a position.
        const bool rotational = model.variableIndex(flange + ".phi").has_value();
        if (!rotational && !model.variableIndex(flange + ".s"))
            throw badInput("linearize: --input " + flange +
                           " is neither a flange nor a Real input of the model (name one as inertia1.flange_b or "
                           "torque.tau)");
        edited.components.push_back(
            part(tag + "Source", rotational ? kTorque : kForce, diagram::Json::object()));
        edited.connections.push_back({tag + ".y", tag + "Source." + (rotational ? "tau" : "f"), {}, diagram::Json::object()});
        edited.connections.push_back({tag + "Source.flange", flange, {}, diagram::Json::object()});
    }
    return model.translate(edited);
}

} // namespace flange::linear
