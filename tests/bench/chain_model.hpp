#pragma once
// The benchmarks' scalable drive line: a constant torque of 10 on the first of N inertias
// (J = 1) joined by spring-dampers (c = 1e4, d = 10), the far end free; the first
// inertia and every spring-damper start at rest with fixed start values.
#include <nlohmann/json.hpp>

#include <string>

namespace flange::bench {

inline nlohmann::ordered_json chainDiagramJson(int n, double stop)
{
    nlohmann::ordered_json d;
    d["format"] = "flange-diagram";
    d["version"] = 1;
    d["name"] = "chain" + std::to_string(n);
    d["experiment"] = {{"startTime", 0}, {"stopTime", stop}, {"interval", stop / 100}, {"tolerance", 1e-6}};
    auto& comps = d["components"] = nlohmann::ordered_json::array();
    auto& cons = d["connections"] = nlohmann::ordered_json::array();
    comps.push_back({{"name", "k"}, {"type", "Blocks.Sources.Constant"}, {"parameters", {{"k", 10}}}});
    comps.push_back({{"name", "torque"}, {"type", "Rotational.Sources.Torque"}});
    cons.push_back({{"from", "k.y"}, {"to", "torque.tau"}});
    cons.push_back({{"from", "torque.flange"}, {"to", "inertia1.flange_a"}});
    for (int i = 1; i <= n; ++i) {
        std::string in = "inertia" + std::to_string(i);
        nlohmann::ordered_json c = {{"name", in}, {"type", "Rotational.Components.Inertia"}, {"parameters", {{"J", 1}}}};
        if (i == 1)
            c["variables"] = {{"phi", {{"start", 0}, {"fixed", true}}}, {"w", {{"start", 0}, {"fixed", true}}}};
        comps.push_back(c);
        if (i < n) {
            std::string sd = "springDamper" + std::to_string(i);
            comps.push_back({{"name", sd}, {"type", "Rotational.Components.SpringDamper"},
                             {"parameters", {{"c", 1e4}, {"d", 10}}},
                             {"variables", {{"phi_rel", {{"start", 0}, {"fixed", true}}}, {"w_rel", {{"start", 0}, {"fixed", true}}}}}});
            cons.push_back({{"from", in + ".flange_b"}, {"to", sd + ".flange_a"}});
            cons.push_back({{"from", sd + ".flange_b"}, {"to", "inertia" + std::to_string(i + 1) + ".flange_a"}});
        }
    }
    return d;
}

inline std::string chainDiagram(int n, double stop)
{
    return chainDiagramJson(n, stop).dump();
}

} // namespace flange::bench
