// Output grid times (issue 34, defect 8): the doubles nearest to the decimal start +
// i * interval, not t0 + i*dt with its binary noise (0.018000000000000002).
#include "engine/solve/output_grid.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <charconv>
#include <string>

using namespace flange;
using namespace flange::test;

namespace {

std::string shortest(double v)
{
    char buf[32];
    auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    return std::string(buf, end);
}

} // namespace

TEST_CASE("output grid times are the doubles nearest to the decimal times")
{
    const solve::OutputGrid grid(0, 0.001, 1, 1000);
    CHECK(grid.time(18) == 0.018); // 18 * 0.001 is 0.018000000000000002
    CHECK(grid.time(999) == 0.999);
    CHECK(grid.time(1000) == 1.0);
    const solve::OutputGrid tenths(0.1, 0.1, 1.1, 10);
    CHECK(tenths.time(2) == 0.3); // 0.1 + 2 * 0.1 is 0.30000000000000004
    const solve::OutputGrid negative(-0.5, 0.05, 0.5, 20);
    CHECK(negative.time(3) == -0.35);
    const solve::OutputGrid integers(100, 2, 120, 10);
    CHECK(integers.time(7) == 114.0);
    // Decimals beyond 53 bits: the plain sum.
    const double third = 1.0 / 3;
    const solve::OutputGrid thirds(0, third, 1, 3);
    CHECK(thirds.time(2) == 0 + 2 * third);
}

TEST_CASE("a run's grid rows carry the decimal times, its event rows the exact event times")
{
    // A free inertia at 1 rad/s, 0.001 s output; a Step at 0.0105 s gives an event between points.
    auto s = simulateJson(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})",
                                                 R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 1, "fixed": true}})"),
                                       component("step", "Blocks.Sources.Step", R"({"height": 1, "startTime": 0.0105})")},
                                      {}, 0.03, 0.001));
    for (double t : s.sink.times) {
        INFO(t);
        CHECK(shortest(t).size() <= 6); // "0.018", "0.0105", "0.03"
    }
    CHECK(std::count(s.sink.times.begin(), s.sink.times.end(), 0.0105) == 2); // left and right limits
    CHECK(std::count(s.sink.times.begin(), s.sink.times.end(), 0.018) == 1);
}
