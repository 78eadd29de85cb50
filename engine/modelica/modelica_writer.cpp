#include "engine/modelica/modelica_writer.hpp"

#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"

#include "engine/library/subsystem_definition.hpp"

#include <cctype>
#include <map>
#include <set>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace flange::modelica {

namespace {

using diagram::Json;

std::string number(double v) { return io::shortestNumber(v == 0 ? 0.0 : v); }

std::string quoted(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

// A value as a Modelica expression: numbers at full precision, Booleans, a table's rows as
// a matrix `[a, b; c, d]`, expression text as it is (Flange's expressions are Modelica's).
std::string expression(const Json& v, bool isString)
{
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    if (v.is_number())
        return number(v.get<double>());
    if (v.is_string())
        return isString ? quoted(v.get<std::string>()) : v.get<std::string>();
    if (v.is_array()) {
        std::string out = "[";
        for (size_t r = 0; r < v.size(); ++r) {
            if (r > 0)
                out += "; ";
            const Json& row = v[r];
            if (!row.is_array())
                return "{" + expression(row, false) + "}";
            for (size_t c = 0; c < row.size(); ++c)
                out += (c > 0 ? ", " : "") + expression(row[c], false);
        }
        return out + "]";
    }
    if (v.is_object() && v.contains("value"))
        return expression(v["value"], isString);
    return v.dump();
}

// `J=2`, `m(displayUnit="g")=0.3`; a declaration's own unit first: `T(unit="s")=0.4`.
std::string modifier(const std::string& name, const Json& v, bool isString, const std::string& unit = {})
{
    std::vector<std::string> attributes;
    if (!unit.empty())
        attributes.push_back("unit=" + quoted(unit));
    if (v.is_object() && v.contains("displayUnit") && v["displayUnit"].is_string())
        attributes.push_back("displayUnit=" + quoted(v["displayUnit"].get<std::string>()));
    std::string out = name;
    if (!attributes.empty()) {
        out += "(";
        for (size_t i = 0; i < attributes.size(); ++i)
            out += (i ? ", " : "") + attributes[i];
        out += ")";
    }
    return out + "=" + expression(v, isString);
}

// Placement in Modelica's diagram: origin with y up, extent around it, flips as a
// reversed extent, rotation counter-clockwise as Flange's.
std::string placement(const diagram::Placement& p)
{
    const double w = p.width / 2, h = p.height / 2;
    const double x1 = p.flipH ? w : -w, x2 = -x1, y1 = p.flipV ? h : -h, y2 = -y1;
    return "Placement(transformation(extent={{" + number(x1) + "," + number(y1) + "},{" + number(x2) + "," +
           number(y2) + "}}, rotation=" + number(p.rotation) + ", origin={" + number(p.x) + "," + number(-p.y) + "}))";
}

// Where a connector of a placed component is, in Modelica's diagram coordinates: its
// icon position (y up, icon extent ±100) scaled to the placement, flipped, rotated.
std::pair<double, double> connectorPoint(const diagram::Placement& p, const library::ConnectorDef& c)
{
    double x = c.x * p.width / 200, y = c.y * p.height / 200;
    if (p.flipH)
        x = -x;
    if (p.flipV)
        y = -y;
    const double a = p.rotation * std::numbers::pi / 180;
    const double cs = std::round(std::cos(a) * 1e12) / 1e12, sn = std::round(std::sin(a) * 1e12) / 1e12;
    return {p.x + cs * x - sn * y, -p.y + sn * x + cs * y};
}

// Modelica's diagram is ±100 unless it says otherwise: a larger drawing gets its extent,
// rounded out to the 20-unit grid, so that no tool clips it.
std::string identifier(const std::string& s);

// The diagram's text notes as Text graphics, each placed by its top-left corner and
// sized by its text (about 2 units a character, 10 a line), as the reader takes them back.
std::string notes(const diagram::Diagram& d)
{
    std::string out;
    for (const Json& a : d.annotations) {
        if (!a.is_object() || a.value("type", "") != "note" || !a.contains("text") || !a["text"].is_string())
            continue;
        const std::string text = a["text"].get<std::string>();
        size_t longest = 0, lines = 1, run = 0;
        for (char c : text) {
            run = c == '\n' ? 0 : run + 1;
            lines += c == '\n';
            longest = std::max(longest, run);
        }
        const double x = a.value("x", 0.0), y = -a.value("y", 0.0);
        out += std::string(out.empty() ? "" : ", ") + "Text(extent={{" + number(x) + "," + number(y) + "},{" +
               number(x + 2.0 * std::max<size_t>(longest, 1)) + "," + number(y - 10.0 * lines) + "}}, textString=" +
               quoted(text) + ")";
    }
    return out;
}

// Documentation read from Modelica (info, revisions), written back as it was.
std::string documentation(const diagram::Diagram& d)
{
    if (!d.extra.contains("documentation") || !d.extra["documentation"].is_object())
        return std::string();
    std::string out;
    for (const auto& [key, value] : d.extra["documentation"].items())
        if (value.is_string())
            out += std::string(out.empty() ? "" : ", ") + identifier(key) + "=" + quoted(value.get<std::string>());
    return out.empty() ? out : ", Documentation(" + out + ")";
}

// Annotations of other tools read from Modelica (__Dymola_Commands, ...) as they were
// typed, and Flange's plot setup, which Modelica has no place for, as a vendor annotation.
std::string keptAnnotations(const diagram::Diagram& d)
{
    std::string out;
    if (d.extra.contains("modelicaAnnotations") && d.extra["modelicaAnnotations"].is_array())
        for (const Json& a : d.extra["modelicaAnnotations"])
            if (a.is_string())
                out += ", " + a.get<std::string>();
    if (!d.plot.empty())
        out += ", __Flange(plot=" + quoted(d.plot.dump()) + ")";
    return out;
}

std::string coordinateSystem(const diagram::Diagram& d, const std::string& graphics)
{
    double x1 = -100, y1 = -100, x2 = 100, y2 = 100;
    auto cover = [&](double x, double y) {
        x1 = std::min(x1, 20 * std::floor(x / 20));
        x2 = std::max(x2, 20 * std::ceil(x / 20));
        y1 = std::min(y1, 20 * std::floor(y / 20));
        y2 = std::max(y2, 20 * std::ceil(y / 20));
    };
    for (const diagram::Component& c : d.components) {
        const double r = std::max(c.placement.width, c.placement.height) / 2;
        cover(c.placement.x - r, -c.placement.y - r);
        cover(c.placement.x + r, -c.placement.y + r);
    }
    for (const diagram::Connection& k : d.connections)
        for (const auto& [x, y] : k.points)
            cover(x, -y);
    for (const Json& a : d.annotations)
        if (a.is_object() && a.value("type", "") == "note")
            cover(a.value("x", 0.0), -a.value("y", 0.0));
    const std::string drawn = graphics.empty() ? std::string() : "graphics={" + graphics + "}";
    if (x1 == -100 && y1 == -100 && x2 == 100 && y2 == 100)
        return drawn.empty() ? std::string() : ", Diagram(" + drawn + ")";
    return ", Diagram(coordinateSystem(extent={{" + number(x1) + "," + number(y1) + "},{" + number(x2) + "," +
           number(y2) + "}})" + (drawn.empty() ? "" : ", " + drawn) + ")";
}

std::string identifier(const std::string& s)
{
    std::string out;
    for (char c : s)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
        out = "_" + out;
    return out;
}

} // namespace

std::string mslClassName(const std::string& type)
{
    if (type.starts_with("Rotational.") || type.starts_with("Translational."))
        return "Modelica.Mechanics." + type;
    if (type.starts_with("Blocks.") || type.starts_with("Thermal."))
        return "Modelica." + type;
    return std::string();
}

namespace {

// The faces of the diagram's subsystems (and theirs), by type name: what their users see.
using Faces = std::map<std::string, library::ComponentDefinition>;

void collectFaces(const diagram::Diagram& d, Faces& faces)
{
    for (const diagram::Diagram& sub : d.subsystems) {
        faces.emplace(sub.name, library::subsystemDefinition(std::make_shared<const diagram::Diagram>(sub), sub.name));
        collectFaces(sub, faces);
    }
}

void collectSubsystems(const diagram::Diagram& d, std::vector<const diagram::Diagram*>& out)
{
    for (const diagram::Diagram& sub : d.subsystems) {
        collectSubsystems(sub, out);
        out.push_back(&sub);
    }
}

// The MSL connector class of an outer connector's type ("Rotational.Flange_a").
std::string connectorClass(const std::string& type)
{
    if (type.starts_with("Rotational.") || type.starts_with("Translational."))
        return "Modelica.Mechanics." + type.substr(0, type.find('.')) + ".Interfaces" + type.substr(type.find('.'));
    if (type.starts_with("Thermal."))
        return "Modelica.Thermal.HeatTransfer.Interfaces" + type.substr(7);
    return "Modelica.Blocks.Interfaces." + type;
}

std::string modelText(const diagram::Diagram& d, const library::Library& library, const Faces& faces,
                      const std::string& name, bool subsystem);

// The types of Flange's own library the diagram uses (its contact laws, your definitions):
// MSL has no class for them.
void collectOwnTypes(const diagram::Diagram& d, const library::Library& library, const Faces& faces,
                     std::set<std::string>& out)
{
    for (const diagram::Component& c : d.components)
        if (mslClassName(c.type).empty() && !faces.count(c.type) && library.find(c.type))
            out.insert(c.type);
    for (const diagram::Diagram& sub : d.subsystems)
        collectOwnTypes(sub, library, faces, out);
}

std::string valueTypeName(const library::ValueType t)
{
    return t == library::ValueType::Integer   ? "Integer"
           : t == library::ValueType::Boolean ? "Boolean"
           : t == library::ValueType::String  ? "String"
                                              : "Real";
}

void writeEquations(const std::vector<library::EquationDef>& equations, const std::string& indent, std::string& out)
{
    for (const library::EquationDef& e : equations) {
        switch (e.kind) {
        case library::EquationDef::Kind::Equation:
            out += indent + e.text + ";\n";
            break;
        case library::EquationDef::Kind::If:
        case library::EquationDef::Kind::When: {
            const std::string word = e.kind == library::EquationDef::Kind::If ? "if" : "when";
            for (size_t i = 0; i < e.branches.size(); ++i) {
                out += indent + (i == 0 ? word : "else" + word) + " " + e.branches[i].first.text + " then\n";
                writeEquations(e.branches[i].second, indent + "  ", out);
            }
            if (!e.elseBranch.empty()) {
                out += indent + "else\n";
                writeEquations(e.elseBranch, indent + "  ", out);
            }
            out += indent + "end " + word + ";\n";
            break;
        }
        case library::EquationDef::Kind::For:
            out += indent + "for " + e.range.text + " loop\n";
            writeEquations(e.elseBranch, indent + "  ", out);
            out += indent + "end for;\n";
            break;
        }
    }
}

std::string attributeList(const std::vector<std::string>& attributes)
{
    std::string out;
    for (size_t i = 0; i < attributes.size(); ++i)
        out += (i ? ", " : "(") + attributes[i];
    return out.empty() ? out : out + ")";
}

// A component of Flange's own written from its definition (bases merged), so that a
// Modelica tool can simulate it; __Flange(type=...) reads it back as the library's type.
std::string definitionText(const library::ComponentDefinition& def, const std::string& name)
{
    std::string out = "model " + name + (def.description.empty() ? "" : " " + quoted(def.description)) + "\n";
    for (const library::ParameterDef& p : def.parameters) {
        std::vector<std::string> attributes;
        if (!p.unit.empty())
            attributes.push_back("unit=" + quoted(p.unit));
        if (p.min)
            attributes.push_back("min=" + number(*p.min));
        if (p.max)
            attributes.push_back("max=" + number(*p.max));
        // An enumeration by its MSL name (StateSelect is built into Modelica).
        const std::string type = p.type != library::ValueType::Enumeration ? valueTypeName(p.type)
                                 : p.enumeration == "StateSelect"           ? p.enumeration
                                                                            : "Modelica." + p.enumeration;
        out += std::string("  ") + (p.isFinal ? "final " : "") + "parameter " + type + " " + p.name +
               attributeList(attributes) +
               (p.defaultValue && !p.defaultValue->text.empty() ? " = " + p.defaultValue->text : std::string()) +
               (p.description.empty() ? "" : " " + quoted(p.description)) + ";\n";
    }
    for (const library::ConnectorDef& c : def.connectors)
        out += "  " + connectorClass(library::toString(c.type)) + " " + c.name + (c.size ? "[" + c.size->text + "]" : "") +
               (c.condition ? " if " + c.condition->text : "") +
               (c.description.empty() ? "" : " " + quoted(c.description)) + " annotation(Placement(transformation(extent={{" +
               number(c.x - 10) + "," + number(c.y - 10) + "},{" + number(c.x + 10) + "," + number(c.y + 10) + "}})));\n";
    for (const library::VariableDef& v : def.variables) {
        std::vector<std::string> attributes;
        if (!v.unit.empty())
            attributes.push_back("unit=" + quoted(v.unit));
        for (const auto& [key, value] : {std::pair{"start", &v.start}, std::pair{"fixed", &v.fixed},
                                         std::pair{"stateSelect", &v.stateSelect}, std::pair{"nominal", &v.nominal}})
            if (*value)
                attributes.push_back(std::string(key) + "=" + (*value)->text);
        out += std::string("  ") + (v.discrete ? "discrete " : "") + valueTypeName(v.type) + " " + v.name +
               attributeList(attributes) + (v.binding ? " = " + v.binding->text : std::string()) +
               (v.description.empty() ? "" : " " + quoted(v.description)) + ";\n";
    }
    if (!def.initialEquations.empty()) {
        out += "initial equation\n";
        writeEquations(def.initialEquations, "  ", out);
    }
    out += "equation\n";
    writeEquations(def.equations, "  ", out);
    out += "  annotation(__Flange(type=" + quoted(def.name) + "));\n";
    return out + "end " + name + ";\n";
}

// "Gallery.Gearbox" -> {"Gallery", "Gearbox"}, each a Modelica identifier.
std::vector<std::string> nameParts(const std::string& type)
{
    std::vector<std::string> parts;
    for (size_t b = 0, e; b <= type.size(); b = e + 1) {
        e = type.find('.', b);
        if (e == std::string::npos)
            e = type.size();
        parts.push_back(identifier(type.substr(b, e - b)));
    }
    return parts;
}

} // namespace

std::string writeModelica(const diagram::Diagram& d, const library::Library& library, const std::string& modelName)
{
    const std::string name = identifier(modelName);
    Faces faces;
    collectFaces(d, faces);
    std::set<std::string> own;
    collectOwnTypes(d, library, faces, own);
    if (faces.empty() && own.empty())
        return modelText(d, library, faces, name, false);

    // Subsystems as models of one package with the model, each in the packages its type
    // name gives ("Gallery.Gearbox": package Gallery, model Gearbox), so that the model's
    // instances name them as the diagram does.
    std::vector<const diagram::Diagram*> subs;
    collectSubsystems(d, subs);
    std::string out = "package " + name + "\n";
    for (const std::string& type : own) {
        const std::vector<std::string> parts = nameParts(type);
        for (size_t i = 0; i + 1 < parts.size(); ++i)
            out += "package " + parts[i] + "\n";
        out += definitionText(*library.find(type), parts.back());
        for (size_t i = parts.size() - 1; i-- > 0;)
            out += "end " + parts[i] + ";\n";
    }
    std::set<std::string> written;
    for (const diagram::Diagram* sub : subs) {
        if (!written.insert(sub->name).second)
            continue;
        const std::vector<std::string> parts = nameParts(sub->name);
        for (size_t i = 0; i + 1 < parts.size(); ++i)
            out += "package " + parts[i] + "\n";
        out += modelText(*sub, library, faces, parts.back(), true);
        for (size_t i = parts.size() - 1; i-- > 0;)
            out += "end " + parts[i] + ";\n";
    }
    out += modelText(d, library, faces, name, false);
    return out + "  annotation(uses(Modelica(version=\"4.0.0\")));\nend " + name + ";\n";
}

namespace {

std::string modelText(const diagram::Diagram& d, const library::Library& library, const Faces& faces,
                      const std::string& name, bool subsystem)
{
    auto definition = [&](const std::string& type) -> const library::ComponentDefinition* {
        auto it = faces.find(type);
        return it != faces.end() ? &it->second : library.find(type);
    };
    std::string out = "model " + name;
    if (!d.description.empty())
        out += " " + quoted(d.description);
    out += "\n";
    for (const diagram::ParameterDeclaration& p : diagram::declarations(d)) {
        const bool isBoolean = p.type == "Boolean" || p.value.is_boolean() ||
                               (p.value.is_object() && p.value.contains("value") && p.value["value"].is_boolean());
        const std::string type = isBoolean ? "Boolean" : p.type == "Integer" ? "Integer" : "Real";
        std::string declared = modifier(p.name, p.value, false, p.unit);
        // The bounds among the attributes: `T(unit="s", min=0)=0.4`.
        std::string bounds;
        if (p.min)
            bounds += ", min=" + number(*p.min);
        if (p.max)
            bounds += ", max=" + number(*p.max);
        if (!bounds.empty()) {
            const size_t open = declared.find('('), eq = declared.find('=');
            declared = open != std::string::npos && open < eq
                           ? declared.insert(declared.find(")=") , bounds)
                           : declared.insert(p.name.size(), "(" + bounds.substr(2) + ")");
        }
        out += "  parameter " + type + " " + declared;
        if (!p.description.empty())
            out += " " + quoted(p.description);
        out += ";\n";
    }
    // The model's own variables (a loss power of its parts'), with their units.
    for (const diagram::DiagramVariable& v : d.variables) {
        out += "  Real " + v.name + (v.unit.empty() ? "" : "(unit=" + quoted(v.unit) + ")") + " = " + v.value;
        if (!v.description.empty())
            out += " " + quoted(v.description);
        out += ";\n";
    }
    // A subsystem's outer connectors: MSL connector instances, placed on the inner
    // canvas, with their place on the icon as the icon's transformation.
    for (const diagram::OuterConnector& oc : d.connectors) {
        out += "  " + connectorClass(oc.type) + " " + oc.name;
        if (!oc.condition.empty())
            out += " if " + oc.condition;
        if (!oc.description.empty())
            out += " " + quoted(oc.description);
        std::string at = placement(oc.placement);
        at.pop_back(); // the closing bracket of Placement(...)
        out += "\n    annotation(" + at + ", iconTransformation(extent={{-10,-10},{10,10}}, origin={" + number(oc.x) + "," +
               number(oc.y) + "})));\n";
    }
    for (const diagram::Component& c : d.components) {
        // The library's diagrams with MSL names (Vehicle, the examples' Utilities) are MSL
        // classes; the diagram's own subsystems are models of the package written.
        // Flange's own types are models of the package written, as its subsystems are.
        const bool ownClass = faces.count(c.type) > 0 || (mslClassName(c.type).empty() && library.find(c.type));
        const std::string cls = ownClass ? c.type : mslClassName(c.type);
        const library::ComponentDefinition* def = definition(c.type);
        if (cls.empty() || !def)
            throw badInput("component " + c.name + " (" + c.type + "): " +
                           "a class the Modelica Standard Library does not have" +
                           "; writing Modelica handles MSL components and the diagram's own subsystems only so far");
        std::vector<std::string> modifiers;
        for (const auto& [p, value] : c.parameters) {
            const library::ParameterDef* pd = def->parameter(p);
            modifiers.push_back(modifier(p, value, pd && pd->type == library::ValueType::String));
        }
        for (const auto& [v, s] : c.variables) {
            std::vector<std::string> attributes;
            if (s.start)
                attributes.push_back("start=" + expression(*s.start, false));
            if (s.fixed)
                attributes.push_back("fixed=" + expression(*s.fixed, false));
            if (s.stateSelect)
                attributes.push_back("stateSelect=StateSelect." + *s.stateSelect);
            if (s.nominal)
                attributes.push_back("nominal=" + expression(*s.nominal, false));
            if (attributes.empty())
                continue;
            std::string m = v + "(";
            for (size_t i = 0; i < attributes.size(); ++i)
                m += (i ? ", " : "") + attributes[i];
            modifiers.push_back(m + ")");
        }
        out += "  " + cls + " " + c.name;
        if (!modifiers.empty()) {
            out += "(";
            for (size_t i = 0; i < modifiers.size(); ++i)
                out += (i ? ", " : "") + modifiers[i];
            out += ")";
        }
        if (!c.condition.empty())
            out += " if " + c.condition;
        out += "\n    annotation(" + placement(c.placement) + ");\n";
    }
    out += "equation\n";
    for (const diagram::Connection& k : d.connections) {
        // The line: from the first connector through the route's corners to the second.
        std::vector<std::pair<double, double>> points;
        auto end = [&](const std::string& endpoint) {
            std::string instance, connector;
            if (!diagram::splitEndpoint(endpoint, instance, connector)) {
                // An outer connector of a subsystem: its symbol on the inner canvas.
                if (const diagram::OuterConnector* oc = d.connector(endpoint))
                    points.emplace_back(oc->placement.x, -oc->placement.y + 0.0);
                return;
            }
            const diagram::Component* c = d.component(instance);
            const library::ComponentDefinition* def = c ? definition(c->type) : nullptr;
            // A member of a vector connector (`y[2]`) is drawn at the connector's place.
            if (const library::ConnectorDef* cd = def ? def->connector(connector.substr(0, connector.find('['))) : nullptr)
                points.push_back(connectorPoint(c->placement, *cd));
        };
        end(k.from);
        for (const auto& [x, y] : k.points)
            points.emplace_back(x, -y);
        end(k.to);
        out += "  connect(" + k.from + ", " + k.to + ")";
        if (points.size() >= 2) {
            out += " annotation(Line(points={";
            for (size_t i = 0; i < points.size(); ++i)
                out += (i ? ", {" : "{") + number(points[i].first) + "," + number(points[i].second) + "}";
            out += "}";
            if (const Json* color = k.extra.contains("color") ? &k.extra["color"] : nullptr;
                color && color->is_array() && color->size() == 3)
                out += ", color={" + expression((*color)[0], false) + "," + expression((*color)[1], false) + "," +
                       expression((*color)[2], false) + "}";
            out += "))";
        }
        out += ";\n";
    }
    if (subsystem) {
        // A subsystem's label and icon, which Modelica draws otherwise, kept for Flange.
        std::string kept;
        if (!d.label.empty())
            kept += "label=" + quoted(d.label);
        if (!d.icon.empty())
            kept += std::string(kept.empty() ? "" : ", ") + "icon=" + quoted(d.icon);
        std::string graphics = notes(d);
        if (!kept.empty() || !graphics.empty())
            out += "  annotation(" + (kept.empty() ? std::string() : "__Flange(" + kept + ")") +
                   (graphics.empty() ? "" : std::string(kept.empty() ? "" : ", ") + "Diagram(graphics={" + graphics + "})") +
                   ");\n";
        return out + "end " + name + ";\n";
    }
    const diagram::Experiment& e = d.experiment;
    out += "  annotation(experiment(StartTime=" + number(e.startTime) + ", StopTime=" + number(e.stopTime) +
           (e.interval ? ", Interval=" + number(*e.interval) : std::string()) + ", Tolerance=" + number(e.tolerance) +
           "), uses(Modelica(version=\"4.0.0\"))" + coordinateSystem(d, notes(d)) + documentation(d) +
           keptAnnotations(d) + ");\n";
    out += "end " + name + ";\n";
    return out;
}

} // namespace

} // namespace flange::modelica
