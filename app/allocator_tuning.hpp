#pragma once
// How the executables set up their allocator for translation, which builds and frees
// millions of small objects (expression nodes, names, maps); see cmake/flange_allocator.cmake
// and docs/performance.md for the figures. Called first thing in main().
//
// With mimalloc linked (the normal build), it replaces malloc for the whole process; the
// call below also keeps the linker from dropping the library as unused, since nothing
// else names it. Freed memory goes back to the kernel after a second instead of mimalloc's
// 25 ms: translation frees growing tables and buffers and soon asks for as much again, and
// each page handed back is faulted in and zeroed anew (a fifth fewer page faults and 5%
// less time translating the 10,000-inertia chain, for 9% more peak memory).
//
// Without mimalloc (sanitizer builds), glibc's malloc is tuned instead: its fast bins'
// consolidation on every larger request and the trimming and regrowing of the heap's top
// had taken a fifth of translating a long drive line.
#include <cstdlib> // defines __GLIBC__ on glibc systems
#if defined(FLANGE_MIMALLOC)
#include <mimalloc.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

namespace flange::app {

inline void tuneAllocator()
{
#if defined(FLANGE_MIMALLOC)
    mi_option_set(mi_option_decommit_delay, 1000);
#elif defined(__GLIBC__)
    mallopt(M_MXFAST, 0);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}

} // namespace flange::app
