// Seeded draws of sweeps: the generators against their published reference outputs, and
// the transforms built on them (random_draws.hpp).
#include "engine/sweep/random_draws.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange::sweep;

TEST_CASE("SplitMix64 gives its published reference outputs")
{
    // Seed 1234567: the first five outputs as published with the algorithm's reference
    // code (Rosetta Code, "Pseudo-random numbers/Splitmix64").
    SplitMix64 g(1234567);
    CHECK(g.next() == 6457827717110365317ULL);
    CHECK(g.next() == 3203168211198807973ULL);
    CHECK(g.next() == 9817491932198370423ULL);
    CHECK(g.next() == 4593380528125082431ULL);
    CHECK(g.next() == 16408922859458223821ULL);
}

TEST_CASE("xoshiro256** gives its published reference outputs")
{
    // State {1, 2, 3, 4}: the reference vector of xoshiro256starstar.c's test data.
    Xoshiro256StarStar g(std::array<uint64_t, 4>{1, 2, 3, 4});
    const uint64_t expected[] = {11520ULL,
                                 0ULL,
                                 1509978240ULL,
                                 1215971899390074240ULL,
                                 1216172134540287360ULL,
                                 607988272756665600ULL,
                                 16172922978634559625ULL,
                                 8476171486693032832ULL,
                                 10595114339597558777ULL,
                                 2904607092377533576ULL};
    for (uint64_t e : expected)
        CHECK(g.next() == e);
}

TEST_CASE("a seed expands into the generator's state through SplitMix64")
{
    SplitMix64 expand(1234567);
    Xoshiro256StarStar fromSeed(1234567);
    Xoshiro256StarStar fromState(std::array<uint64_t, 4>{expand.next(), expand.next(), expand.next(), expand.next()});
    for (int i = 0; i < 10; ++i)
        CHECK(fromSeed.next() == fromState.next());
}

TEST_CASE("uniform draws are the generator's top 53 bits as a fraction")
{
    RandomDraws draws(7);
    Xoshiro256StarStar g(7);
    for (int i = 0; i < 5; ++i)
        CHECK(draws.uniform01() == static_cast<double>(g.next() >> 11) / 9007199254740992.0);
    RandomDraws a(3), b(3);
    for (int i = 0; i < 1000; ++i) {
        const double v = a.uniform(2, 5);
        CHECK(v >= 2);
        CHECK(v < 5);
        CHECK(v == 2 + 3 * b.uniform01());
    }
}

TEST_CASE("the portable logarithm is within two units in the last place of the library's")
{
    for (double x : {1e-300, 1e-10, 0.001, 0.1, 0.5, 0.7071, 0.99999, 1.0, 1.00001, 2.0, 3.0, 10.0, 123456.789, 1e300}) {
        const double exact = std::log(x);
        CAPTURE(x);
        CHECK(std::abs(portableLog(x) - exact) <= 2 * std::abs(std::nextafter(exact, 2 * exact + 1) - exact) + 1e-300);
    }
    CHECK(portableLog(1.0) == 0.0);
}

TEST_CASE("normal draws have the mean and standard deviation asked for")
{
    RandomDraws draws(42);
    const int n = 100000;
    double sum = 0, squares = 0;
    for (int i = 0; i < n; ++i) {
        const double v = draws.normal(10, 2);
        sum += v;
        squares += v * v;
    }
    const double mean = sum / n, sd = std::sqrt(squares / n - mean * mean);
    // Standard errors: 2/sqrt(n) = 0.0063 for the mean, about 0.0045 for the deviation.
    CHECK(mean == Approx(10).margin(0.03));
    CHECK(sd == Approx(2).margin(0.03));
}
