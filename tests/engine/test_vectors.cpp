// Vector signal connectors (u[3], u[nu]), member and whole-vector connections, and the
// blocks built on them: Move, KinematicPTP, KinematicPTP2, MultiSum, MultiProduct. Expected
// values are worked out by hand from the MSL formulas quoted beside them.
#include "engine/error.hpp"
#include "engine/expr/parser.hpp"
#include "engine/library/connection_rules.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {

std::string compileError(const std::string& json)
{
    try {
        compileModel(diagramFromJson(json), bundledLibrary());
    } catch (const Error& e) {
        return e.what();
    }
    FAIL("no error");
    return {};
}

// KinematicPTP2 from 0 to 2 with qd_max = 1, qdd_max = 2, starting at 0.5 s: 0.5 s at
// qdd = 2 (reaching qd = 1 at q = 0.25), 1.5 s at qd = 1, 0.5 s braking; at rest at 3 s.
double qTrapezoid(double t)
{
    const double tau = t - 0.5;
    if (tau <= 0)
        return 0;
    if (tau <= 0.5)
        return tau * tau;
    if (tau <= 2)
        return 0.25 + (tau - 0.5);
    if (tau <= 2.5)
        return 2 - (2.5 - tau) * (2.5 - tau);
    return 2;
}

double qdTrapezoid(double t)
{
    const double tau = t - 0.5;
    if (tau <= 0 || tau >= 2.5)
        return 0;
    if (tau <= 0.5)
        return 2 * tau;
    if (tau <= 2)
        return 1;
    return 2 * (2.5 - tau);
}

const std::string kPtpToMove = R"({"format": "flange-diagram", "version": 1, "name": "MovePTP",
  "experiment": {"stopTime": 3.5, "interval": 0.125},
  "components": [
    {"name": "ptp", "type": "Blocks.Sources.KinematicPTP2",
     "parameters": {"q_end": [[2]], "qd_max": [[1]], "qdd_max": [[2]], "startTime": 0.5}},
    {"name": "move", "type": "Rotational.Sources.Move"},
    {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 2}}],
  "connections": [
    {"from": "ptp.q[1]", "to": "move.u[1]"}, {"from": "ptp.qd[1]", "to": "move.u[2]"},
    {"from": "ptp.qdd[1]", "to": "move.u[3]"}, {"from": "move.flange", "to": "inertia.flange_a"}]})";

} // namespace

TEST_CASE("a rotational Move follows KinematicPTP2's trapezoid: angle and speed equal q and qd")
{
    auto s = simulateJson(kPtpToMove);
    // Output points (every 0.125 s), not interpolated between them.
    for (double t : {0.25, 0.625, 0.75, 1.0, 1.625, 2.5, 2.75, 2.875, 3.25}) {
        INFO("t = " << t);
        CHECK(s.sink.at("inertia.phi", t) == Approx(qTrapezoid(t)).margin(1e-6));
        CHECK(s.sink.at("inertia.w", t) == Approx(qdTrapezoid(t)).margin(1e-6));
        CHECK(s.sink.at("ptp.q[1]", t) == Approx(qTrapezoid(t)).margin(1e-6));
    }
    // The inertia is accelerated by the flange torque: tau = J*qdd = 2*2 while speeding up.
    CHECK(s.sink.at("inertia.a", 0.75) == Approx(2.0).margin(1e-6));
    CHECK(s.sink.at("inertia.flange_a.tau", 0.75) == Approx(4.0).margin(1e-6));
    CHECK(s.sink.at("ptp.moving[1]", 2.0) == 1.0);
    CHECK(s.sink.last("ptp.moving[1]") == 0.0);
    CHECK(s.sink.last("ptp.endTime") == Approx(3.0));
    // Move's inputs are not differentiated: the acceleration comes from u[3] as given.
    CHECK(s.sink.at("move.u[3]", 3.25) == Approx(0.0).margin(1e-12));
}

TEST_CASE("a translational Move follows its position, velocity and acceleration inputs")
{
    // u = {sin t, cos t, -sin t} given by three blocks; the mass's v is cos t, a is -sin t.
    auto s = simulateJson(diagramJson(
        {component("pos", "Blocks.Sources.Sine", R"({"f": 0.15915494309189535})"),
         component("vel", "Blocks.Sources.Cosine", R"({"f": 0.15915494309189535})"),
         component("acc", "Blocks.Sources.Sine", R"({"f": 0.15915494309189535, "amplitude": -1})"),
         component("move", "Translational.Sources.Move"), component("mass", "Translational.Components.Mass", R"({"m": 1})")},
        {{"pos.y", "move.u[1]"}, {"vel.y", "move.u[2]"}, {"acc.y", "move.u[3]"}, {"move.flange", "mass.flange_a"}},
        1.0, 0.1));
    CHECK(s.sink.at("mass.s", 0.5) == Approx(std::sin(0.5)).epsilon(1e-9));
    CHECK(s.sink.at("mass.v", 0.5) == Approx(std::cos(0.5)).epsilon(1e-9));
    CHECK(s.sink.at("mass.a", 0.5) == Approx(-std::sin(0.5)).epsilon(1e-9));
}

TEST_CASE("a whole vector connects element by element and results name its members u[1]")
{
    // KinematicPTP: deltaq = {1, -3}, qd_max = qdd_max = 10: the slower axis sets
    // sdd_max = 1/max(|1/10|, |-3/10|) = 10/3, so y = deltaq*10/3 = {10/3, -10} first.
    // MultiSum with k = {2, 0.5}: 2*10/3 - 5 = 5/3; MultiProduct of {y[1], 4, sum}.
    auto s = simulateJson(diagramJson(
        {component("ptp", "Blocks.Sources.KinematicPTP", R"({"deltaq": [[1, -3]], "qd_max": [[10]], "qdd_max": [[10]]})"),
         component("sum", "Blocks.Math.MultiSum", R"({"k": [[2, 0.5]]})"),
         component("prod", "Blocks.Math.MultiProduct", R"({"nu": 3})"), component("c", "Blocks.Sources.Constant", R"({"k": 4})")},
        {{"ptp.y", "sum.u"}, {"ptp.y[1]", "prod.u[1]"}, {"c.y", "prod.u[2]"}, {"sum.y", "prod.u[3]"}}, 1.0, 0.25));
    for (const char* name : {"ptp.y[1]", "ptp.y[2]", "sum.u[1]", "sum.u[2]", "prod.u[3]"})
        CHECK(std::count(s.sink.names.begin(), s.sink.names.end(), name) == 1);
    CHECK(s.sink.at("sum.u[2]", 0.25) == Approx(-10.0));
    CHECK(s.sink.at("sum.y", 0.25) == Approx(5.0 / 3.0));
    CHECK(s.sink.at("prod.y", 0.25) == Approx(10.0 / 3.0 * 4 * 5.0 / 3.0));
    // Ta1 = sqrt(0.3): braking from then on, y = -deltaq*sdd_max.
    CHECK(s.sink.at("sum.y", 0.75) == Approx(-5.0 / 3.0));
}

TEST_CASE("MultiSum with one gain for all inputs, and with no inputs, as MSL: y = 0")
{
    auto s = simulateJson(diagramJson(
        {component("a", "Blocks.Sources.Constant", R"({"k": 1.5})"), component("b", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("sum", "Blocks.Math.MultiSum", R"({"k": [[3]]})"), component("none", "Blocks.Math.MultiSum", R"({"nu": 0})"),
         component("noneP", "Blocks.Math.MultiProduct", R"({"nu": 0})")},
        {{"a.y", "sum.u[1]"}, {"b.y", "sum.u[2]"}}, 0.1, 0.1));
    CHECK(s.sink.last("sum.y") == Approx(10.5));
    CHECK(s.sink.last("none.y") == 0.0);
    CHECK(s.sink.last("noneP.y") == 0.0);
}

TEST_CASE("vector connection errors name the connection and the sizes")
{
    auto diagram = [](const std::string& from, const std::string& to) {
        return diagramJson({component("ptp", "Blocks.Sources.KinematicPTP", R"({"deltaq": [[1, 2]]})"),
                            component("sum", "Blocks.Math.MultiSum", R"({"nu": 3})"),
                            component("c", "Blocks.Sources.Constant", R"({"k": 1})")},
                           {{from, to}}, 0.1, 0.1);
    };
    CHECK_THAT(compileError(diagram("ptp.y", "sum.u")),
               Catch::Contains("connection ptp.y - sum.u: 'ptp.y' is a vector of 2 elements and 'sum.u' is a vector of 3 elements"));
    CHECK_THAT(compileError(diagram("c.y", "sum.u")),
               Catch::Contains("connection c.y - sum.u: 'c.y' is a scalar and 'sum.u' is a vector of 3 elements; "
                               "connect one member, such as 'sum.u[1]'"));
    CHECK_THAT(compileError(diagram("ptp.y[3]", "sum.u[1]")),
               Catch::Contains("connection ptp.y[3] - sum.u[1]: index 3 is out of range: 'ptp.y' has 2 elements"));
    CHECK_THAT(compileError(diagram("ptp.y[1]", "c.y[1]")), Catch::Contains("'c.y' is not a vector"));
    // An input member left unconnected is named as a scalar input is.
    CHECK_THAT(compileError(diagram("ptp.y[1]", "sum.u[1]")), Catch::Contains("sum.u[2]"));
}

TEST_CASE("vector connector definitions: bad sizes and subscripts are refused with their place")
{
    CHECK_THROWS_WITH(library::parseDefinition(R"({"name": "X", "connectors": [
        {"name": "flange", "type": "Rotational.Flange_a", "size": 2}]})", "X.json"),
                      Catch::Contains("only signal connectors can be vectors"));
    CHECK_THROWS_WITH(library::parseDefinition(R"({"name": "X", "equations": [{"for": "i 1:3", "do": []}]})", "X.json"),
                      Catch::Contains("expected 'in'"));
    // An index outside a vector parameter, in an equation.
    CHECK_THAT(compileError(diagramJson({component("ptp", "Blocks.Sources.KinematicPTP2",
                                                   R"({"q_begin": [[0, 0]], "q_end": [[1, 1, 1]]})")},
                                        {}, 0.1, 0.1)),
               Catch::Contains("index 3 is out of range: 'q_begin' has 2 elements"));
}

TEST_CASE("the connection rule splits members and names sizes")
{
    std::string base;
    int index = 0;
    REQUIRE(library::splitMember("u[12]", base, index));
    CHECK(base == "u");
    CHECK(index == 12);
    CHECK_FALSE(library::splitMember("u", base, index));
    CHECK_FALSE(library::splitMember("u[x]", base, index));
    CHECK(library::portOf("u[2]") == "u");
    CHECK(library::portOf("flange_a") == "flange_a");
    CHECK_FALSE(library::sizeRefusal("a.y", 3, "b.u", 3));
    CHECK_FALSE(library::sizeRefusal("a.y[1]", 0, "b.u", 0));
    CHECK(*library::memberRefusal("b.u", 0, 3) == "index 0 is out of range: 'b.u' has 3 elements (b.u[1]..b.u[3])");
}

TEST_CASE("subscripts, for-reductions and withDerivative parse")
{
    auto e = expr::parseExpression("sum(k[i]*u[i] for i in 1:nu)");
    REQUIRE(e->kind == expr::Ast::Kind::Call);
    CHECK(e->name == "reduce:sum");
    REQUIRE(e->args.size() == 4);
    CHECK(e->args[1]->name == "i");
    auto m = expr::parseExpression("u[2]");
    CHECK(m->kind == expr::Ast::Kind::Ident);
    CHECK(m->args.size() == 1);
    CHECK_THROWS_AS(expr::parseExpression("sum(u for i 1:2)"), expr::ParseError);
    auto r = expr::parseForRange("i in 1:nout");
    CHECK(r->args[0]->name == "i");
}

TEST_CASE("a vector parameter may be written as a flat list: [1, -3] is the row [[1, -3]]")
{
    auto s = simulateJson(diagramJson(
        {component("ptp", "Blocks.Sources.KinematicPTP", R"({"deltaq": [1, -3], "qd_max": [10], "qdd_max": [10]})")}, {},
        0.25, 0.25));
    CHECK(s.sink.at("ptp.y[2]", 0.25) == Approx(-10.0));
}
