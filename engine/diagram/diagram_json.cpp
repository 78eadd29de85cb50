#include "engine/diagram/diagram_json.hpp"

#include "engine/error.hpp"
#include "engine/io/json_input.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace flange::diagram {
namespace {

[[noreturn]] void fail(const std::string& source, const std::string& msg) { throw badInput(source + ": " + msg); }

double number(const Json& j, const char* key, double def, const std::string& where)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return def;
    if (!it->is_number())
        throw badInput(where + ": '" + key + "' must be a number");
    return it->get<double>();
}

std::string text(const Json& j, const char* key, const std::string& where)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw badInput(where + ": '" + key + "' must be a string");
    return it->get<std::string>();
}

bool boolean(const Json& j, const char* key, bool def, const std::string& where)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return def;
    if (!it->is_boolean())
        throw badInput(where + ": '" + key + "' must be true or false");
    return it->get<bool>();
}

bool isIdentifier(const std::string& s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A whole number is written as one (-80, not -80.0), so a re-saved file reads as it was written.
Json numberJson(double v)
{
    if (v == std::floor(v) && std::abs(v) < 1e15)
        return Json(static_cast<long long>(v));
    return Json(v);
}

Placement readPlacement(const Json& p, const std::string& pw)
{
    if (!p.is_object())
        throw badInput(pw + " must be an object");
    Placement pl;
    pl.x = number(p, "x", 0, pw);
    pl.y = number(p, "y", 0, pw);
    pl.width = number(p, "width", 20, pw);
    pl.height = number(p, "height", 20, pw);
    pl.rotation = number(p, "rotation", 0, pw);
    pl.flipH = boolean(p, "flipH", false, pw);
    pl.flipV = boolean(p, "flipV", false, pw);
    return pl;
}

Json placementJson(const Placement& p)
{
    Json pl = Json::object();
    pl["x"] = numberJson(p.x);
    pl["y"] = numberJson(p.y);
    pl["width"] = numberJson(p.width);
    pl["height"] = numberJson(p.height);
    pl["rotation"] = numberJson(p.rotation);
    pl["flipH"] = p.flipH;
    pl["flipV"] = p.flipV;
    return pl;
}

// A subsystem's outer connectors; their names share one namespace with its components.
void readConnectors(const Json& list, Diagram& d, std::set<std::string>& names, const std::string& source)
{
    if (!list.is_array())
        fail(source, "'connectors' must be a list");
    size_t index = 0;
    for (const Json& c : list) {
        const std::string path = io::jsonPath("connectors", index++);
        if (!c.is_object() || !c.contains("name") || !c["name"].is_string())
            fail(source, path + ": every outer connector needs a \"name\"");
        OuterConnector oc;
        oc.name = c["name"].get<std::string>();
        std::string where = source + ": connector '" + oc.name + "'";
        if (!isIdentifier(oc.name))
            fail(source, "connector name '" + oc.name + "' is not a valid identifier");
        if (!names.insert(oc.name).second)
            fail(source, "connector '" + oc.name + "' has the name of another connector or component");
        if (!c.contains("type") || !c["type"].is_string())
            throw badInput(where + ": missing \"type\" (such as \"Rotational.Flange_a\")");
        oc.type = c["type"].get<std::string>();
        if (c.contains("position")) {
            const Json& p = c["position"];
            if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
                throw badInput(where + ": 'position' must be [x, y]");
            oc.x = p[0].get<double>();
            oc.y = p[1].get<double>();
        }
        if (c.contains("placement"))
            oc.placement = readPlacement(c["placement"], where + ": " + path + ".placement");
        oc.description = text(c, "description", where);
        oc.condition = text(c, "condition", where);
        for (auto it = c.begin(); it != c.end(); ++it)
            if (it.key() != "name" && it.key() != "type" && it.key() != "position" && it.key() != "placement" &&
                it.key() != "description" && it.key() != "condition")
                oc.extra[it.key()] = it.value();
        d.connectors.push_back(std::move(oc));
    }
}

// A subsystem's own variables, bound to its parts' variables.
void readVariables(const Json& list, Diagram& d, std::set<std::string>& names, const std::string& source)
{
    if (!list.is_array())
        fail(source, "'variables' must be a list of {\"name\", \"value\"}");
    size_t index = 0;
    for (const Json& v : list) {
        const std::string path = io::jsonPath("variables", index++);
        if (!v.is_object() || !v.contains("name") || !v["name"].is_string())
            fail(source, path + ": every variable needs a \"name\"");
        DiagramVariable dv;
        dv.name = v["name"].get<std::string>();
        std::string where = source + ": variable '" + dv.name + "'";
        if (!isIdentifier(dv.name))
            fail(source, "variable name '" + dv.name + "' is not a valid identifier");
        if (!names.insert(dv.name).second)
            fail(source, "variable '" + dv.name + "' has the name of a component or connector");
        dv.value = text(v, "value", where);
        if (dv.value.empty())
            throw badInput(where + ": missing \"value\" (an expression of the parts' variables, such as \"mass.s\")");
        dv.unit = text(v, "unit", where);
        dv.description = text(v, "description", where);
        if (v.contains("start"))
            dv.start = v["start"];
        if (v.contains("fixed"))
            dv.fixed = v["fixed"];
        for (auto it = v.begin(); it != v.end(); ++it)
            if (it.key() != "name" && it.key() != "value" && it.key() != "unit" && it.key() != "description" &&
                it.key() != "start" && it.key() != "fixed")
                dv.extra[it.key()] = it.value();
        d.variables.push_back(std::move(dv));
    }
}

Diagram readDiagram(const Json& j, const std::string& source, bool embedded);

void readSubsystems(const Json& list, Diagram& d, const std::string& source)
{
    if (!list.is_array())
        fail(source, "'subsystems' must be a list of diagrams");
    std::set<std::string> types;
    size_t index = 0;
    for (const Json& s : list) {
        std::string where = source + ": " + io::jsonPath("subsystems", index++);
        if (!s.is_object() || !s.contains("name") || !s["name"].is_string() || s["name"].get<std::string>().empty())
            fail(where, "an embedded subsystem needs a \"name\" (its type name)");
        std::string type = s["name"].get<std::string>();
        if (!types.insert(type).second)
            fail(source, "two embedded subsystems are named '" + type + "'");
        d.subsystems.push_back(readDiagram(s, where + " ('" + type + "')", true));
    }
}

Diagram readDiagram(const Json& j, const std::string& source, bool embedded)
{
    if (!j.is_object())
        fail(source, "a diagram must be a JSON object");
    // An embedded subsystem may leave out format and version: its file's are the ones that count.
    if (!embedded || j.contains("format"))
        if (text(j, "format", source) != "flange-diagram")
            fail(source, "not a Flange diagram (expected \"format\": \"flange-diagram\")");
    if (!embedded || j.contains("version")) {
        if (!j.contains("version") || !j["version"].is_number_integer())
            fail(source, "missing integer \"version\"");
        int version = j["version"].get<int>();
        if (version > kFormatVersion)
            fail(source, "diagram format version " + std::to_string(version) + " is newer than this Flange reads (" +
                             std::to_string(kFormatVersion) + ")");
    }
    Diagram d;
    static const char* const known[] = {"format",     "version",     "name",        "description", "experiment",
                                        "parameters", "components",  "connections", "plot",        "annotations",
                                        "icon",       "label",       "connectors",  "subsystems",  "variables"};
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return it.key() == k; }) == std::end(known))
            d.extra[it.key()] = it.value();
    d.name = text(j, "name", source);
    d.description = text(j, "description", source);
    if (j.contains("experiment")) {
        const Json& e = j["experiment"];
        std::string where = source + ": experiment";
        if (!e.is_object())
            fail(source, "'experiment' must be an object");
        d.experiment.startTime = number(e, "startTime", 0, where);
        d.experiment.stopTime = number(e, "stopTime", 1, where);
        if (e.contains("interval") && !e["interval"].is_null())
            d.experiment.interval = number(e, "interval", 0, where);
        d.experiment.tolerance = number(e, "tolerance", 1e-6, where);
        if (e.contains("integrator")) {
            const std::string integrator = text(e, "integrator", where);
            if (integrator != "auto" && integrator != "bdf")
                throw badInput(where + ": 'integrator' is \"" + integrator + "\", neither \"auto\" nor \"bdf\"");
            d.experiment.integrator = integrator == "bdf" ? Experiment::Integrator::Bdf : Experiment::Integrator::Auto;
        }
        d.experiment.exactOutputs = boolean(e, "exactOutputs", false, where);
    }
    if (j.contains("parameters")) {
        if (!j["parameters"].is_object())
            fail(source, "'parameters' must be an object of name: value");
        for (auto it = j["parameters"].begin(); it != j["parameters"].end(); ++it)
            d.parameters.emplace_back(it.key(), it.value());
    }
    std::set<std::string> names;
    if (j.contains("components")) {
        if (!j["components"].is_array())
            fail(source, "'components' must be a list");
        size_t index = 0;
        for (const Json& c : j["components"]) {
            const std::string path = io::jsonPath("components", index++);
            Component comp;
            if (!c.is_object() || !c.contains("name") || !c["name"].is_string())
                fail(source, path + ": every component needs a \"name\"");
            comp.name = c["name"].get<std::string>();
            std::string where = source + ": component '" + comp.name + "'";
            if (!isIdentifier(comp.name))
                fail(source, "component name '" + comp.name + "' is not a valid identifier");
            if (!names.insert(comp.name).second)
                fail(source, "two components are named '" + comp.name + "'");
            if (!c.contains("type") || !c["type"].is_string())
                throw badInput(where + ": missing \"type\"");
            comp.type = c["type"].get<std::string>();
            if (c.contains("parameters")) {
                if (!c["parameters"].is_object())
                    throw badInput(where + ": 'parameters' must be an object");
                for (auto it = c["parameters"].begin(); it != c["parameters"].end(); ++it)
                    comp.parameters.emplace_back(it.key(), it.value());
            }
            if (c.contains("variables")) {
                if (!c["variables"].is_object())
                    throw badInput(where + ": 'variables' must be an object");
                for (auto it = c["variables"].begin(); it != c["variables"].end(); ++it) {
                    VariableSettings vs;
                    const Json& v = it.value();
                    if (!v.is_object())
                        throw badInput(where + ": variable '" + it.key() + "' must be an object with start/fixed");
                    if (v.contains("start"))
                        vs.start = v["start"];
                    if (v.contains("fixed"))
                        vs.fixed = v["fixed"];
                    if (v.contains("stateSelect")) {
                        if (!v["stateSelect"].is_string())
                            throw badInput(where + ": " + path + ".variables." + it.key() +
                                           ".stateSelect must be a string such as \"prefer\"");
                        vs.stateSelect = v["stateSelect"].get<std::string>();
                    }
                    if (v.contains("nominal"))
                        vs.nominal = v["nominal"];
                    comp.variables.emplace_back(it.key(), vs);
                }
            }
            if (c.contains("placement"))
                comp.placement = readPlacement(c["placement"], where + ": " + path + ".placement");
            comp.condition = text(c, "condition", where);
            for (auto it = c.begin(); it != c.end(); ++it)
                if (it.key() != "name" && it.key() != "type" && it.key() != "parameters" && it.key() != "variables" &&
                    it.key() != "placement" && it.key() != "condition")
                    comp.extra[it.key()] = it.value();
            d.components.push_back(std::move(comp));
        }
    }
    if (j.contains("connections")) {
        if (!j["connections"].is_array())
            fail(source, "'connections' must be a list");
        for (const Json& c : j["connections"]) {
            Connection con;
            if (!c.is_object() || !c.contains("from") || !c.contains("to") || !c["from"].is_string() || !c["to"].is_string())
                fail(source, "every connection needs \"from\" and \"to\" as \"instance.connector\"");
            con.from = c["from"].get<std::string>();
            con.to = c["to"].get<std::string>();
            if (c.contains("points") && !c["points"].is_array())
                fail(source, "connection " + con.from + " - " + con.to + ": points must be a list of [x, y] pairs");
            if (c.contains("points"))
                for (const Json& p : c["points"]) {
                    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number())
                        fail(source, "connection " + con.from + " - " + con.to + ": points must be [x, y] pairs");
                    con.points.emplace_back(p[0].get<double>(), p[1].get<double>());
                }
            for (auto it = c.begin(); it != c.end(); ++it)
                if (it.key() != "from" && it.key() != "to" && it.key() != "points")
                    con.extra[it.key()] = it.value();
            d.connections.push_back(std::move(con));
        }
    }
    if (j.contains("plot"))
        d.plot = j["plot"];
    if (j.contains("annotations"))
        d.annotations = j["annotations"];
    d.icon = text(j, "icon", source);
    d.label = text(j, "label", source);
    if (j.contains("connectors"))
        readConnectors(j["connectors"], d, names, source);
    if (j.contains("variables"))
        readVariables(j["variables"], d, names, source);
    if (j.contains("subsystems"))
        readSubsystems(j["subsystems"], d, source);
    return d;
}

} // namespace

Diagram fromJson(const Json& j, const std::string& source) { return readDiagram(j, source, false); }

namespace {

// An embedded subsystem is part of its file: the file's format and version speak for it, and
// an experiment, plot or annotations it does not have are left out rather than written as
// defaults, so a file reads and saves back unchanged.
Json embeddedJson(const Diagram& d)
{
    Json j = toJson(d);
    j.erase("format");
    j.erase("version");
    const Experiment e = d.experiment, none;
    if (e == none)
        j.erase("experiment");
    if (d.plot.is_object() && d.plot.empty())
        j.erase("plot");
    if (d.annotations.is_array() && d.annotations.empty())
        j.erase("annotations");
    return j;
}

} // namespace

Json toJson(const Diagram& d)
{
    Json j = Json::object();
    j["format"] = "flange-diagram";
    j["version"] = kFormatVersion;
    j["name"] = d.name;
    if (!d.description.empty())
        j["description"] = d.description;
    Json e = Json::object();
    e["startTime"] = numberJson(d.experiment.startTime);
    e["stopTime"] = numberJson(d.experiment.stopTime);
    if (d.experiment.interval)
        e["interval"] = numberJson(*d.experiment.interval);
    e["tolerance"] = numberJson(d.experiment.tolerance);
    // the solver settings only where they differ from the default: files keep their bytes
    if (d.experiment.integrator == Experiment::Integrator::Bdf)
        e["integrator"] = "bdf";
    if (d.experiment.exactOutputs)
        e["exactOutputs"] = true;
    j["experiment"] = e;
    if (!d.parameters.empty()) {
        Json p = Json::object();
        for (const auto& [k, v] : d.parameters)
            p[k] = v;
        j["parameters"] = p;
    }
    Json comps = Json::array();
    for (const Component& c : d.components) {
        Json cj = Json::object();
        cj["name"] = c.name;
        cj["type"] = c.type;
        if (!c.parameters.empty()) {
            Json p = Json::object();
            for (const auto& [k, v] : c.parameters)
                p[k] = v;
            cj["parameters"] = p;
        }
        if (!c.variables.empty()) {
            Json vars = Json::object();
            for (const auto& [k, v] : c.variables) {
                Json vj = Json::object();
                if (v.start)
                    vj["start"] = *v.start;
                if (v.fixed)
                    vj["fixed"] = *v.fixed;
                if (v.stateSelect)
                    vj["stateSelect"] = *v.stateSelect;
                if (v.nominal)
                    vj["nominal"] = *v.nominal;
                vars[k] = vj;
            }
            cj["variables"] = vars;
        }
        cj["placement"] = placementJson(c.placement);
        if (!c.condition.empty())
            cj["condition"] = c.condition;
        for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
            cj[it.key()] = it.value();
        comps.push_back(cj);
    }
    j["components"] = comps;
    Json cons = Json::array();
    for (const Connection& c : d.connections) {
        Json cj = Json::object();
        cj["from"] = c.from;
        cj["to"] = c.to;
        if (!c.points.empty()) {
            Json pts = Json::array();
            for (const auto& [x, y] : c.points)
                pts.push_back(Json::array({numberJson(x), numberJson(y)}));
            cj["points"] = pts;
        }
        for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
            cj[it.key()] = it.value();
        cons.push_back(cj);
    }
    j["connections"] = cons;
    j["plot"] = d.plot;
    j["annotations"] = d.annotations;
    if (!d.icon.empty())
        j["icon"] = d.icon;
    if (!d.label.empty())
        j["label"] = d.label;
    if (!d.connectors.empty()) {
        Json list = Json::array();
        for (const OuterConnector& c : d.connectors) {
            Json cj = Json::object();
            cj["name"] = c.name;
            cj["type"] = c.type;
            cj["position"] = Json::array({numberJson(c.x), numberJson(c.y)});
            cj["placement"] = placementJson(c.placement);
            if (!c.description.empty())
                cj["description"] = c.description;
            if (!c.condition.empty())
                cj["condition"] = c.condition;
            for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
                cj[it.key()] = it.value();
            list.push_back(cj);
        }
        j["connectors"] = list;
    }
    if (!d.variables.empty()) {
        Json list = Json::array();
        for (const DiagramVariable& v : d.variables) {
            Json vj = Json::object();
            vj["name"] = v.name;
            vj["value"] = v.value;
            if (!v.unit.empty())
                vj["unit"] = v.unit;
            if (v.start)
                vj["start"] = *v.start;
            if (v.fixed)
                vj["fixed"] = *v.fixed;
            if (!v.description.empty())
                vj["description"] = v.description;
            for (auto it = v.extra.begin(); it != v.extra.end(); ++it)
                vj[it.key()] = it.value();
            list.push_back(vj);
        }
        j["variables"] = list;
    }
    if (!d.subsystems.empty()) {
        Json list = Json::array();
        for (const Diagram& s : d.subsystems)
            list.push_back(embeddedJson(s));
        j["subsystems"] = list;
    }
    for (auto it = d.extra.begin(); it != d.extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

Diagram parseDiagram(const std::string& text, const std::string& source)
{
    Json j = io::parseJsonInput(text, source);
    try {
        return fromJson(j, source);
    } catch (const Json::exception& err) {
        throw badInput(source + ": " + err.what());
    }
}

Diagram loadDiagram(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw badInput(path + ": cannot read file");
    std::stringstream ss;
    ss << in.rdbuf();
    Diagram d = parseDiagram(ss.str(), path);
    d.folder = std::filesystem::absolute(std::filesystem::path(path)).parent_path().string();
    return d;
}

std::string serializeDiagram(const Diagram& d) { return toJson(d).dump(2) + "\n"; }

} // namespace flange::diagram
