// Issue 37: the lowest modes of a long line by sparse shift-invert, against the dense
// analysis and the closed form of a free chain of equal inertias and springs.
#include "engine/api/linearize.hpp"

#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

// N inertias J joined by spring-dampers (c, d), both ends free.
std::shared_ptr<const Model> chain(int n, double j, double c, double d)
{
    std::vector<std::string> parts;
    std::vector<std::pair<std::string, std::string>> connections;
    for (int i = 1; i <= n; ++i) {
        parts.push_back(component("inertia" + std::to_string(i), "Rotational.Components.Inertia",
                                  "{\"J\": " + std::to_string(j) + "}"));
        if (i > 1) {
            const std::string s = "sd" + std::to_string(i);
            parts.push_back(component(s, "Rotational.Components.SpringDamper",
                                      "{\"c\": " + std::to_string(c) + ", \"d\": " + std::to_string(d) + "}"));
            connections.push_back({"inertia" + std::to_string(i - 1) + ".flange_b", s + ".flange_a"});
            connections.push_back({s + ".flange_b", "inertia" + std::to_string(i) + ".flange_a"});
        }
    }
    return Model::compile(diagramFromJson(diagramJson(parts, connections)), sharedBundledLibrary());
}

} // namespace

TEST_CASE("Lowest modes, sparse shift-invert gives the dense analysis's lowest modes of a 50-inertia chain")
{
    const int n = 50;
    const auto model = chain(n, 0.01, 1e4, 0.5);
    const linear::SparseModes sparse = linear::lowestModes(model, 10);
    CHECK(sparse.states == 2 * static_cast<size_t>(n));
    CHECK(sparse.shift < 0);
    CHECK(sparse.zeros == 2); // the rigid rotation's Jordan block
    REQUIRE(sparse.modes.size() == 10);
    const auto dense = linear::modes(linear::linearize(model));
    REQUIRE(dense[0].rigid);
    for (size_t k = 0; k < 10; ++k) {
        const linear::Mode& s = sparse.modes[k];
        const linear::Mode& d = dense[k + 1];
        CHECK(s.frequencyHz == Approx(d.frequencyHz).epsilon(1e-9));
        CHECK(s.dampingRatio == Approx(d.dampingRatio).epsilon(1e-7));
        CHECK(s.eigenvalue.imag() == Approx(d.eigenvalue.imag()).epsilon(1e-9));
        // Undamped, the chain's omega_k = 2 sqrt(c/J) sin(k pi / 2N); the spring-dampers
        // damp mode k with zeta = d omega_k / (2 c) (each spring's d in proportion to its c).
        const double w = 2 * std::sqrt(1e4 / 0.01) * std::sin((k + 1) * std::numbers::pi / (2 * n));
        CHECK(s.frequencyHz == Approx(w / (2 * std::numbers::pi)).epsilon(1e-9));
        CHECK(s.dampingRatio == Approx(0.5 * w / (2 * 1e4)).epsilon(1e-7));
        CHECK(s.label.rfind("mode " + std::to_string(k + 1) + ", ", 0) == 0);
    }
}

TEST_CASE("Lowest modes of a grounded line have no zero")
{
    const auto model = Model::compile(
        diagramFromJson(diagramJson({component("fixed", "Rotational.Components.Fixed"),
                                     component("spring1", "Rotational.Components.Spring", R"({"c": 2500})"),
                                     component("inertia1", "Rotational.Components.Inertia", R"({"J": 0.5})"),
                                     component("spring2", "Rotational.Components.Spring", R"({"c": 2500})"),
                                     component("inertia2", "Rotational.Components.Inertia", R"({"J": 0.5})"),
                                     component("spring3", "Rotational.Components.Spring", R"({"c": 2500})"),
                                     component("inertia3", "Rotational.Components.Inertia", R"({"J": 0.5})")},
                                    {{"fixed.flange", "spring1.flange_a"}, {"spring1.flange_b", "inertia1.flange_a"},
                                     {"inertia1.flange_b", "spring2.flange_a"}, {"spring2.flange_b", "inertia2.flange_a"},
                                     {"inertia2.flange_b", "spring3.flange_a"}, {"spring3.flange_b", "inertia3.flange_a"}})),
        sharedBundledLibrary());
    const linear::SparseModes sparse = linear::lowestModes(model, 1);
    CHECK(sparse.zeros == 0);
    REQUIRE(sparse.modes.size() == 1);
    // Fixed-free chain of three: omega_1 = 2 sqrt(c/J) sin(pi / 14).
    CHECK(sparse.modes[0].frequencyHz ==
          Approx(2 * std::sqrt(5000.0) * std::sin(std::numbers::pi / 14) / (2 * std::numbers::pi)).epsilon(1e-9));
}
