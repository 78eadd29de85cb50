#include "engine/library/subsystem_definition.hpp"

#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/io/json_input.hpp"
#include "engine/library/library.hpp"

namespace flange::library {

bool isDiagramText(const std::string& jsonText)
{
    // Cheap test first: most files are component definitions. The tag counts only as the
    // top-level "format": a definition may mention it anywhere else (a description).
    if (jsonText.find("\"flange-diagram\"") == std::string::npos)
        return false;
    try {
        const auto j = io::parseJsonInput(jsonText, "");
        return j.is_object() && j.contains("format") && j["format"] == "flange-diagram";
    } catch (const Error&) {
        return false; // malformed: the definition's parser says where
    }
}

ComponentDefinition subsystemDefinition(std::shared_ptr<const diagram::Diagram> sub, const std::string& file)
{
    const diagram::Diagram& s = *sub;
    const std::string who = file + ": subsystem '" + s.name + "'";
    if (s.name.empty())
        throw badInput(file + ": a subsystem needs a \"name\" (its type name)");
    ComponentDefinition d;
    d.name = s.name;
    d.description = s.description;
    d.file = file;
    d.icon = s.icon;
    if (!d.icon.empty() && !isConfinedRelativePath(d.icon))
        throw badInput(who + ": icon '" + d.icon +
                       "' is refused: it must be a relative path inside the icons folder (no '..', not absolute)");
    d.label = s.label;
    for (const diagram::OuterConnector& c : s.connectors) {
        ConnectorDef cd;
        cd.name = c.name;
        auto t = connectorTypeFromString(c.type);
        if (!t)
            throw badInput(who + ": connector '" + c.name + "': unknown connector type '" + c.type + "'");
        cd.type = *t;
        cd.x = c.x;
        cd.y = c.y;
        cd.description = c.description;
        if (!c.condition.empty())
            cd.condition = exprFromValue(nlohmann::json(c.condition), file, "connector '" + c.name + "' condition");
        d.connectors.push_back(std::move(cd));
    }
    for (const diagram::ParameterDeclaration& p : diagram::declarations(s)) {
        ParameterDef pd;
        pd.name = p.name;
        auto t = valueTypeFromString(p.type.empty() ? "Real" : p.type);
        // Another name is an enumeration type's, checked by Library::resolve.
        pd.type = t.value_or(ValueType::Enumeration);
        if (!t)
            pd.enumeration = p.type;
        pd.typeLoc.file = file;
        // {"value": 3, "displayUnit": "g"}: the value is in the parameter's unit.
        const diagram::Json& v = p.value.is_object() && p.value.contains("value") ? p.value["value"] : p.value;
        if (!v.is_null())
            pd.defaultValue = exprFromValue(nlohmann::json::parse(v.dump()), file, "parameter '" + p.name + "'");
        pd.unit = p.unit;
        pd.min = p.min;
        pd.max = p.max;
        pd.description = p.description;
        pd.required = p.required;
        if (!p.tab.empty())
            pd.tab = p.tab;
        d.parameters.push_back(std::move(pd));
    }
    for (const diagram::DiagramVariable& v : s.variables) {
        VariableDef vd;
        vd.name = v.name;
        vd.unit = v.unit;
        vd.description = v.description;
        const std::string what = "variable '" + v.name + "'";
        vd.binding = exprFromValue(nlohmann::json(v.value), file, what);
        if (v.start)
            vd.start = exprFromValue(nlohmann::json::parse(v.start->dump()), file, what + " start");
        if (v.fixed)
            vd.fixed = exprFromValue(nlohmann::json::parse(v.fixed->dump()), file, what + " fixed");
        d.variables.push_back(std::move(vd));
    }
    d.subsystem = std::move(sub);
    return d;
}

} // namespace flange::library
