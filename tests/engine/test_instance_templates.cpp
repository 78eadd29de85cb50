// Instance templates (engine/flatten/instance_template.hpp): a model whose instances are
// alike flattens to what lowering every instance gives, variable by variable and equation
// by equation; alike instances inside two instances of a subsystem take their own
// subsystem's values; an instance unlike the others is lowered for itself.
#include "support/test_support.hpp"

#include "engine/expr/printer.hpp"
#include "engine/flatten/instantiate.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

// value as a number given with a display unit of each i's own: no two instances are alike,
// and the value stays a number given (a leaf).
std::string unlikeNumber(const std::string& value, int i)
{
    return R"({"value": )" + value + R"(, "displayUnit": "u)" + std::to_string(i) + "\"}";
}

// A drive line of `n` stages: inertia, spring-damper, ideal gear (its support switched
// off), elasto-backlash (relations: never a template), a heat-producing damper with its
// heat port on. `distinct`: each stage's values given with display units of their own, so
// that no two instances are alike and each is lowered for itself.
std::string stages(int n, bool distinct)
{
    std::vector<std::string> comps{component("torque", "Rotational.Sources.ConstantTorque", R"({"tau_constant": 10})")};
    std::vector<std::pair<std::string, std::string>> cons;
    std::string previous = "torque.flange";
    for (int i = 1; i <= n; ++i) {
        const std::string k = std::to_string(i);
        std::string one = "1", ratio = "2";
        if (distinct) {
            one = unlikeNumber("1", i);
            ratio = unlikeNumber("2", i);
        }
        comps.push_back(component("inertia" + k, "Rotational.Components.Inertia", R"({"J": )" + one + "}",
                                  i == 1 ? R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"
                                         : "{}"));
        comps.push_back(component("spring" + k, "Rotational.Components.SpringDamper",
                                  R"({"c": 1e4, "d": )" + one + "}",
                                  R"({"phi_rel": {"start": 0, "fixed": true}, "w_rel": {"start": 0, "fixed": true}})"));
        comps.push_back(component("gear" + k, "Rotational.Components.IdealGear", R"({"ratio": )" + ratio + "}"));
        comps.push_back(component("backlash" + k, "Rotational.Components.ElastoBacklash",
                                  R"({"c": 1e5, "d": )" + one + R"(, "b": 0.01})"));
        comps.push_back(component("damper" + k, "Rotational.Components.Damper",
                                  R"({"d": )" + one + R"(, "useHeatPort": true})"));
        comps.push_back(component("ambient" + k, "Thermal.HeatTransfer.Sources.FixedTemperature", R"({"T": 300})"));
        cons.push_back({previous, "inertia" + k + ".flange_a"});
        cons.push_back({"inertia" + k + ".flange_b", "spring" + k + ".flange_a"});
        cons.push_back({"spring" + k + ".flange_b", "gear" + k + ".flange_a"});
        cons.push_back({"gear" + k + ".flange_b", "backlash" + k + ".flange_a"});
        cons.push_back({"backlash" + k + ".flange_b", "damper" + k + ".flange_a"});
        cons.push_back({"damper" + k + ".heatPort", "ambient" + k + ".port"});
        previous = "damper" + k + ".flange_b";
    }
    return diagramJson(comps, cons);
}

std::string printed(const flatten::FlatModel& m, expr::NodeId e)
{
    return expr::toString(m.pool, e, [&m](int32_t v) { return m.vars[static_cast<size_t>(v)].name; });
}

// Whether two expressions are the same tree: operations, numbers, and variables and leaves
// by name (the printer shows a leaf as its value, which a stamp reading another
// instance's leaf would share).
bool sameTree(const flatten::FlatModel& a, expr::NodeId x, const flatten::FlatModel& b, expr::NodeId y)
{
    if (x == expr::kNone || y == expr::kNone)
        return x == y;
    const expr::Node &m = a.pool.node(x), &n = b.pool.node(y);
    if (m.op != n.op || m.value != n.value)
        return false;
    if (m.op == expr::Op::Var)
        return a.vars[static_cast<size_t>(m.index)].name == b.vars[static_cast<size_t>(n.index)].name;
    if (m.op == expr::Op::Param)
        return a.pool.parameterName(m.index) == b.pool.parameterName(n.index);
    return m.index == n.index && sameTree(a, m.a, b, n.a) && sameTree(a, m.b, b, n.b) && sameTree(a, m.c, b, n.c);
}

void requireSameEquations(const flatten::FlatModel& a, const std::vector<flatten::FlatEquation>& ea,
                          const flatten::FlatModel& b, const std::vector<flatten::FlatEquation>& eb)
{
    REQUIRE(ea.size() == eb.size());
    for (size_t k = 0; k < ea.size(); ++k) {
        INFO(ea[k].origin);
        REQUIRE(ea[k].origin == eb[k].origin);
        REQUIRE(ea[k].component == eb[k].component);
        REQUIRE(printed(a, ea[k].residual) == printed(b, eb[k].residual));
        REQUIRE(sameTree(a, ea[k].residual, b, eb[k].residual));
    }
}

} // namespace

TEST_CASE("a model of alike instances flattens to what lowering every instance gives")
{
    const int n = 200; // stages of six components
    const flatten::FlatModel alike = flatten::instantiate(diagramFromJson(stages(n, false)), bundledLibrary());
    const flatten::FlatModel lowered = flatten::instantiate(diagramFromJson(stages(n, true)), bundledLibrary());
    REQUIRE(alike.vars.size() == lowered.vars.size());
    for (size_t v = 0; v < alike.vars.size(); ++v) {
        const flatten::FlatVar& a = alike.vars[v];
        const flatten::FlatVar& b = lowered.vars[v];
        INFO(a.name);
        REQUIRE(a.name == b.name);
        CHECK(a.discrete == b.discrete);
        CHECK(a.isBoolean == b.isBoolean);
        CHECK(a.isInteger == b.isInteger);
        CHECK(a.start == b.start);
        CHECK(a.fixed == b.fixed);
        CHECK(a.stateSelect == b.stateSelect);
        CHECK(a.nominal == b.nominal);
        CHECK(a.unit == b.unit);
        CHECK(a.isProtected == b.isProtected);
        CHECK(a.component == b.component);
        CHECK(a.derivativeOf == b.derivativeOf);
        CHECK(a.derivative == b.derivative);
        CHECK(a.generated == b.generated);
    }
    requireSameEquations(alike, alike.equations, lowered, lowered.equations);
    requireSameEquations(alike, alike.initialEquations, lowered, lowered.initialEquations);
    CHECK(alike.relations.size() == lowered.relations.size());
    CHECK(alike.relations.size() >= static_cast<size_t>(n)); // every backlash has its own
    CHECK(alike.realParameters == lowered.realParameters);
    CHECK(alike.realParameters.at("spring12.d") == 1);
    CHECK(alike.realParameters.at("gear12.ratio") == 2);
    // the same leaves, in the same order, with the same values, structural alike
    REQUIRE(alike.pool.parameterCount() == lowered.pool.parameterCount());
    CHECK(alike.pool.parameterCount() > 0);
    for (int32_t id = 0; id < static_cast<int32_t>(alike.pool.parameterCount()); ++id) {
        INFO(alike.pool.parameterName(id));
        REQUIRE(alike.pool.parameterName(id) == lowered.pool.parameterName(id));
        CHECK(alike.pool.parameterValue(id) == lowered.pool.parameterValue(id));
        CHECK(alike.pool.isStructural(id) == lowered.pool.isStructural(id));
    }
    CHECK(alike.componentNames == lowered.componentNames);
    // the last stage's equations are its own, about its own variables
    bool found = false;
    for (const flatten::FlatEquation& e : alike.equations)
        if (e.origin.rfind("inertia" + std::to_string(n) + ": ", 0) == 0 &&
            printed(alike, e.residual).find("inertia" + std::to_string(n) + ".a") != std::string::npos)
            found = true;
    CHECK(found);
}

TEST_CASE("alike parts of two subsystem instances take their own subsystem's values")
{
    const std::string stage = R"({
      "name": "Test.Stage",
      "parameters": { "J": 1, "c": 1e4 },
      "connectors": [ { "name": "flange_a", "type": "Rotational.Flange_a", "position": [-100, 0] },
                      { "name": "flange_b", "type": "Rotational.Flange_b", "position": [100, 0] } ],
      "components": [
        { "name": "inertia", "type": "Rotational.Components.Inertia", "parameters": { "J": "J" } },
        { "name": "shaft", "type": "Rotational.Components.Spring", "parameters": { "c": "c" } } ],
      "connections": [ { "from": "flange_a", "to": "inertia.flange_a" }, { "from": "inertia.flange_b", "to": "shaft.flange_a" },
                       { "from": "shaft.flange_b", "to": "flange_b" } ]
    })";
    std::string json = diagramJson(
        {component("s1", "Test.Stage", R"({"J": 0.5})"), component("s2", "Test.Stage", R"({"J": 3, "c": 200})"),
         component("s3", "Test.Stage", R"({"J": 0.5})")},
        {{"s1.flange_b", "s2.flange_a"}, {"s2.flange_b", "s3.flange_a"}});
    json = json.substr(0, json.rfind('}')) + R"(, "subsystems": [ )" + stage + " ] }";
    const flatten::FlatModel m = flatten::instantiate(diagramFromJson(json), bundledLibrary());
    CHECK(m.realParameters.at("s1.inertia.J") == 0.5);
    CHECK(m.realParameters.at("s2.inertia.J") == 3);
    CHECK(m.realParameters.at("s3.inertia.J") == 0.5);
    CHECK(m.realParameters.at("s2.shaft.c") == 200);
    CHECK(m.realParameters.at("s3.shaft.c") == 1e4);
    // J*a = flange_a.tau + flange_b.tau, with each stage's own J
    auto inertiaEquation = [&m](const std::string& stageName) {
        for (const flatten::FlatEquation& e : m.equations)
            if (e.origin == stageName + ".inertia: J*a = flange_a.tau + flange_b.tau")
                return printed(m, e.residual);
        return std::string();
    };
    CHECK(inertiaEquation("s1").rfind("0.5 * s1.inertia.a", 0) == 0);
    CHECK(inertiaEquation("s2").rfind("3 * s2.inertia.a", 0) == 0);
    CHECK(inertiaEquation("s3").rfind("0.5 * s3.inertia.a", 0) == 0);
}

TEST_CASE("an instance alike the others but for its start values keeps its own")
{
    std::vector<std::string> comps{component("torque", "Rotational.Sources.ConstantTorque", R"({"tau_constant": 1})")};
    std::vector<std::pair<std::string, std::string>> cons;
    std::string previous = "torque.flange";
    for (int i = 1; i <= 6; ++i) {
        const std::string k = std::to_string(i);
        comps.push_back(component("inertia" + k, "Rotational.Components.Inertia", R"({"J": 2})",
                                  i == 4 ? R"({"w": {"start": 7, "fixed": true}})" : "{}"));
        cons.push_back({previous, "inertia" + k + ".flange_a"});
        previous = "inertia" + k + ".flange_b";
    }
    const flatten::FlatModel m = flatten::instantiate(diagramFromJson(diagramJson(comps, cons)), bundledLibrary());
    for (const flatten::FlatVar& v : m.vars) {
        if (v.name == "inertia4.w") {
            CHECK(v.start == 7);
            CHECK(v.fixed);
        } else if (v.name == "inertia5.w" || v.name == "inertia3.w") {
            CHECK(v.start == 0);
            CHECK_FALSE(v.fixed);
        }
    }
}
