// Writing a diagram as Modelica (engine/modelica/modelica_writer.*): MSL class names,
// modifiers, model parameters with units, placements and connection lines in Modelica's
// diagram coordinates (y up), the experiment and `uses`; a component of Flange's own written
// from its definition, one the library lacks refused
// by name. The expected text is worked out by hand from the diagram below.
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/library/library.hpp"
#include "engine/modelica/modelica_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;

namespace {

const char* kDiagram = R"({
  "format": "flange-diagram", "version": 1,
  "parameters": {"k": {"value": 2, "unit": "N.m/rad", "description": "stiffness scale"}},
  "experiment": {"startTime": 0, "stopTime": 2, "interval": 0.01, "tolerance": 1e-7},
  "components": [
    {"name": "J1", "type": "Rotational.Components.Inertia", "parameters": {"J": 2},
     "variables": {"w": {"start": 1, "fixed": true}},
     "placement": {"x": -40, "y": -20, "rotation": 90}},
    {"name": "spring1", "type": "Rotational.Components.Spring", "parameters": {"c": "1e3*k"},
     "placement": {"x": 0, "y": 0, "flipH": true}},
    {"name": "mass", "type": "Translational.Components.Mass", "parameters": {"m": {"value": 0.3, "displayUnit": "g"}},
     "placement": {"x": 60, "y": 40}}
  ],
  "connections": [{"from": "J1.flange_b", "to": "spring1.flange_a", "points": [[-40, 0]]}]
})";

} // namespace

TEST_CASE("modelica writer: MSL classes, modifiers, placements and lines in Modelica's coordinates")
{
    const diagram::Diagram d = diagram::parseDiagram(kDiagram, "test");
    const std::string mo = modelica::writeModelica(d, test::bundledLibrary(), "Small Model");
    INFO(mo);
    CHECK(mo.starts_with("model Small_Model\n"));
    CHECK(mo.ends_with("end Small_Model;\n"));
    CHECK(mo.find("  parameter Real k(unit=\"N.m/rad\")=2 \"stiffness scale\";\n") != std::string::npos);
    CHECK(mo.find("  Modelica.Mechanics.Rotational.Components.Inertia J1(J=2, w(start=1, fixed=true))\n"
                  "    annotation(Placement(transformation(extent={{-10,-10},{10,10}}, rotation=90, origin={-40,20})));\n") !=
          std::string::npos);
    // Flipped horizontally: the extent's x reversed.
    CHECK(mo.find("  Modelica.Mechanics.Rotational.Components.Spring spring1(c=1e3*k)\n"
                  "    annotation(Placement(transformation(extent={{10,-10},{-10,10}}, rotation=0, origin={0,0})));\n") !=
          std::string::npos);
    CHECK(mo.find("  Modelica.Mechanics.Translational.Components.Mass mass(m(displayUnit=\"g\")=0.3)\n"
                  "    annotation(Placement(transformation(extent={{-10,-10},{10,10}}, rotation=0, origin={60,-40})));\n") !=
          std::string::npos);
    // J1.flange_b: (100, 0) on the icon, (10, 0) at its size, (0, 10) turned by 90 degrees,
    // (-40, 30) at its origin; the corner (-40, 0); spring1.flange_a (-100, 0) flipped: (10, 0).
    CHECK(mo.find("equation\n  connect(J1.flange_b, spring1.flange_a) annotation(Line(points={{-40,30}, {-40,0}, {10,0}}));\n") !=
          std::string::npos);
    CHECK(mo.find("  annotation(experiment(StartTime=0, StopTime=2, Interval=0.01, Tolerance=1e-07), "
                  "uses(Modelica(version=\"4.0.0\")));\n") != std::string::npos);

    // Beyond ±100: the diagram's extent, out to the grid.
    diagram::Diagram wide = d;
    wide.components[2].placement.x = 150;
    CHECK(modelica::writeModelica(wide, test::bundledLibrary(), "M").find(
              "uses(Modelica(version=\"4.0.0\")), Diagram(coordinateSystem(extent={{-100,-100},{160,100}})));\n") !=
          std::string::npos);
}

TEST_CASE("modelica writer: a component of Flange's own is written from its definition, one it lacks is refused by name")
{
    diagram::Diagram d = diagram::parseDiagram(kDiagram, "test");
    d.components.push_back(d.components[0]);
    d.components.back().name = "gap";
    d.components.back().type = "Flange.ContactLaws.LinearElastoGap";
    const std::string mo = modelica::writeModelica(d, test::bundledLibrary(), "M");
    INFO(mo);
    // A package: the definition as a model in the packages of its name, then the model.
    CHECK(mo.starts_with("package M\npackage Flange\npackage ContactLaws\nmodel LinearElastoGap \"Contact with the"));
    CHECK(mo.find("  parameter Real c(unit=\"N/m\", min=0) = 1 \"Spring constant\";\n") != std::string::npos);
    CHECK(mo.find("  f = if contact then c*(s_rel - s_rel0) + d*v_rel else 0;\n") != std::string::npos);
    CHECK(mo.find("  annotation(__Flange(type=\"Flange.ContactLaws.LinearElastoGap\"));\n") != std::string::npos);
    CHECK(mo.find("  Flange.ContactLaws.LinearElastoGap gap(J=2") != std::string::npos);
    d.components.back().type = "Nonesuch.Thing";
    CHECK_THROWS_WITH(modelica::writeModelica(d, test::bundledLibrary(), "M"),
                      Catch::Contains("component gap (Nonesuch.Thing)"));
}
