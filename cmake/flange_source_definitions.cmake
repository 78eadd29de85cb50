# flange_source_definitions(TARGET NAME=VALUE ...): gives each definition only to the sources of
# TARGET that mention NAME. Paths of the build (the source folder, the programs' locations)
# then reach the few files that read them, not every file of the target: moving the
# checkout or changing the version recompiles those files alone, and a compiler cache
# (ccache with CCACHE_BASEDIR) serves the rest in any checkout. A source that starts to
# mention one re-runs the configuration step (CMAKE_CONFIGURE_DEPENDS). The sources are read at
# the end of the calling folder's CMakeLists.txt, so that sources added after the call count.
function(flange_source_definitions target)
  set_property(TARGET ${target} PROPERTY FLANGE_SOURCE_DEFINITIONS "${ARGN}")
  # A deferred call's arguments are evaluated when it runs: the name goes in as text.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL flange_apply_source_definitions [[${target}]])")
endfunction()

function(flange_apply_source_definitions target)
  get_target_property(definitions ${target} FLANGE_SOURCE_DEFINITIONS)
  get_target_property(sources ${target} SOURCES)
  get_target_property(dir ${target} SOURCE_DIR)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${dir}" OUTPUT_VARIABLE path)
    if(NOT EXISTS "${path}")
      continue()
    endif()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}")
    file(READ "${path}" text)
    foreach(definition IN LISTS definitions)
      string(REGEX REPLACE "=.*" "" name "${definition}")
      string(FIND "${text}" "${name}" at)
      if(at GREATER -1)
        set_property(SOURCE "${path}" TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_DEFINITIONS "${definition}")
      endif()
    endforeach()
  endforeach()
endfunction()
