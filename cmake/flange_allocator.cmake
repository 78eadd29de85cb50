# The executables' allocator. Translation builds and frees millions of small objects
# (expression nodes, names, maps); with glibc's malloc, allocation and freeing were 40% of
# translating the 10,000-inertia chain. mimalloc (Debian's libmimalloc-dev) takes that
# CPU time down by a third (docs/performance.md). Linked into an executable it replaces
# malloc for the whole process, Qt included; the engine library itself stays allocator-
# neutral. The sanitizer and fuzz builds keep glibc's malloc: ASan must own the heap.
if(NOT FLANGE_SANITIZE AND NOT FLANGE_FUZZ)
  find_package(mimalloc 2 CONFIG QUIET)
endif()
if(TARGET mimalloc)
  message(STATUS "Allocator: mimalloc ${mimalloc_VERSION}")
else()
  message(STATUS "Allocator: glibc's malloc, tuned (no mimalloc, or a sanitizer build)")
endif()

function(flange_use_fast_allocator target)
  if(TARGET mimalloc)
    target_link_libraries(${target} PRIVATE mimalloc)
    target_compile_definitions(${target} PRIVATE FLANGE_MIMALLOC=1)
  endif()
endfunction()
