#pragma once
// Marks the upper halves of the AVX registers unused on this thread (VZEROUPPER), where the
// processor has them. Code elsewhere in the process leaves them in use: Qt's does (in
// flange-sim, setting up and reading its QCommandLineParser left them so; the engine's
// own code between those calls did not), and a result sink may call Qt. While they are
// in use, every switch between the SSE code this build compiles to and the VEX code of
// glibc's libm (exp, sin, pow...: their FMA versions) is a costly state transition: exp
// took 135 ns instead of 6 in a test loop, and Rotational HeatLosses integrated in 81-89 ms
// instead of 61-65 (docs/performance.md). A run therefore cleans the state when it starts
// and after every call out to its result sink, the only code it calls that may use them
// again.
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace flange::solve {

#if defined(__x86_64__) && defined(__GNUC__)
namespace detail {
__attribute__((target("avx"))) inline void zeroUpperHalves() { _mm256_zeroupper(); }
inline bool processorHasAvx()
{
    static const bool avx = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx") != 0;
    }();
    return avx;
}
} // namespace detail

inline void cleanVectorState()
{
    if (detail::processorHasAvx())
        detail::zeroUpperHalves();
}
#else
inline void cleanVectorState() {} // no AVX state to clean
#endif

} // namespace flange::solve
