#pragma once
// How the executables set up glibc's allocator for translation, which builds and frees
// millions of small objects (expression nodes, names, maps). With glibc's defaults a
// fifth of translating a long drive line goes to consolidating its fast bins on every
// larger request and to trimming and regrowing the heap's top. Without fast bins, and
// with the top kept up to 512 MB, translating the 10,000-inertia chain takes 28% less CPU
// (2.7 -> 1.95 s, measured with the same settings through GLIBC_TUNABLES; see
// docs/performance.md). Called first thing in main(), before any allocation that matters.
#include <cstdlib> // defines __GLIBC__ on glibc systems
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace flange::app {

inline void tuneAllocator()
{
#if defined(__GLIBC__)
    mallopt(M_MXFAST, 0);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}

} // namespace flange::app
