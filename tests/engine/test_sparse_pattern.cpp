// Sparse patterns from entries (the Jacobian, the initialization system, the tests), and
// the one rule for dense or sparse SUNDIALS matrices.
#include "engine/solve/sundials_matrix.hpp"
#include "engine/structure/sparse_pattern.hpp"

#include <catch2/catch.hpp>

using namespace flange::solve;
using namespace flange::structure;

TEST_CASE("a pattern stores entries by column, then row, and tells where each came from")
{
    // a 3 x 3 matrix given row by row: (0,0) (0,2) (1,1) (2,0) (2,2)
    std::vector<SparseEntry> e = {{0, 0}, {0, 2}, {1, 1}, {2, 0}, {2, 2}};
    std::vector<size_t> order;
    SparsePattern p = patternFromEntries(3, 3, e, &order);
    CHECK(p.rows == 3);
    CHECK(p.cols == 3);
    CHECK(p.colPtr == std::vector<int32_t>{0, 2, 3, 5});
    CHECK(p.rowIdx == std::vector<int32_t>{0, 2, 1, 0, 2});
    CHECK(order == std::vector<size_t>{0, 3, 2, 1, 4});
}

TEST_CASE("an empty column keeps its place in the column pointers")
{
    SparsePattern p = patternFromEntries(2, 3, {{1, 2}, {0, 0}});
    CHECK(p.colPtr == std::vector<int32_t>{0, 1, 1, 2});
    CHECK(p.rowIdx == std::vector<int32_t>{0, 1});
    CHECK(p.nnz() == 2);
}

TEST_CASE("systems up to 60 unknowns are solved dense, larger ones by KLU")
{
    SparsePattern small, large;
    small.cols = 60;
    large.cols = 61;
    CHECK(usesDenseMatrix(small));
    CHECK_FALSE(usesDenseMatrix(large));
}
