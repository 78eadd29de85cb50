#pragma once
// The benchmarks' scalable drive line: a constant torque of 10 on the first of N inertias
// (J = 1) joined by spring-dampers (c = 1e4, d = 10), the far end free; the first
// inertia and every spring-damper start at rest with fixed start values. phiNominal: the
// spring-dampers' phi_nominal where positive (the library's 1e-4 otherwise), which sets
// the absolute tolerance on their relative angles, the states the library prefers.
#include <nlohmann/json.hpp>

#include <string>

namespace flange::bench {

inline nlohmann::ordered_json chainDiagramJson(int n, double stop, double phiNominal = 0)
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
            nlohmann::ordered_json parameters = {{"c", 1e4}, {"d", 10}};
            if (phiNominal > 0)
                parameters["phi_nominal"] = phiNominal;
            comps.push_back({{"name", sd}, {"type", "Rotational.Components.SpringDamper"},
                             {"parameters", parameters},
                             {"variables", {{"phi_rel", {{"start", 0}, {"fixed", true}}}, {"w_rel", {{"start", 0}, {"fixed", true}}}}}});
            cons.push_back({{"from", in + ".flange_b"}, {"to", sd + ".flange_a"}});
            cons.push_back({{"from", sd + ".flange_b"}, {"to", "inertia" + std::to_string(i + 1) + ".flange_a"}});
        }
    }
    return d;
}

inline std::string chainDiagram(int n, double stop, double phiNominal = 0)
{
    return chainDiagramJson(n, stop, phiNominal).dump();
}

} // namespace flange::bench
