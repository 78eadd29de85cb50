#include "engine/sweep/sweep_definition.hpp"

#include "engine/error.hpp"
#include "engine/io/json_input.hpp"

#include <fstream>
#include <sstream>

namespace flange::sweep {

namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void refuse(const std::string& file, const std::string& path, const std::string& why)
{
    throw badInput(file + ": " + (path.empty() ? "" : path + ": ") + why);
}

std::string text(const Json& j, const std::string& file, const std::string& path)
{
    if (!j.is_string())
        refuse(file, path, "expected a string");
    return j.get<std::string>();
}

// A value to set: "300 g" or a plain number.
std::string valueText(const Json& j, const std::string& file, const std::string& path)
{
    if (j.is_number()) {
        std::ostringstream s;
        s.precision(17);
        s << j.get<double>();
        return s.str();
    }
    return text(j, file, path);
}

} // namespace

SweepDefinition sweepFromJson(const Json& j, const std::string& file)
{
    if (!j.is_object() || !j.contains("format") || j["format"] != "flange-sweep")
        refuse(file, "", "not a sweep (its first key must be \"format\": \"flange-sweep\")");
    static const std::vector<std::string> keys = {"format", "version", "set", "vary", "paired",
                                                  "samples", "seed", "metrics", "signals"};
    for (const auto& [key, value] : j.items())
        if (std::find(keys.begin(), keys.end(), key) == keys.end())
            refuse(file, key, "unknown key");
    if (j.contains("version") && !(j["version"].is_number_integer() && j["version"] == 1))
        refuse(file, "version", "this Flange reads version 1");
    SweepDefinition s;
    if (j.contains("set")) {
        if (!j["set"].is_object())
            refuse(file, "set", "expected an object of NAME: VALUE");
        for (const auto& [name, value] : j["set"].items())
            s.set.push_back(name + "=" + valueText(value, file, io::jsonPath("set", name)));
    }
    if (j.contains("vary")) {
        if (!j["vary"].is_array())
            refuse(file, "vary", "expected an array of {\"name\", \"spec\"}");
        for (size_t i = 0; i < j["vary"].size(); ++i) {
            const Json& v = j["vary"][i];
            const std::string path = io::jsonPath("vary", i);
            if (!v.is_object() || !v.contains("name") || !v.contains("spec") || v.size() != 2)
                refuse(file, path, "expected {\"name\", \"spec\"}");
            s.vary.push_back(parseVariation(text(v["name"], file, path + ".name"), text(v["spec"], file, path + ".spec"),
                                            file + ": " + path));
        }
    }
    if (j.contains("paired")) {
        if (!j["paired"].is_boolean())
            refuse(file, "paired", "expected true or false");
        s.plan.paired = j["paired"].get<bool>();
    }
    if (j.contains("samples")) {
        if (!j["samples"].is_number_integer())
            refuse(file, "samples", "expected a whole number");
        s.plan.samples = j["samples"].get<long>();
    }
    if (j.contains("seed")) {
        if (!j["seed"].is_number_unsigned())
            refuse(file, "seed", "expected a whole number of at least 0");
        s.plan.seed = j["seed"].get<uint64_t>();
    }
    if (j.contains("metrics")) {
        if (!j["metrics"].is_array())
            refuse(file, "metrics", "expected an array of {\"name\", \"expression\"}");
        for (size_t i = 0; i < j["metrics"].size(); ++i) {
            const Json& m = j["metrics"][i];
            const std::string path = io::jsonPath("metrics", i);
            if (!m.is_object() || !m.contains("name") || !m.contains("expression") || m.size() != 2)
                refuse(file, path, "expected {\"name\", \"expression\"}");
            s.metrics.push_back({text(m["name"], file, path + ".name"), text(m["expression"], file, path + ".expression")});
        }
    }
    if (j.contains("signals")) {
        if (!j["signals"].is_array())
            refuse(file, "signals", "expected an array of names");
        for (size_t i = 0; i < j["signals"].size(); ++i)
            s.chosenSignals.push_back(text(j["signals"][i], file, io::jsonPath("signals", i)));
    }
    return s;
}

SweepDefinition readSweepFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw badInput(path + ": cannot open the sweep file");
    std::ostringstream text;
    text << in.rdbuf();
    return sweepFromJson(io::parseJsonInput(text.str(), path), path);
}

Json sweepToJson(const SweepDefinition& s)
{
    Json j = Json::object();
    j["format"] = "flange-sweep";
    j["version"] = 1;
    if (!s.set.empty()) {
        Json set = Json::object();
        for (const std::string& a : s.set) {
            const size_t eq = a.find('=');
            set[a.substr(0, eq)] = eq == std::string::npos ? std::string() : a.substr(eq + 1);
        }
        j["set"] = set;
    }
    j["vary"] = Json::array();
    for (const Variation& v : s.vary)
        j["vary"].push_back(Json{{"name", v.name}, {"spec", v.spec}});
    j["paired"] = s.plan.paired;
    if (s.plan.samples) {
        j["samples"] = *s.plan.samples;
        j["seed"] = s.plan.seed;
    }
    j["metrics"] = Json::array();
    for (const MetricDefinition& m : s.metrics)
        j["metrics"].push_back(Json{{"name", m.name}, {"expression", m.expression}});
    j["signals"] = s.chosenSignals;
    return j;
}

} // namespace flange::sweep
