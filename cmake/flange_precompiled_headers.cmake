# Precompiled headers: the heavy third-party headers that nearly every file of a target reads
# (nlohmann/json through engine/diagram/diagram.hpp, Catch2's single header in every test,
# Qt's widget headers in the window) are parsed once per target instead of once per file.
# On the project's 2-core machines this is the larger part of a build's time (CI builds
# everything twice: docs/testing.md has the figures). FLANGE_PCH=OFF builds without them,
# to check that every file includes what it uses.
option(FLANGE_PCH "Precompile the heavy third-party headers" ON)

set(flange_pch_std <algorithm> <cmath> <cstdint> <functional> <map> <memory> <optional>
    <string> <string_view> <unordered_map> <utility> <vector>)

# flange_precompile(TARGET [ENGINE] [CATCH] [QT] [SKIP source...])
function(flange_precompile target)
  if(NOT FLANGE_PCH)
    return()
  endif()
  cmake_parse_arguments(arg "ENGINE;CATCH;QT" "" "SKIP" ${ARGN})
  set(headers ${flange_pch_std})
  if(arg_ENGINE)
    list(APPEND headers <nlohmann/json.hpp>)
  endif()
  if(arg_CATCH)
    list(APPEND headers <catch2/catch.hpp>)
  endif()
  if(arg_QT)
    list(APPEND headers <QtCore> <QtGui> <QtWidgets>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
  # A file that configures a header before including it (Catch2's main) must not get the
  # header precompiled without that configuration.
  foreach(source IN LISTS arg_SKIP)
    set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endforeach()
endfunction()
