// columnsWithSameValues: which result columns the window's row store may keep once. Checked
// against the rows of real runs, so a rule that merged two columns that differ fails here.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>

using namespace flange;
using namespace flange::test;

namespace {

// The number of columns whose value is another's on every row, bit for bit, as told; fails
// the test at the first row where one differs.
size_t checkedRepeats(const Simulated& s)
{
    const std::vector<int32_t> same = columnsWithSameValues(*s.model);
    REQUIRE(same.size() == s.sink.names.size());
    size_t repeats = 0;
    for (size_t c = 0; c < same.size(); ++c) {
        const auto first = static_cast<size_t>(same[c]);
        REQUIRE(first <= c);
        if (first == c)
            continue;
        REQUIRE(same[first] == static_cast<int32_t>(first)); // points at the group's first
        ++repeats;
        for (size_t r = 0; r < s.sink.rows.size(); ++r)
            if (std::bit_cast<uint64_t>(s.sink.rows[r][c]) != std::bit_cast<uint64_t>(s.sink.rows[r][first]))
                FAIL(s.sink.names[c] << " differs from " << s.sink.names[first] << " at t = " << s.sink.times[r]);
    }
    return repeats;
}

} // namespace

TEST_CASE("Columns told to repeat another hold its values on every row, events included")
{
    for (const char* model : {"Rotational/CoupledClutches.json", "Translational/Vehicle.json", "Translational/Friction.json"}) {
        INFO(model);
        const Simulated s = simulateJson(bundledModel(model));
        const size_t repeats = checkedRepeats(s);
        // Aliases are most of a drive line's columns: a flange's angle is its inertia's.
        CHECK(repeats > s.sink.names.size() / 4);
    }
}

TEST_CASE("An alias repeats its unknown, and a negated one does not")
{
    // Across a connection the angles are one unknown and the torques each other's negation.
    const Simulated s = simulateJson(bundledModel("Rotational/First.json"));
    checkedRepeats(s);
    const std::vector<int32_t> same = columnsWithSameValues(*s.model);
    auto group = [&](const std::string& name) {
        const int c = s.sink.column(name);
        REQUIRE(c >= 0);
        return same[static_cast<size_t>(c)];
    };
    CHECK(group("inertia1.flange_b.phi") == group("inertia1.phi"));
    CHECK(group("inertia1.flange_a.phi") == group("inertia1.flange_b.phi"));
    // flange_a.tau + flange_b.tau of a connection sum to zero: the other's negation.
    CHECK(group("inertia2.flange_a.tau") != group("idealGear.flange_b.tau"));
}

TEST_CASE("Columns of a chosen subset are numbered within the subset")
{
    const Simulated s = simulateJson(bundledModel("Rotational/First.json"));
    // With every output reported, the sink's columns are the model's outputs.
    const int phi = s.sink.column("inertia1.phi");
    const int flangePhi = s.sink.column("inertia1.flange_b.phi");
    REQUIRE(phi >= 0);
    REQUIRE(flangePhi >= 0);
    const std::vector<int32_t> same = columnsWithSameValues(*s.model, {flangePhi, phi});
    REQUIRE(same.size() == 2);
    CHECK(same[0] == 0);
    CHECK(same[1] == 0);
}
