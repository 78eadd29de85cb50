// IDA's weighted norms in partial sums (engine/solve/vector_norms.hpp) give SUNDIALS' own
// serial norms up to rounding, masked or not, at lengths that do and do not fill the
// lanes, and every vector cloned from one that has them has them too (IDA clones its
// vectors from the one it is given).
#include "engine/solve/vector_norms.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace flange::solve;

namespace {

struct Vectors {
    SUNContext ctx = nullptr;
    N_Vector x = nullptr, w = nullptr, id = nullptr;
    explicit Vectors(sunindextype n)
    {
        SUNContext_Create(nullptr, &ctx);
        x = N_VNew_Serial(n, ctx);
        w = N_VNew_Serial(n, ctx);
        id = N_VNew_Serial(n, ctx);
        std::mt19937 random(static_cast<unsigned>(n));
        std::uniform_real_distribution<double> value(-1e3, 1e3), weight(1e-6, 1e6);
        for (sunindextype i = 0; i < n; ++i) {
            NV_Ith_S(x, i) = value(random);
            NV_Ith_S(w, i) = weight(random);
            NV_Ith_S(id, i) = i % 3 == 0 ? 0.0 : 1.0; // every third an algebraic unknown
        }
    }
    ~Vectors()
    {
        N_VDestroy(x);
        N_VDestroy(w);
        N_VDestroy(id);
        SUNContext_Free(&ctx);
    }
};

} // namespace

TEST_CASE("the norms in partial sums are SUNDIALS' serial norms up to rounding", "[solver]")
{
    for (sunindextype n : {1, 7, 8, 9, 100, 20003}) {
        Vectors v(n);
        // SUNDIALS' own kernels, called before the vector's operations are replaced.
        const double plain = N_VWrmsNorm_Serial(v.x, v.w);
        const double masked = N_VWrmsNormMask_Serial(v.x, v.w, v.id);
        const double squares = N_VWSqrSumLocal_Serial(v.x, v.w);
        const double maskedSquares = N_VWSqrSumMaskLocal_Serial(v.x, v.w, v.id);
        useLaneNorms(v.x);
        INFO("n = " << n);
        CHECK(N_VWrmsNorm(v.x, v.w) == Approx(plain).epsilon(1e-13));
        CHECK(N_VWrmsNormMask(v.x, v.w, v.id) == Approx(masked).epsilon(1e-13));
        CHECK(N_VWSqrSumLocal(v.x, v.w) == Approx(squares).epsilon(1e-13));
        CHECK(N_VWSqrSumMaskLocal(v.x, v.w, v.id) == Approx(maskedSquares).epsilon(1e-13));
        CHECK(v.x->ops->nvwrmsnorm != &N_VWrmsNorm_Serial);
    }
}

TEST_CASE("vectors cloned from one with the norms in partial sums have them too", "[solver]")
{
    Vectors v(16);
    useLaneNorms(v.x);
    N_Vector clone = N_VClone(v.x);
    CHECK(clone->ops->nvwrmsnorm == v.x->ops->nvwrmsnorm);
    CHECK(clone->ops->nvwrmsnormmask == v.x->ops->nvwrmsnormmask);
    CHECK(clone->ops->nvwsqrsumlocal == v.x->ops->nvwsqrsumlocal);
    CHECK(clone->ops->nvwsqrsummasklocal == v.x->ops->nvwsqrsummasklocal);
    N_VDestroy(clone);
}

TEST_CASE("the largest magnitude of a vector, and whether every value is finite, in lanes and tail alike")
{
    // 19 values: two lanes of 8 and a tail of 3; the largest magnitude in each place in turn
    for (size_t at : {size_t{0}, size_t{5}, size_t{12}, size_t{18}}) {
        std::vector<double> x(19);
        for (size_t i = 0; i < x.size(); ++i)
            x[i] = (i % 2 ? -1.0 : 1.0) * static_cast<double>(i % 7);
        x[at] = -1e300;
        double largest = 0;
        REQUIRE(flange::solve::maxAbsIfFinite(x.data(), x.size(), largest));
        CHECK(largest == 1e300);
    }
    const double inf = std::numeric_limits<double>::infinity();
    for (double bad : {std::nan(""), inf, -inf})
        for (size_t at : {size_t{0}, size_t{7}, size_t{16}, size_t{18}}) {
            std::vector<double> x(19, 2.0);
            x[at] = bad;
            double largest = 0;
            CHECK_FALSE(flange::solve::maxAbsIfFinite(x.data(), x.size(), largest));
        }
    double none = -1;
    CHECK(flange::solve::maxAbsIfFinite(nullptr, 0, none));
    CHECK(none == 0);
}

TEST_CASE("differences are finite unless one overflows or an operand is not finite")
{
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> a{1, 2, 3, 1.5e308}, b{0, -2, 3, 1};
    CHECK(flange::solve::differencesFinite(a.data(), b.data(), 4));
    const std::vector<double> c{1, 2, 3, -1.5e308}; // -1.5e308 - 1.5e308 overflows
    const std::vector<double> d{0, 0, 0, 1.5e308};
    CHECK_FALSE(flange::solve::differencesFinite(c.data(), d.data(), 4));
    const std::vector<double> e{1, inf, 3, 4};
    CHECK_FALSE(flange::solve::differencesFinite(e.data(), b.data(), 4));
    const std::vector<double> f{1, 2, std::nan(""), 4};
    CHECK_FALSE(flange::solve::differencesFinite(a.data(), f.data(), 4));
}
