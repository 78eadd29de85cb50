// The unit table: parsing Modelica unit strings, converting typed quantities into a
// parameter's declared unit, and refusing units of another dimension. Expected values are
// the definitions of the units (1 rpm = 2*pi/60 rad/s, 20 degC = 293.15 K, ...).
#include "engine/units/units.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace flange::units;

namespace {

double converted(double v, const std::string& from, const std::string& to)
{
    Conversion c = convert(v, from, to, "x");
    INFO(c.error);
    REQUIRE(c.value);
    return *c.value;
}

} // namespace

TEST_CASE("units convert into the parameter's declared unit")
{
    CHECK(converted(300, "g", "kg") == Approx(0.3).epsilon(1e-15));
    CHECK(converted(5, "deg", "rad") == Approx(5 * std::numbers::pi / 180));
    CHECK(converted(1000, "rpm", "rad/s") == Approx(1000 * 2 * std::numbers::pi / 60));
    CHECK(converted(20, "degC", "K") == Approx(293.15));
    CHECK(converted(32, "degF", "K") == Approx(273.15));
    CHECK(converted(300, "K", "degC") == Approx(26.85));
    CHECK(converted(2, "kg.m2", "kg.m2") == 2);
    CHECK(converted(2, "g.cm2", "kg.m2") == Approx(2e-7));
    CHECK(converted(1.5, "min", "s") == 90);
    CHECK(converted(2, "h", "s") == 7200);
    CHECK(converted(3, "t", "kg") == 3000);
    CHECK(converted(2, "bar", "Pa") == 2e5);
    CHECK(converted(1.5, "kW", "W") == 1500);
    CHECK(converted(10, "mm", "m") == Approx(0.01));
    CHECK(converted(4, "kN.m/rad", "N.m/rad") == 4000);
    CHECK(converted(9.81, "m/s2", "m/s2") == 9.81);
    CHECK(converted(3, "1/s", "Hz") == 3);
    CHECK(converted(3, "s-1", "Hz") == 3);
}

TEST_CASE("a converted value is exact where the unit's factor is: only the conversion's own rounding is cut")
{
    CHECK(converted(300, "g", "kg") == 0.3);
    CHECK(converted(20, "degC", "K") == 293.15);
    // 90 deg is the double nearest pi/2, not pi/2 cut to 15 digits (1.5707963267949).
    CHECK(converted(90, "deg", "rad") == std::numbers::pi / 2);
    CHECK(converted(180, "deg", "rad") == std::numbers::pi);
}

TEST_CASE("a conversion result keeps the digits the user typed")
{
    // 300 * 0.001 is 0.30000000000000004 in doubles; the stored value must read 0.3.
    CHECK(converted(300, "g", "kg") == 0.3);
    CHECK(converted(20, "degC", "K") == 293.15);
}

TEST_CASE("a unit of another dimension is refused with what it is and what is needed")
{
    CHECK(convert(2, "m", "kg.m2", "J").error == "J: 'm' is a length, J needs kg.m2");
    CHECK(convert(2, "Hz", "rad/s", "w").error == "w: 'Hz' is a frequency, w needs rad/s");
    CHECK(convert(2, "deg", "1", "ratio").error == "ratio: 'deg' is an angle, ratio needs a plain number");
    CHECK(convert(2, "furlong", "m", "L").error == "L: unknown unit 'furlong'");
    CHECK_FALSE(convert(2, "m", "kg.m2", "J").value);
}

TEST_CASE("quantities split into number and unit as typed")
{
    auto q = splitQuantity("300 g");
    REQUIRE(q);
    CHECK(q->value == 300);
    CHECK(q->unit == "g");
    q = splitQuantity("-5deg");
    REQUIRE(q);
    CHECK(q->value == -5);
    CHECK(q->unit == "deg");
    q = splitQuantity("2.5e3 rpm");
    REQUIRE(q);
    CHECK(q->value == 2500);
    CHECK(q->unit == "rpm");
    q = splitQuantity("7");
    REQUIRE(q);
    CHECK(q->unit.empty());
    CHECK_FALSE(splitQuantity("f/2"));
    CHECK_FALSE(splitQuantity("2*f"));
    CHECK_FALSE(splitQuantity("inf"));
    CHECK_FALSE(splitQuantity("-inf"));
    q = splitQuantity(" +.5 kg");
    REQUIRE(q);
    CHECK(q->value == 0.5);
    CHECK(q->unit == "kg");
    CHECK_FALSE(splitQuantity("+-1"));
}

TEST_CASE("unit strings of the component library all parse")
{
    for (const char* u : {"N.m", "rad", "N", "m", "rad/s", "m/s", "s", "rad/s2", "m/s2", "1", "K", "Hz", "N.s/m", "N/m",
                          "N.m/rad", "N.m.s/rad", "W", "kg", "1/K", "s/m", "s-1", "rad/m", "kg.m2", "degC", "W/K", "K/s",
                          "J/K"}) {
        std::string error;
        INFO(u);
        CHECK(parseUnit(u, &error));
        CHECK(error.empty());
    }
    CHECK(describe(parseUnit("N.m.s/rad")->dimension) == "a rotational damping");
    CHECK(describe(parseUnit("kg.m/s")->dimension) == "in kg.m/s");
}
