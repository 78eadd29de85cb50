// Issue 37: linearization and modes of small drive lines, against closed forms: two and
// three inertias on springs (free-free and grounded), a gear reflecting inertia by its
// ratio squared, a damped oscillator's damping ratio, energy shares summing to 1.
#include "engine/api/linearize.hpp"

#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

std::shared_ptr<const Model> modelOf(const std::vector<std::string>& parts,
                                     const std::vector<std::pair<std::string, std::string>>& connections)
{
    return Model::compile(diagramFromJson(diagramJson(parts, connections)), sharedBundledLibrary());
}

std::string inertia(const std::string& name, double j)
{
    return component(name, "Rotational.Components.Inertia", "{\"J\": " + std::to_string(j) + "}");
}
std::string spring(const std::string& name, double c)
{
    return component(name, "Rotational.Components.Spring", "{\"c\": " + std::to_string(c) + "}");
}

double hz(double omegaSquared) { return std::sqrt(omegaSquared) / (2 * std::numbers::pi); }

double shapeOf(const linear::Mode& m, const std::string& name)
{
    for (const auto& [n, v] : m.shape)
        if (n == name)
            return v;
    FAIL("no shape entry for " << name);
    return 0;
}
double energyOf(const linear::Mode& m, const std::string& name)
{
    for (const auto& [n, v] : m.energy)
        if (n == name)
            return v;
    FAIL("no energy entry for " << name);
    return 0;
}
double energySum(const linear::Mode& m)
{
    double s = 0;
    for (const auto& [n, v] : m.energy)
        s += v;
    return s;
}

constexpr double kRel = 1e-9;

linear::LinearizeOptions options(std::optional<double> at, std::vector<std::string> measure,
                                 std::vector<std::string> inputs = {})
{
    linear::LinearizeOptions o;
    o.at = at;
    o.measure = std::move(measure);
    o.inputs = std::move(inputs);
    return o;
}

} // namespace

TEST_CASE("Linearize, two free inertias on a spring have one rigid mode and sqrt(c (1/J1 + 1/J2))")
{
    const auto model = modelOf({inertia("inertia1", 1), spring("spring", 1e4), inertia("inertia2", 2)},
                               {{"inertia1.flange_b", "spring.flange_a"}, {"spring.flange_b", "inertia2.flange_a"}});
    const linear::LinearSystem sys = linear::linearize(model, options({}, {"spring.tau", "inertia2.w"}));
    REQUIRE(sys.states.size() == 4);
    REQUIRE(sys.outputs.size() == 2);
    REQUIRE(sys.C.size() == 8);
    const auto modes = linear::modes(sys);
    REQUIRE(modes.size() == 2);
    CHECK(modes[0].rigid);
    CHECK_FALSE(modes[0].constraint);
    CHECK(shapeOf(modes[0], "inertia1") == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[0], "inertia2") == Approx(1).epsilon(kRel));
    // A rigid rotation holds kinetic energy only, J_i / sum J of it.
    CHECK(energyOf(modes[0], "inertia1") == Approx(1.0 / 3).epsilon(kRel));
    CHECK(energyOf(modes[0], "inertia2") == Approx(2.0 / 3).epsilon(kRel));

    CHECK_FALSE(modes[1].rigid);
    CHECK(modes[1].frequencyHz == Approx(hz(1e4 * 1.5)).epsilon(kRel));
    CHECK(modes[1].dampedFrequencyHz == Approx(hz(1e4 * 1.5)).epsilon(kRel));
    CHECK(std::abs(modes[1].dampingRatio) < 1e-9);
    // J1 phi1 = -J2 phi2: the lighter inertia moves twice as far.
    CHECK(shapeOf(modes[1], "inertia1") == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[1], "inertia2") == Approx(-0.5).epsilon(kRel));
    // Peak kinetic (1/2 J w^2) and potential energy are equal: the spring holds half.
    CHECK(energyOf(modes[1], "spring") == Approx(0.5).epsilon(kRel));
    CHECK(energyOf(modes[1], "inertia1") == Approx(1.0 / 3).epsilon(kRel));
    CHECK(energyOf(modes[1], "inertia2") == Approx(1.0 / 6).epsilon(kRel));
    CHECK(energySum(modes[1]) == Approx(1).epsilon(1e-12));
    CHECK(modes[1].label == "mode 2, 19.5 Hz: spring (100 % potential), inertia1 (67 % kinetic)");

    // spring.tau = c (phi2 - phi1): its row over the states is c times that difference.
    for (size_t j = 0; j < sys.states.size(); ++j) {
        const double expected = sys.states[j] == "inertia2.phi" ? 1e4 : sys.states[j] == "inertia1.phi" ? -1e4 : 0.0;
        CHECK(sys.C[j] == Approx(expected).margin(1e-6));
    }
}

TEST_CASE("Linearize, A of a grounded inertia on a spring is [[0, 1], [-c/J, 0]]")
{
    const auto model = modelOf({component("fixed", "Rotational.Components.Fixed"), spring("spring", 400), inertia("inertia", 4)},
                               {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "inertia.flange_a"}});
    const linear::LinearSystem sys = linear::linearize(model);
    REQUIRE(sys.states == std::vector<std::string>{"inertia.phi", "inertia.w"});
    CHECK(sys.A[0] == Approx(0).margin(1e-12));
    CHECK(sys.A[1] == Approx(1).epsilon(kRel));
    CHECK(sys.A[2] == Approx(-100).epsilon(kRel));
    CHECK(sys.A[3] == Approx(0).margin(1e-12));
    CHECK(sys.B.empty());
    CHECK(sys.inputs.empty());
}

TEST_CASE("Linearize, two grounded inertias on equal springs have (3 -+ sqrt 5)/2 c/J and golden-ratio shapes")
{
    const double c = 2500, j = 0.5;
    const auto model = modelOf({component("fixed", "Rotational.Components.Fixed"), spring("spring1", c), inertia("inertia1", j),
                                spring("spring2", c), inertia("inertia2", j)},
                               {{"fixed.flange", "spring1.flange_a"}, {"spring1.flange_b", "inertia1.flange_a"},
                                {"inertia1.flange_b", "spring2.flange_a"}, {"spring2.flange_b", "inertia2.flange_a"}});
    const auto modes = linear::modes(linear::linearize(model));
    REQUIRE(modes.size() == 2);
    const double golden = (1 + std::sqrt(5.0)) / 2;
    CHECK_FALSE(modes[0].rigid);
    CHECK(modes[0].frequencyHz == Approx(hz((3 - std::sqrt(5.0)) / 2 * c / j)).epsilon(kRel));
    CHECK(modes[1].frequencyHz == Approx(hz((3 + std::sqrt(5.0)) / 2 * c / j)).epsilon(kRel));
    CHECK(shapeOf(modes[0], "inertia1") == Approx(1 / golden).epsilon(kRel));
    CHECK(shapeOf(modes[0], "inertia2") == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[1], "inertia1") == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[1], "inertia2") == Approx(-1 / golden).epsilon(kRel));
    for (const auto& m : modes)
        CHECK(energySum(m) == Approx(1).epsilon(1e-12));
}

TEST_CASE("Linearize, three free inertias on springs have 0, c/J and 3 c/J")
{
    const double c = 1e3, j = 0.1;
    const auto model = modelOf({inertia("inertia1", j), spring("spring1", c), inertia("inertia2", j), spring("spring2", c),
                                inertia("inertia3", j)},
                               {{"inertia1.flange_b", "spring1.flange_a"}, {"spring1.flange_b", "inertia2.flange_a"},
                                {"inertia2.flange_b", "spring2.flange_a"}, {"spring2.flange_b", "inertia3.flange_a"}});
    const auto modes = linear::modes(linear::linearize(model));
    REQUIRE(modes.size() == 3);
    CHECK(modes[0].rigid);
    CHECK(modes[0].frequencyHz == 0);
    CHECK(modes[1].frequencyHz == Approx(hz(c / j)).epsilon(kRel));
    CHECK(modes[2].frequencyHz == Approx(hz(3 * c / j)).epsilon(kRel));
    // (1, 0, -1): the middle inertia stands still; (-1/2, 1, -1/2).
    CHECK(std::abs(shapeOf(modes[1], "inertia1")) == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[1], "inertia2") == Approx(0).margin(1e-9));
    CHECK(shapeOf(modes[1], "inertia3") == Approx(-shapeOf(modes[1], "inertia1")).epsilon(kRel));
    CHECK(shapeOf(modes[2], "inertia1") == Approx(-0.5).epsilon(kRel));
    CHECK(shapeOf(modes[2], "inertia2") == Approx(1).epsilon(kRel));
    CHECK(shapeOf(modes[2], "inertia3") == Approx(-0.5).epsilon(kRel));
    // In the middle mode both springs hold a quarter, each outer inertia a quarter.
    CHECK(energyOf(modes[1], "spring1") == Approx(0.25).epsilon(kRel));
    CHECK(energyOf(modes[1], "inertia3") == Approx(0.25).epsilon(kRel));
    for (const auto& m : modes)
        CHECK(energySum(m) == Approx(1).epsilon(1e-12));
}

TEST_CASE("Linearize, a gear reflects the inertia on its input by ratio squared")
{
    const double r = 3, j1 = 0.02, j2 = 0.5, c = 800;
    const std::string gear = component("gear", "Rotational.Components.IdealGear", "{\"ratio\": 3}");
    SECTION("free-free: omega^2 = c (1/(J1 r^2) + 1/J2)")
    {
        const auto model = modelOf({inertia("inertia1", j1), gear, spring("spring", c), inertia("inertia2", j2)},
                                   {{"inertia1.flange_b", "gear.flange_a"}, {"gear.flange_b", "spring.flange_a"},
                                    {"spring.flange_b", "inertia2.flange_a"}});
        const auto modes = linear::modes(linear::linearize(model));
        REQUIRE(modes.size() == 2);
        CHECK(modes[0].rigid);
        // Rigidly, inertia1 turns r times as fast as inertia2.
        CHECK(shapeOf(modes[0], "inertia1") == Approx(1).epsilon(kRel));
        CHECK(shapeOf(modes[0], "inertia2") == Approx(1 / r).epsilon(kRel));
        CHECK(modes[1].frequencyHz == Approx(hz(c * (1 / (j1 * r * r) + 1 / j2))).epsilon(kRel));
    }
    SECTION("grounded: omega^2 = c / (J1 r^2)")
    {
        const auto model = modelOf({inertia("inertia1", j1), gear, spring("spring", c),
                                    component("fixed", "Rotational.Components.Fixed")},
                                   {{"inertia1.flange_b", "gear.flange_a"}, {"gear.flange_b", "spring.flange_a"},
                                    {"spring.flange_b", "fixed.flange"}});
        const auto modes = linear::modes(linear::linearize(model));
        REQUIRE(modes.size() == 1);
        CHECK(modes[0].frequencyHz == Approx(hz(c / (j1 * r * r))).epsilon(kRel));
    }
}

TEST_CASE("Linearize, a damped oscillator has zeta = d / (2 sqrt(c J)), also along a run and for a mass")
{
    const double c = 1e4, d = 30, j = 2;
    const double zeta = d / (2 * std::sqrt(c * j));
    SECTION("rotational, at t = 0.3 of the run")
    {
        const auto model = modelOf({component("fixed", "Rotational.Components.Fixed"),
                                    component("sd", "Rotational.Components.SpringDamper", "{\"c\": 1e4, \"d\": 30}"),
                                    component("inertia", "Rotational.Components.Inertia", "{\"J\": 2}",
                                              R"({"phi": {"start": 0.1, "fixed": true}})")},
                                   {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "inertia.flange_a"}});
        const linear::LinearSystem sys = linear::linearize(model, options(0.3, {}));
        CHECK(sys.time == Approx(0.3).margin(1e-9));
        const auto modes = linear::modes(sys);
        REQUIRE(modes.size() == 1);
        CHECK(modes[0].dampingRatio == Approx(zeta).epsilon(kRel));
        CHECK(modes[0].frequencyHz == Approx(hz(c / j)).epsilon(kRel));
        CHECK(modes[0].dampedFrequencyHz == Approx(hz(c / j) * std::sqrt(1 - zeta * zeta)).epsilon(kRel));
        CHECK(energySum(modes[0]) == Approx(1).epsilon(1e-12));
    }
    SECTION("translational")
    {
        const auto model = modelOf({component("fixed", "Translational.Components.Fixed"),
                                    component("sd", "Translational.Components.SpringDamper", "{\"c\": 1e4, \"d\": 30}"),
                                    component("mass", "Translational.Components.Mass", "{\"m\": 2}")},
                                   {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "mass.flange_a"}});
        const auto modes = linear::modes(linear::linearize(model));
        REQUIRE(modes.size() == 1);
        CHECK(modes[0].dampingRatio == Approx(zeta).epsilon(kRel));
        CHECK(shapeOf(modes[0], "mass") == Approx(1).epsilon(kRel));
        CHECK(energyOf(modes[0], "sd") == Approx(0.5).epsilon(1e-6));
    }
}

TEST_CASE("Linearize names a variable it cannot measure")
{
    const auto model = modelOf({inertia("inertia1", 1)}, {});
    CHECK_THROWS_WITH(linear::linearize(model, options({}, {"inertia1.nope"})),
                      Catch::Contains("no variable 'inertia1.nope'"));
}

TEST_CASE("Linearize, a locked clutch's zero is a constraint, the rigid modes turn each locked group as one")
{
    // MSL's CoupledClutches at t = 0.95: clutch1 (J1-J2) and clutch2 (J2-J3) are stuck,
    // clutch3 (J3-J4) slips since its engagement at 0.9 (the run's events). Free of
    // springs, every mode is a zero: two constraints and two rigid motions, J1 to J3
    // together in both.
    const auto model = Model::compile(diagramFromJson(bundledModel("Rotational/CoupledClutches.json")), sharedBundledLibrary());
    const auto modes = linear::modes(linear::linearize(model, options(0.95, {})));
    REQUIRE(modes.size() == 4);
    CHECK(modes[0].constraint);
    CHECK(modes[0].label == "mode 1, constraint: clutch1 locked");
    CHECK(modes[1].constraint);
    CHECK(modes[1].label == "mode 2, constraint: clutch2 locked");
    for (size_t i : {2, 3}) {
        CHECK(modes[i].rigid);
        CHECK(shapeOf(modes[i], "J1") == Approx(shapeOf(modes[i], "J2")).epsilon(1e-6));
        CHECK(shapeOf(modes[i], "J2") == Approx(shapeOf(modes[i], "J3")).epsilon(1e-6));
        CHECK(energySum(modes[i]) == Approx(1).epsilon(1e-12));
    }
}

TEST_CASE("Linearize refuses a model beyond the dense analysis, with its number of states")
{
    std::vector<std::string> parts;
    std::vector<std::pair<std::string, std::string>> connections;
    for (int i = 1; i <= 501; ++i) {
        parts.push_back(inertia("inertia" + std::to_string(i), 1));
        if (i > 1) {
            const std::string s = "spring" + std::to_string(i);
            parts.push_back(spring(s, 1e3));
            connections.push_back({"inertia" + std::to_string(i - 1) + ".flange_b", s + ".flange_a"});
            connections.push_back({s + ".flange_b", "inertia" + std::to_string(i) + ".flange_a"});
        }
    }
    CHECK_THROWS_WITH(linear::linearize(modelOf(parts, connections)), Catch::Contains("1002 states") && Catch::Contains("at most 1000"));
}

TEST_CASE("Linearize, a torque or force at a flange is an input: B holds 1/J (1/m), D the outputs' feedthrough")
{
    SECTION("two inertias on a spring, torque at inertia2")
    {
        const auto model = modelOf({inertia("inertia1", 1), spring("spring", 1e4), inertia("inertia2", 4)},
                                   {{"inertia1.flange_b", "spring.flange_a"}, {"spring.flange_b", "inertia2.flange_a"}});
        const linear::LinearSystem sys =
            linear::linearize(model, options({}, {"inertia2.w", "inertia2.a", "spring.tau"}, {"inertia2.flange_b"}));
        REQUIRE(sys.inputs == std::vector<std::string>{"inertia2.flange_b"});
        REQUIRE(sys.states.size() == 4); // the input's own state is not among them
        REQUIRE(sys.B.size() == 4);
        REQUIRE(sys.D.size() == 3);
        for (size_t i = 0; i < sys.states.size(); ++i)
            CHECK(sys.B[i] == Approx(sys.states[i] == "inertia2.w" ? 0.25 : 0.0).margin(1e-12));
        CHECK(sys.D[0] == Approx(0).margin(1e-12));
        CHECK(sys.D[1] == Approx(0.25).epsilon(kRel)); // the acceleration feels the torque at once
        CHECK(sys.D[2] == Approx(0).margin(1e-12));
        // The modes are those without the input.
        const auto modes = linear::modes(sys);
        REQUIRE(modes.size() == 2);
        CHECK(modes[1].frequencyHz == Approx(hz(1e4 * 1.25)).epsilon(kRel));
    }
    SECTION("a mass on a spring, force at the mass")
    {
        const auto model = modelOf({component("fixed", "Translational.Components.Fixed"),
                                    component("spring", "Translational.Components.Spring", "{\"c\": 100}"),
                                    component("mass", "Translational.Components.Mass", "{\"m\": 5}")},
                                   {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "mass.flange_a"}});
        const linear::LinearSystem sys = linear::linearize(model, options({}, {}, {"mass.flange_b"}));
        REQUIRE(sys.states == std::vector<std::string>{"mass.s", "mass.v"});
        REQUIRE(sys.B.size() == 2);
        CHECK(sys.B[0] == Approx(0).margin(1e-12));
        CHECK(sys.B[1] == Approx(0.2).epsilon(kRel));
    }
    SECTION("a torque source's signal, at t = 0.2 of a run it drives")
    {
        const auto model = modelOf({component("fixed", "Rotational.Components.Fixed"), spring("spring", 100), inertia("inertia", 0.5),
                                    component("torque", "Rotational.Sources.Torque"),
                                    component("level", "Blocks.Sources.Constant", R"({"k": 3})")},
                                   {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "inertia.flange_a"},
                                    {"torque.flange", "inertia.flange_b"}, {"level.y", "torque.tau"}});
        const linear::LinearSystem sys = linear::linearize(model, options(0.2, {"spring.tau"}, {"torque.tau"}));
        REQUIRE(sys.states == std::vector<std::string>{"inertia.phi", "inertia.w"});
        REQUIRE(sys.inputs == std::vector<std::string>{"torque.tau"});
        CHECK(sys.B[0] == Approx(0).margin(1e-12));
        CHECK(sys.B[1] == Approx(2).epsilon(kRel));
        CHECK(sys.D[0] == Approx(0).margin(1e-12));
        CHECK(sys.A[2] == Approx(-200).epsilon(kRel));
    }
    SECTION("a name that is no flange")
    {
        const auto model = modelOf({inertia("inertia1", 1)}, {});
        CHECK_THROWS_WITH(linear::linearize(model, options({}, {}, {"inertia1.w"})),
                          Catch::Contains("--input inertia1.w is neither a flange nor a Real input"));
    }
}

TEST_CASE("Linearize, a free chain of 20 equal inertias has 2 sqrt(c/J) sin(k pi / 2N) and cosine shapes")
{
    const int n = 20;
    const double c = 1e4, j = 0.01;
    std::vector<std::string> parts;
    std::vector<std::pair<std::string, std::string>> connections;
    for (int i = 1; i <= n; ++i) {
        parts.push_back(inertia("inertia" + std::to_string(i), j));
        if (i > 1) {
            const std::string s = "spring" + std::to_string(i);
            parts.push_back(spring(s, c));
            connections.push_back({"inertia" + std::to_string(i - 1) + ".flange_b", s + ".flange_a"});
            connections.push_back({s + ".flange_b", "inertia" + std::to_string(i) + ".flange_a"});
        }
    }
    const auto modes = linear::modes(linear::linearize(modelOf(parts, connections)));
    REQUIRE(modes.size() == static_cast<size_t>(n));
    CHECK(modes[0].rigid);
    for (int k = 1; k < n; ++k) {
        const linear::Mode& m = modes[static_cast<size_t>(k)];
        CHECK_FALSE(m.rigid);
        const double omega = 2 * std::sqrt(c / j) * std::sin(k * std::numbers::pi / (2 * n));
        CHECK(m.frequencyHz == Approx(omega / (2 * std::numbers::pi)).epsilon(kRel));
        // Inertia i moves as cos(k pi (i - 1/2) / N), scaled to the largest of them (up to
        // its sign: two inertias mirror each other with equal amplitudes).
        std::vector<double> expected;
        double largest = 0;
        for (int i = 1; i <= n; ++i) {
            expected.push_back(std::cos(k * std::numbers::pi * (i - 0.5) / n));
            largest = std::max(largest, std::abs(expected.back()));
        }
        const double sign = shapeOf(m, "inertia1") * expected[0] > 0 ? 1.0 : -1.0;
        for (int i = 1; i <= n; ++i)
            CHECK(shapeOf(m, "inertia" + std::to_string(i)) ==
                  Approx(sign * expected[static_cast<size_t>(i - 1)] / largest).margin(1e-9));
        CHECK(energySum(m) == Approx(1).epsilon(1e-12));
    }
}
