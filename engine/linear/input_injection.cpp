#include "engine/linear/input_injection.hpp"

#include "engine/api/linearize.hpp"
#include "engine/error.hpp"

namespace flange::linear {

namespace {

const char* const kZero = "Blocks.Sources.Constant";
const char* const kIntegrator = "Blocks.Continuous.Integrator";
const char* const kTorque = "Rotational.Sources.Torque";
const char* const kForce = "Translational.Sources.Force";

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

std::vector<std::string> inputSourceTypes() { return {kZero, kIntegrator, kTorque, kForce}; }

std::shared_ptr<const Model> withInputs(const Model& model, const std::vector<std::string>& flanges,
                                        std::vector<std::string>& inputStates)
{
    diagram::Diagram edited = model.diagram();
    for (size_t k = 0; k < flanges.size(); ++k) {
        const std::string& flange = flanges[k];
        // A flange's potential variable tells its kind: an angle (rotational) or a position.
        const bool rotational = model.variableIndex(flange + ".phi").has_value();
        if (!rotational && !model.variableIndex(flange + ".s"))
            throw badInput("linearize: --input " + flange +
                           " is no flange of the model (name one as instance.flange, such as inertia1.flange_b)");
        const std::string tag = "linearizeInput" + std::to_string(k + 1);
        edited.components.push_back(part(tag + "Zero", kZero, {{"k", 0}}));
        edited.components.push_back(part(tag, kIntegrator, {{"k", 1}}));
        edited.components.push_back(
            part(tag + "Source", rotational ? kTorque : kForce, diagram::Json::object()));
        edited.connections.push_back({tag + "Zero.y", tag + ".u", {}, diagram::Json::object()});
        edited.connections.push_back({tag + ".y", tag + "Source." + (rotational ? "tau" : "f"), {}, diagram::Json::object()});
        edited.connections.push_back({tag + "Source.flange", flange, {}, diagram::Json::object()});
        inputStates.push_back(tag + ".y");
    }
    return model.translate(edited);
}

} // namespace flange::linear
