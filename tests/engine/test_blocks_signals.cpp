// Modelica.Blocks sources, nonlinear, math and logical blocks as data, each against values
// worked out by hand from its MSL v4.0.0 equations.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {

// u = -2 + 4*t over [0, 1]: a ramp through the blocks' interesting regions.
std::string ramp() { return component("u", "Blocks.Sources.Ramp", R"({"height": 4, "duration": 1, "offset": -2})"); }
std::string constant(const std::string& name, double k)
{
    return component(name, "Blocks.Sources.Constant", R"({"k": )" + std::to_string(k) + "}");
}

} // namespace

TEST_CASE("Exponentials rises as 1 - exp(-t/riseTimeConst), then falls with fallTimeConst")
{
    auto s = simulateJson(diagramJson(
        {component("e", "Blocks.Sources.Exponentials",
                   R"({"riseTime": 0.5, "riseTimeConst": 0.1, "fallTimeConst": 0.2})")},
        {}, 1.0, 0.1));
    CHECK(s.sink.at("e.y", 0.3) == Approx(1 - std::exp(-3.0)).epsilon(1e-9));
    CHECK(s.sink.at("e.y", 0.7) == Approx((1 - std::exp(-5.0)) * std::exp(-1.0)).epsilon(1e-9));
}

TEST_CASE("SawTooth rises by amplitude over each period and restarts")
{
    auto s = simulateJson(diagramJson(
        {component("saw", "Blocks.Sources.SawTooth", R"({"amplitude": 2, "period": 0.5, "nperiod": 2})")}, {}, 1.5, 0.05));
    CHECK(s.sink.at("saw.y", 0.35) == Approx(1.4).epsilon(1e-9));
    CHECK(s.sink.at("saw.y", 0.85) == Approx(1.4).epsilon(1e-9));
    CHECK(s.sink.at("saw.y", 1.35) == Approx(0.0).margin(1e-12)); // after nperiod periods
}

TEST_CASE("BooleanStep and BooleanPulse switch at the times their parameters give")
{
    auto s = simulateJson(diagramJson(
        {component("step", "Blocks.Sources.BooleanStep", R"({"startTime": 0.5})"),
         component("pulse", "Blocks.Sources.BooleanPulse", R"({"width": 25, "period": 0.4, "startTime": 0.1})")},
        {}, 1.0, 0.05));
    CHECK(s.sink.at("step.y", 0.25) == 0);
    CHECK(s.sink.at("step.y", 0.75) == 1);
    // High during [0.1, 0.2), [0.5, 0.6), [0.9, 1.0).
    CHECK(s.sink.at("pulse.y", 0.05) == 0);
    CHECK(s.sink.at("pulse.y", 0.15) == 1);
    CHECK(s.sink.at("pulse.y", 0.35) == 0);
    CHECK(s.sink.at("pulse.y", 0.55) == 1);
    CHECK(s.sink.at("pulse.y", 0.65) == 0);
    CHECK(s.sink.at("pulse.y", 0.95) == 1);
}

TEST_CASE("Limiter, DeadZone and VariableLimiter on a ramp from -2 to 2")
{
    auto s = simulateJson(diagramJson(
        {ramp(), component("lim", "Blocks.Nonlinear.Limiter", R"({"uMax": 1})"),
         component("dead", "Blocks.Nonlinear.DeadZone", R"({"uMax": 1})"), constant("upper", 0.5), constant("lower", -1),
         component("vlim", "Blocks.Nonlinear.VariableLimiter")},
        {{"u.y", "lim.u"}, {"u.y", "dead.u"}, {"u.y", "vlim.u"}, {"upper.y", "vlim.limit1"}, {"lower.y", "vlim.limit2"}},
        1.0, 0.1));
    CHECK(s.sink.at("lim.y", 0.1) == Approx(-1.0).epsilon(1e-12));
    CHECK(s.sink.at("lim.y", 0.6) == Approx(0.4).epsilon(1e-9));
    CHECK(s.sink.at("lim.y", 0.9) == Approx(1.0).epsilon(1e-12));
    CHECK(s.sink.at("dead.y", 0.1) == Approx(-0.6).epsilon(1e-9));
    CHECK(s.sink.at("dead.y", 0.6) == Approx(0.0).margin(1e-12));
    CHECK(s.sink.at("dead.y", 0.9) == Approx(0.6).epsilon(1e-9));
    CHECK(s.sink.at("vlim.y", 0.1) == Approx(-1.0).epsilon(1e-12));
    CHECK(s.sink.at("vlim.y", 0.5) == Approx(0.0).margin(1e-12));
    CHECK(s.sink.at("vlim.y", 0.9) == Approx(0.5).epsilon(1e-12));
}

TEST_CASE("Abs, Sign, Min, Max and Division")
{
    auto s = simulateJson(diagramJson(
        {ramp(), constant("half", 0.5), component("abs", "Blocks.Math.Abs"), component("sign", "Blocks.Math.Sign"),
         component("min", "Blocks.Math.Min"), component("max", "Blocks.Math.Max"), component("div", "Blocks.Math.Division")},
        {{"u.y", "abs.u"}, {"u.y", "sign.u"}, {"u.y", "min.u1"}, {"half.y", "min.u2"}, {"u.y", "max.u1"},
         {"half.y", "max.u2"}, {"u.y", "div.u1"}, {"half.y", "div.u2"}},
        1.0, 0.1));
    CHECK(s.sink.at("abs.y", 0.1) == Approx(1.6).epsilon(1e-9));
    CHECK(s.sink.at("sign.y", 0.1) == -1);
    CHECK(s.sink.at("sign.y", 0.9) == 1);
    CHECK(s.sink.at("min.y", 0.9) == Approx(0.5).epsilon(1e-12));
    CHECK(s.sink.at("min.y", 0.1) == Approx(-1.6).epsilon(1e-9));
    CHECK(s.sink.at("max.y", 0.9) == Approx(1.6).epsilon(1e-9));
    CHECK(s.sink.at("div.y", 0.9) == Approx(3.2).epsilon(1e-9));
}

TEST_CASE("Greater and LessThreshold drive a Switch between two signals")
{
    // greater: u > 0.5 from t = 0.625; less: u < 0 until t = 0.5; switch: 10 while greater, else u.
    auto s = simulateJson(diagramJson(
        {ramp(), constant("half", 0.5), constant("ten", 10), component("greater", "Blocks.Logical.Greater"),
         component("less", "Blocks.Logical.LessThreshold", R"({"threshold": 0})"),
         component("switch", "Blocks.Logical.Switch")},
        {{"u.y", "greater.u1"}, {"half.y", "greater.u2"}, {"u.y", "less.u"}, {"greater.y", "switch.u2"},
         {"ten.y", "switch.u1"}, {"u.y", "switch.u3"}},
        1.0, 0.1));
    CHECK(s.sink.at("greater.y", 0.5) == 0);
    CHECK(s.sink.at("greater.y", 0.7) == 1);
    CHECK(s.sink.at("less.y", 0.3) == 1);
    CHECK(s.sink.at("less.y", 0.7) == 0);
    CHECK(s.sink.at("switch.y", 0.3) == Approx(-0.8).epsilon(1e-9));
    CHECK(s.sink.at("switch.y", 0.9) == Approx(10.0).epsilon(1e-12));
}
