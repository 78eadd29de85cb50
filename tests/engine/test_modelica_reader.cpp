// Reading Modelica (engine/modelica/modelica_reader.*): each construct of the subset in a
// small file written here, with the diagram it must give worked out by hand, and each
// refusal with its file, line and construct.
#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/modelica/modelica_reader.hpp"
#include "engine/modelica/modelica_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

using namespace flange;
using diagram::Json;

namespace {

diagram::Diagram read(const std::string& text, const std::string& model = "")
{
    modelica::ModelicaSource source = modelica::ModelicaSource::fromText(text, "test.mo");
    return modelica::readModelica(source, modelica::chooseModel(source, model), test::bundledLibrary());
}

std::string refusal(const std::string& text, const std::string& model = "")
{
    try {
        read(text, model);
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        return e.what();
    }
    return "(read without a message)";
}

const diagram::Component& component(const diagram::Diagram& d, const std::string& name)
{
    const diagram::Component* c = d.component(name);
    REQUIRE(c);
    return *c;
}

const char* kSmall = R"(within Modelica.Mechanics.Rotational.Examples;
model Small "two inertias and a spring"
  extends Modelica.Icons.Example;
  import Modelica.Constants.pi;
  import C = Modelica.Constants;
  parameter SI.Time T2(min=0) = 0.4 "switch time";
  parameter Real k = 2*T2;
  parameter Boolean useFixed = false;
  Rotational.Components.Inertia J1(
    J=2,
    phi(fixed=true, start=2*pi),
    w(start=1, fixed=true, stateSelect=StateSelect.prefer))
    annotation (Placement(transformation(extent={{-10,-10},{10,10}}, rotation=90, origin={-40,20})));
  Components.Spring spring(c=1e3*k, phi_rel0=C.pi)
    annotation (Placement(transformation(extent={{10,-10},{-10,10}})));
  Modelica.Mechanics.Rotational.Components.Inertia J2(final J=1);
  Modelica.Blocks.Sources.Step step(startTime=T2)
    annotation (Placement(transformation(origin={25,35}, extent={{-5,-5},{15,15}}, rotation=270)));
  Modelica.Mechanics.Rotational.Sources.Torque torque(useSupport=false);
  Modelica.Mechanics.Rotational.Components.Fixed fixed if useFixed;
  Real P(unit="W") = J1.flange_a.tau*der(J1.phi) "power in";
equation
  connect(J1.flange_b, spring.flange_a)
    annotation (Line(points={{-40,30},{-40,0},{10,0}}, color={0,0,127}));
  connect(spring.flange_b, J2.flange_a);
  connect(step.y, torque.tau);
  connect(torque.flange, J1.flange_a);
initial equation
  J2.phi = 0.5;
  der(J2.w) = 0;
  annotation (experiment(StopTime=2, Interval=0.01, Tolerance=1e-7),
    Documentation(info="<html>A small model.</html>"),
    Diagram(graphics={Text(extent={{-80,60},{-20,50}}, textString="a note")}),
    __Vendor_Setting(x=1));
end Small;
)";

} // namespace

TEST_CASE("modelica reader: instances, modifiers, model parameters, connections and annotations")
{
    const diagram::Diagram d = read(kSmall);
    CHECK(d.name == "Small");
    CHECK(d.description == "two inertias and a spring");
    // Type names relative to the enclosing package, and a full MSL name, map to the library's.
    CHECK(component(d, "J1").type == "Rotational.Components.Inertia");
    CHECK(component(d, "spring").type == "Rotational.Components.Spring");
    CHECK(component(d, "J2").type == "Rotational.Components.Inertia");
    CHECK(component(d, "step").type == "Blocks.Sources.Step");
    // Modifiers: numbers, expressions as typed (the alias C.pi as the engine's pi), final.
    CHECK(*component(d, "J1").parameter("J") == Json(2));
    CHECK(*component(d, "spring").parameter("c") == Json("1e3*k"));
    CHECK(*component(d, "spring").parameter("phi_rel0") == Json("pi"));
    CHECK(*component(d, "J2").parameter("J") == Json(1));
    CHECK(*component(d, "step").parameter("startTime") == Json("T2"));
    CHECK(*component(d, "torque").parameter("useSupport") == Json(false));
    CHECK(component(d, "fixed").condition == "useFixed");
    // start, fixed, stateSelect.
    const diagram::VariableSettings* phi = component(d, "J1").variable("phi");
    REQUIRE(phi);
    CHECK(*phi->start == Json("2*pi"));
    CHECK(*phi->fixed == Json(true));
    const diagram::VariableSettings* w = component(d, "J1").variable("w");
    REQUIRE(w);
    CHECK(*w->start == Json(1));
    CHECK(*w->stateSelect == "prefer");
    // Initial equations: x = value as start and fixed; der(w) = 0 as the acceleration at zero.
    CHECK(*component(d, "J2").variable("phi")->start == Json(0.5));
    CHECK(*component(d, "J2").variable("phi")->fixed == Json(true));
    CHECK(*component(d, "J2").variable("a")->start == Json(0));
    CHECK(*component(d, "J2").variable("a")->fixed == Json(true));
    // Model parameters with the unit of their SI type, bounds and descriptions.
    const std::vector<diagram::ParameterDeclaration> ps = diagram::declarations(d);
    REQUIRE(ps.size() == 3);
    CHECK(ps[0].name == "T2");
    CHECK(ps[0].value == Json(0.4));
    CHECK(ps[0].unit == "s");
    CHECK(ps[0].min == 0.0);
    CHECK(ps[0].description == "switch time");
    CHECK(ps[1].value == Json("2*T2"));
    CHECK(ps[2].type == "Boolean");
    // A variable of the model equal to an expression of its parts'.
    REQUIRE(d.variables.size() == 1);
    CHECK(d.variables[0].name == "P");
    CHECK(d.variables[0].value == "J1.flange_a.tau*der(J1.phi)");
    CHECK(d.variables[0].unit == "W");
    // Placements: the extent's centre turned about the origin, y down; a reversed extent a flip.
    CHECK(component(d, "J1").placement.x == -40);
    CHECK(component(d, "J1").placement.y == -20);
    CHECK(component(d, "J1").placement.rotation == 90);
    CHECK(component(d, "spring").placement.flipH);
    CHECK_FALSE(component(d, "spring").placement.flipV);
    // origin (25, 35), extent centre (5, 5) turned by 270 degrees: (5, -5); (30, 30), y down.
    CHECK(component(d, "step").placement.x == 30);
    CHECK(component(d, "step").placement.y == -30);
    CHECK(component(d, "step").placement.rotation == 270);
    // Connections: the line's inner points, y down, and its colour.
    REQUIRE(d.connections.size() == 4);
    CHECK(d.connections[0].from == "J1.flange_b");
    CHECK(d.connections[0].to == "spring.flange_a");
    CHECK(d.connections[0].points == std::vector<std::pair<double, double>>{{-40, 0}});
    CHECK(d.connections[0].extra["color"] == Json::array({0, 0, 127}));
    // Experiment, Documentation, a text note, another tool's annotation kept.
    CHECK(d.experiment.stopTime == 2);
    CHECK(*d.experiment.interval == 0.01);
    CHECK(d.experiment.tolerance == 1e-7);
    CHECK(d.extra["documentation"]["info"] == "<html>A small model.</html>");
    REQUIRE(d.annotations.size() == 1);
    CHECK(d.annotations[0]["text"] == "a note");
    CHECK(d.annotations[0]["x"] == -80);
    CHECK(d.annotations[0]["y"] == -60);
    CHECK(d.extra["modelicaAnnotations"] == Json::array({"__Vendor_Setting(x=1)"}));
}

TEST_CASE("modelica reader: initial equations start an oscillator at rest, displaced")
{
    // J = 1, c = 1: phi = 0.5 cos(t), from phi = 0.5 and der(phi) = w = 0.
    const test::Simulated s = test::simulateJson(diagram::serializeDiagram(read(R"(model Oscillator
  Modelica.Mechanics.Rotational.Components.Inertia J(J=1);
  Modelica.Mechanics.Rotational.Components.Spring spring(c=1);
  Modelica.Mechanics.Rotational.Components.Fixed fixed;
equation
  connect(fixed.flange, spring.flange_a);
  connect(spring.flange_b, J.flange_a);
initial equation
  J.phi = 0.5;
  der(J.phi) = 0;
  annotation(experiment(StopTime=1, Interval=0.01));
end Oscillator;)")));
    CHECK(s.sink.at("J.phi", 0) == Approx(0.5));
    CHECK(s.sink.at("J.w", 0) == Approx(0).margin(1e-9));
    CHECK(s.sink.at("J.phi", 1) == Approx(0.5 * std::cos(1.0)).epsilon(1e-4));
}

TEST_CASE("modelica reader: imports, shadowing by a package of the file, and MSL names")
{
    // A single import, an alias for a package, and a wildcard import.
    const diagram::Diagram d = read(R"(model M
  import Modelica.Mechanics.Rotational.Components.Inertia;
  import Rot = Modelica.Mechanics.Rotational;
  import Modelica.Mechanics.Translational.Components.*;
  Inertia J1;
  Rot.Components.Spring spring(c=10);
  Mass mass(m=3);
end M;)");
    CHECK(component(d, "J1").type == "Rotational.Components.Inertia");
    CHECK(component(d, "spring").type == "Rotational.Components.Spring");
    CHECK(component(d, "mass").type == "Translational.Components.Mass");
    // The file's own package Components comes before MSL's: its Inertia, a model of the
    // file, is read as a subsystem, not as the library's Inertia.
    const diagram::Diagram mine = read(R"(within Modelica.Mechanics.Rotational;
package Mine
  package Components
    model Inertia "not MSL's"
      Modelica.Mechanics.Rotational.Components.Fixed fixed;
    end Inertia;
  end Components;
  model M
    Components.Inertia J;
  end M;
end Mine;)", "M");
    CHECK(component(mine, "J").type == "Components.Inertia");
    REQUIRE(mine.subsystems.size() == 1);
    CHECK(mine.subsystems[0].description == "not MSL's");
}

TEST_CASE("modelica reader: functions of assignments and for-loops, MSL constants, enumerations, tables")
{
    const diagram::Diagram d = read(R"(package P
  function table "a friction table"
    input Real a;
    input Integer n = 3;
    output Real t[n, 2];
  algorithm
    for i in 1:n loop
      t[i, 1] := i - 1;
      t[i, 2] := a*(i - 1)^2 + Modelica.Math.exp(0);
    end for;
  end table;
  model M
    Modelica.Mechanics.Translational.Components.SupportFriction f(f_pos=P.table(a=2));
    Modelica.Mechanics.Rotational.Sources.EddyCurrentTorque brake(tau_nominal=1, w_nominal=1,
      useHeatPort=true,
      alpha20(displayUnit="1/K") = Modelica.Electrical.Machines.Thermal.Constants.alpha20Copper);
    Modelica.Blocks.Sources.CombiTimeTable t(table=[0, 0; 1, -1.5],
      extrapolation=Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
    Modelica.Mechanics.Rotational.Components.LossyGear gear(lossTable=[0, 0.5, 0.5, 0, 0]);
  end M;
end P;)", "P.M");
    CHECK(*component(d, "f").parameter("f_pos") == Json::parse("[[0, 1], [1, 3], [2, 9]]"));
    CHECK(*component(d, "brake").parameter("alpha20") == Json::parse(R"({"value": 0.00392, "displayUnit": "1/K"})"));
    CHECK(*component(d, "t").parameter("table") == Json::parse("[[0, 0], [1, -1.5]]"));
    CHECK(*component(d, "t").parameter("extrapolation") == Json("Extrapolation.HoldLastPoint"));
    CHECK(*component(d, "gear").parameter("lossTable") == Json::parse("[[0, 0.5, 0.5, 0, 0]]"));
}

TEST_CASE("modelica reader: an input connected to an input is driven from the set's output")
{
    const diagram::Diagram d = read(R"(model M
  Modelica.Blocks.Sources.Constant c(k=1);
  Modelica.Mechanics.Rotational.Sources.Torque t1;
  Modelica.Mechanics.Rotational.Sources.Torque t2;
equation
  connect(c.y, t1.tau);
  connect(t1.tau, t2.tau);
end M;)");
    REQUIRE(d.connections.size() == 2);
    CHECK(d.connections[1].from == "c.y");
    CHECK(d.connections[1].to == "t2.tau");
}

TEST_CASE("modelica reader: a package folder, its package.order, and a class of another file used")
{
    test::TempFolder tmp("flange-modelica");
    const auto p = tmp.path() / "P";
    std::filesystem::create_directories(p);
    auto write = [](const std::filesystem::path& f, const std::string& text) { std::ofstream(f) << text; };
    write(p / "package.mo", "package P\nend P;\n");
    write(p / "package.order", "B\nA\nFns\n");
    write(p / "A.mo", "within P;\nmodel A\n  Modelica.Mechanics.Rotational.Components.Inertia J(J=3);\nend A;\n");
    write(p / "B.mo", "within P;\nmodel B\n  Modelica.Mechanics.Rotational.Components.Inertia J(J=Fns.twice(2));\nend B;\n");
    write(p / "Fns.mo", "within P;\npackage Fns\n  function twice\n    input Real x;\n    output Real y;\n"
                        "  algorithm\n    y := 2*x;\n  end twice;\nend Fns;\n");
    modelica::ModelicaSource folder = modelica::ModelicaSource::open(p.string());
    CHECK(folder.models() == std::vector<std::string>{"P.B", "P.A"});
    CHECK(modelica::chooseModel(folder, "A") == "P.A");
    // A file of the folder, opened alone, finds the function in its sibling file.
    const diagram::Diagram b = modelica::readModelicaFile((p / "B.mo").string(), "", test::bundledLibrary());
    CHECK(*component(b, "J").parameter("J") == Json(4));
    try {
        modelica::chooseModel(folder, "");
        FAIL("no model chosen without --model");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "the Modelica read has 2 models; name one with --model: P.B, P.A");
    }
}

TEST_CASE("modelica reader: what is outside the subset is refused with file, line and construct")
{
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Inertia J;\nequation\n  J.w = 1;\nend M;") ==
          "test.mo:4: an equation other than connect(...) (`J.w = 1`) is not in the subset Flange reads");
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Inertia J;\nequation\n  when time > 1 then\n"
                  "  end when;\nend M;") == "test.mo:4: a when-equation is not in the Modelica subset Flange reads");
    CHECK(refusal("model M\n  extends Base(redeclare model X = Y);\nend M;") ==
          "test.mo:2: `redeclare` is not in the Modelica subset Flange reads");
    CHECK(refusal("model M\n  inner Modelica.Mechanics.Rotational.Components.Inertia J;\nend M;") ==
          "test.mo:2: `inner` is not in the Modelica subset Flange reads");
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Nonesuch J;\nend M;") ==
          "test.mo:2: J: class Modelica.Mechanics.Rotational.Components.Nonesuch is not in Flange's library");
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Inertia J(foo=1);\nend M;") ==
          "test.mo:2: J: Rotational.Components.Inertia has no parameter or variable 'foo'");
    CHECK(refusal("model M\n  extends Other;\nend M;") ==
          "test.mo:2: `extends Other`: Flange reads models that extend only Modelica.Icons classes");
    CHECK(refusal("model M \"open\n") == "test.mo:1: a string is not closed");
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Inertia J;\nend N;") ==
          "test.mo:3: `end N` closes class M (line 1)");
    CHECK(refusal("model M\n  Modelica.Mechanics.Rotational.Components.Inertia J;\nequation\n  connect(J.flange_a, K.flange_b);\n"
                  "end M;") == "test.mo:4: connect(J.flange_a, K.flange_b): K.flange_b is no connector of a component of the model");
}

TEST_CASE("modelica reader: nesting, operator chains and loops past their limits are refused, not followed")
{
    const std::string deep = std::string(150, '(') + "1" + std::string(150, ')');
    CHECK(refusal("model M\n  parameter Real p = " + deep + ";\nend M;") == "test.mo:2: nested more than 100 levels deep");
    std::string chain = "1";
    for (int i = 0; i < 1500; ++i)
        chain += "+1";
    CHECK(refusal("model M\n  parameter Real p = " + chain + ";\nend M;") ==
          "test.mo:2: an expression of more than 1000 operators in a chain");
    std::string packages, ends;
    for (int i = 0; i < 150; ++i) {
        packages += "package P" + std::to_string(i) + "\n";
        ends = "end P" + std::to_string(i) + ";\n" + ends;
    }
    CHECK(refusal(packages + ends).ends_with(": nested more than 100 levels deep"));
    CHECK(refusal(R"(package P
  function f
    input Real a;
    output Real y;
  algorithm
    y := 0;
    for i in 1:200000 loop
      y := y + a;
    end for;
  end f;
  model M
    Modelica.Mechanics.Rotational.Components.Inertia J(J=P.f(1));
  end M;
end P;)", "M") == "test.mo:7: the range has 200000 iterations, more than the 100000 a range may have");
}

TEST_CASE("modelica reader: a model of the file used as a component becomes a subsystem with its connectors")
{
    const diagram::Diagram d = read(R"(package Drive
  model Stage "an inertia behind a gear"
    parameter Real ratio = 2 "gear ratio";
    parameter Boolean useSupport = false;
    Modelica.Mechanics.Rotational.Interfaces.Flange_a flange_a "input"
      annotation (Placement(transformation(extent={{-110,-10},{-90,10}}), iconTransformation(extent={{-110,-10},{-90,10}})));
    Modelica.Mechanics.Rotational.Interfaces.Flange_b flange_b
      annotation (Placement(transformation(extent={{90,-10},{110,10}})));
    Modelica.Mechanics.Rotational.Interfaces.Support support if useSupport
      annotation (Placement(transformation(extent={{-10,-110},{10,-90}})));
    Modelica.Mechanics.Rotational.Components.Inertia inertia(J=0.1);
    Modelica.Mechanics.Rotational.Components.IdealGear gear(ratio=ratio);
  equation
    connect(flange_a, inertia.flange_a);
    connect(inertia.flange_b, gear.flange_a);
    connect(gear.flange_b, flange_b);
  end Stage;
  model Drive
    Stage stage1(ratio=3);
    Stage stage2;
    Modelica.Mechanics.Rotational.Components.Inertia load(J=1, w(start=1, fixed=true), phi(fixed=true));
  equation
    connect(stage1.flange_b, stage2.flange_a);
    connect(stage2.flange_b, load.flange_a);
  end Drive;
end Drive;
)");
    // The model of the package's name is the one read, as Flange writes such packages.
    CHECK(d.name == "Drive");
    REQUIRE(d.subsystems.size() == 1);
    const diagram::Diagram& stage = d.subsystems[0];
    CHECK(stage.name == "Stage");
    CHECK(component(d, "stage1").type == "Stage");
    CHECK(*component(d, "stage1").parameter("ratio") == Json(3));
    REQUIRE(stage.connectors.size() == 3);
    CHECK(stage.connectors[0].type == "Rotational.Flange_a");
    CHECK(stage.connectors[0].x == -100);
    CHECK(stage.connectors[0].description == "input");
    CHECK(stage.connectors[1].x == 100);
    CHECK(stage.connectors[2].condition == "useSupport");
    CHECK(stage.connections[0].from == "flange_a");
    // It simulates: the load keeps its speed, nothing drives it.
    const test::Simulated s = test::simulateJson(diagram::serializeDiagram(d));
    CHECK(s.sink.last("load.w") == Approx(1).epsilon(1e-6));
    CHECK(s.sink.column("stage1.inertia.w") >= 0);
}

TEST_CASE("modelica round trip: a diagram with a subsystem of its own is written as a package and read back")
{
    const diagram::Diagram d = test::diagramFromJson(test::bundledModel("../gallery/TwoGearboxes.json"));
    const std::string text = modelica::writeModelica(d, test::bundledLibrary(), "TwoGearboxes");
    INFO(text);
    CHECK(text.starts_with("package TwoGearboxes\npackage Gallery\nmodel GearboxWithBacklash"));
    modelica::ModelicaSource source = modelica::ModelicaSource::fromText(text, "TwoGearboxes.mo");
    const diagram::Diagram back = modelica::readModelica(source, modelica::chooseModel(source, ""), test::bundledLibrary());
    CHECK(diagram::toJson(back) == diagram::toJson(d));
}

TEST_CASE("modelica round trip: components of Flange's own are written from their definitions and read back as the library's")
{
    const diagram::Diagram d = test::diagramFromJson(test::bundledModel("../gallery/ElastoGapContactLaws.json"));
    const std::string text = modelica::writeModelica(d, test::bundledLibrary(), "ElastoGapContactLaws");
    modelica::ModelicaSource source = modelica::ModelicaSource::fromText(text, "ElastoGapContactLaws.mo");
    const diagram::Diagram back = modelica::readModelica(source, modelica::chooseModel(source, ""), test::bundledLibrary());
    CHECK(diagram::toJson(back) == diagram::toJson(d));
    CHECK(component(back, "elastoGap1").type == "Flange.ContactLaws.LinearElastoGap");
}
