// Augmenting-path matching: it must find reroutes and report the visited sets that
// Pantelides differentiates.
#include "engine/structure/matching.hpp"

#include <catch2/catch.hpp>

using flange::structure::Matching;

TEST_CASE("augmenting paths reroute earlier assignments")
{
    // row0: {0, 1}, row1: {0}: greedy gives row0->0, then row1 needs the path row1->0->row0->1.
    std::vector<std::vector<int32_t>> adj{{0, 1}, {0}};
    Matching m(adj);
    REQUIRE(m.augment(0, [](int32_t) { return true; }));
    REQUIRE(m.augment(1, [](int32_t) { return true; }));
    CHECK(m.rowMatch(1) == 0);
    CHECK(m.rowMatch(0) == 1);
    CHECK(m.colMatch(1) == 0);
}

TEST_CASE("a failed search reports what it visited")
{
    // Two rows compete for one column: the second search fails after visiting both rows.
    std::vector<std::vector<int32_t>> adj{{0}, {0}};
    Matching m(adj);
    REQUIRE(m.augment(0, [](int32_t) { return true; }));
    REQUIRE_FALSE(m.augment(1, [](int32_t) { return true; }));
    CHECK(m.visitedRows().size() == 2);
    CHECK(m.visitedCols() == std::vector<int32_t>{0});
}

TEST_CASE("inactive columns are skipped")
{
    std::vector<std::vector<int32_t>> adj{{0, 1}};
    Matching m(adj);
    REQUIRE(m.augment(0, [](int32_t c) { return c == 1; }));
    CHECK(m.rowMatch(0) == 1);
}

TEST_CASE("long chains reroute without recursion")
{
    // Row i prefers column i+1; the last row can only take column n-1, so its search
    // walks back through every earlier row: a path of length n.
    const int n = 200000;
    std::vector<std::vector<int32_t>> adj(n);
    for (int i = 0; i + 1 < n; ++i)
        adj[static_cast<size_t>(i)] = {i + 1, i};
    adj[static_cast<size_t>(n - 1)] = {n - 1};
    Matching m(adj);
    for (int i = 0; i < n; ++i)
        REQUIRE(m.augment(i, [](int32_t) { return true; }));
    CHECK(m.rowMatch(n - 1) == n - 1);
    CHECK(m.rowMatch(0) == 0);
}
