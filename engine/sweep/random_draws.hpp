#pragma once
// Seeded draws that are the same on every machine: a sweep's --seed must give the same
// plan.csv with any compiler and standard library. std::mt19937_64 is portable but
// std::uniform_real_distribution and std::normal_distribution are not (each library
// transforms the bits its own way), so the generator and both transforms are written
// here from their published definitions:
// - SplitMix64 (Steele, Lea, Flood 2014), which expands the seed into the state, as the
//   xoshiro authors recommend;
// - xoshiro256** 1.0 (Blackman, Vigna 2018), the generator itself;
// - uniform: the top 53 bits as a fraction of 2^53 (exact, no rounding);
// - normal: Marsaglia's polar method, with a logarithm of plain +, -, *, / so that no
//   libm's rounding enters (random_draws.cpp is compiled without fused multiply-add).
#include <array>
#include <cstdint>

namespace flange::sweep {

class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : state_(seed) {}
    uint64_t next();

private:
    uint64_t state_;
};

class Xoshiro256StarStar {
public:
    // The state from four outputs of SplitMix64(seed).
    explicit Xoshiro256StarStar(uint64_t seed);
    explicit Xoshiro256StarStar(const std::array<uint64_t, 4>& state) : s_(state) {}
    uint64_t next();

private:
    std::array<uint64_t, 4> s_;
};

// Draws of one sweep, in the order they are asked for.
class RandomDraws {
public:
    explicit RandomDraws(uint64_t seed) : generator_(seed) {}
    double uniform01();                    // [0, 1)
    double uniform(double lo, double hi);  // lo + (hi - lo) * uniform01()
    double standardNormal();               // mean 0, standard deviation 1
    double normal(double mean, double sd); // mean + sd * standardNormal()

private:
    Xoshiro256StarStar generator_;
};

// The natural logarithm of a positive finite x from IEEE operations alone (within 2 ulp
// of the exact value); the same bits on every machine.
double portableLog(double x);

} // namespace flange::sweep
