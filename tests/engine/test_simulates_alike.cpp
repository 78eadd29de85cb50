// diagram::simulatesAlike: the window's rule for whether an edit needs a new run. Moving,
// rerouting and the plot set-up do not; parameters, start values, connections, the
// experiment and anything inside an embedded subsystem do.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <functional>

using namespace flange;
using namespace flange::test;

namespace {

diagram::Diagram drive()
{
    diagram::Diagram d = diagramFromJson(diagramJson(
        {component("torque", "Rotational.Sources.ConstantTorque", R"({"tau_constant": 10})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 2})",
                   R"({"w": {"start": 0, "fixed": true}})")},
        {{"torque.flange", "inertia.flange_a"}}));
    diagram::Diagram inner = d;
    inner.name = "Test.Inner";
    d.subsystems.push_back(inner);
    return d;
}

} // namespace

TEST_CASE("a diagram moved, rerouted or with other plots simulates alike")
{
    const diagram::Diagram d = drive();
    diagram::Diagram e = d;
    CHECK(diagram::simulatesAlike(d, e));
    e.components[1].placement.x += 40;
    e.components[1].placement.rotation = 90;
    e.connections[0].points = {{10, 20}, {30, 20}};
    e.plot = diagram::Json{{"subplots", diagram::Json::array()}};
    e.annotations = diagram::Json::array({diagram::Json{{"text", "note"}}});
    e.description = "moved about";
    e.subsystems[0].components[0].placement.y -= 20;
    CHECK(diagram::simulatesAlike(d, e));
}

TEST_CASE("a diagram with another value, start, connection, experiment or subsystem part does not")
{
    const diagram::Diagram d = drive();
    auto differs = [&d](const std::function<void(diagram::Diagram&)>& edit) {
        diagram::Diagram e = d;
        edit(e);
        return !diagram::simulatesAlike(d, e);
    };
    CHECK(differs([](diagram::Diagram& e) { e.components[1].setParameter("J", 3); }));
    CHECK(differs([](diagram::Diagram& e) { e.components[1].variable("w")->start = diagram::Json(1); }));
    CHECK(differs([](diagram::Diagram& e) { e.components[1].name = "flywheel"; }));
    CHECK(differs([](diagram::Diagram& e) { e.connections[0].to = "inertia.flange_b"; }));
    CHECK(differs([](diagram::Diagram& e) { e.connections.clear(); }));
    CHECK(differs([](diagram::Diagram& e) { e.experiment.stopTime = 5; }));
    CHECK(differs([](diagram::Diagram& e) { e.experiment.interval = 0.5; }));
    CHECK(differs([](diagram::Diagram& e) { e.parameters.emplace_back("k", diagram::Json(1)); }));
    CHECK(differs([](diagram::Diagram& e) { e.subsystems[0].components[1].setParameter("J", 7); }));
    CHECK(differs([](diagram::Diagram& e) { e.subsystems.clear(); }));
    CHECK(differs([](diagram::Diagram& e) { e.folder = "/elsewhere"; })); // relative table files
}
