#include "engine/diagram/diagram_json.hpp"

#include "engine/error.hpp"

#include <algorithm>
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

} // namespace

Diagram fromJson(const Json& j, const std::string& source)
{
    if (!j.is_object())
        fail(source, "a diagram must be a JSON object");
    if (j.value("format", std::string()) != "flange-diagram")
        fail(source, "not a Flange diagram (expected \"format\": \"flange-diagram\")");
    if (!j.contains("version") || !j["version"].is_number_integer())
        fail(source, "missing integer \"version\"");
    int version = j["version"].get<int>();
    if (version > kFormatVersion)
        fail(source, "diagram format version " + std::to_string(version) + " is newer than this Flange reads (" +
                         std::to_string(kFormatVersion) + ")");
    Diagram d;
    static const char* const known[] = {"format", "version", "name", "description", "experiment",
                                        "parameters", "components", "connections", "plot", "annotations"};
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return it.key() == k; }) == std::end(known))
            d.extra[it.key()] = it.value();
    d.name = j.value("name", std::string());
    d.description = j.value("description", std::string());
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
        for (const Json& c : j["components"]) {
            Component comp;
            if (!c.is_object() || !c.contains("name") || !c["name"].is_string())
                fail(source, "every component needs a \"name\"");
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
                    if (v.contains("stateSelect"))
                        vs.stateSelect = v["stateSelect"].get<std::string>();
                    if (v.contains("nominal"))
                        vs.nominal = v["nominal"];
                    comp.variables.emplace_back(it.key(), vs);
                }
            }
            if (c.contains("placement")) {
                const Json& p = c["placement"];
                std::string pw = where + ": placement";
                comp.placement.x = number(p, "x", 0, pw);
                comp.placement.y = number(p, "y", 0, pw);
                comp.placement.width = number(p, "width", 20, pw);
                comp.placement.height = number(p, "height", 20, pw);
                comp.placement.rotation = number(p, "rotation", 0, pw);
                comp.placement.flipH = boolean(p, "flipH", false, pw);
                comp.placement.flipV = boolean(p, "flipV", false, pw);
            }
            for (auto it = c.begin(); it != c.end(); ++it)
                if (it.key() != "name" && it.key() != "type" && it.key() != "parameters" && it.key() != "variables" &&
                    it.key() != "placement")
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
    return d;
}

Json toJson(const Diagram& d)
{
    Json j = Json::object();
    j["format"] = "flange-diagram";
    j["version"] = kFormatVersion;
    j["name"] = d.name;
    if (!d.description.empty())
        j["description"] = d.description;
    Json e = Json::object();
    e["startTime"] = d.experiment.startTime;
    e["stopTime"] = d.experiment.stopTime;
    if (d.experiment.interval)
        e["interval"] = *d.experiment.interval;
    e["tolerance"] = d.experiment.tolerance;
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
        Json pl = Json::object();
        pl["x"] = c.placement.x;
        pl["y"] = c.placement.y;
        pl["width"] = c.placement.width;
        pl["height"] = c.placement.height;
        pl["rotation"] = c.placement.rotation;
        pl["flipH"] = c.placement.flipH;
        pl["flipV"] = c.placement.flipV;
        cj["placement"] = pl;
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
                pts.push_back(Json::array({x, y}));
            cj["points"] = pts;
        }
        for (auto it = c.extra.begin(); it != c.extra.end(); ++it)
            cj[it.key()] = it.value();
        cons.push_back(cj);
    }
    j["connections"] = cons;
    j["plot"] = d.plot;
    j["annotations"] = d.annotations;
    for (auto it = d.extra.begin(); it != d.extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

Diagram parseDiagram(const std::string& text, const std::string& source)
{
    Json j;
    try {
        j = Json::parse(text);
    } catch (const Json::parse_error& err) {
        size_t byte = err.byte == 0 ? 0 : std::min(text.size(), static_cast<size_t>(err.byte - 1));
        int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(byte), '\n'));
        size_t ls = text.rfind('\n', byte == 0 ? 0 : byte - 1);
        int col = 1 + static_cast<int>(byte - (ls == std::string::npos ? 0 : ls + 1));
        throw badInput(source + ":" + std::to_string(line) + ":" + std::to_string(col) + ": malformed JSON");
    } catch (const Json::exception& err) {
        // Not a syntax error but still unreadable, e.g. a number beyond double's range (1e999).
        throw badInput(source + ": malformed JSON: " + err.what());
    }
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
    return parseDiagram(ss.str(), path);
}

std::string serializeDiagram(const Diagram& d) { return toJson(d).dump(2) + "\n"; }

} // namespace flange::diagram
