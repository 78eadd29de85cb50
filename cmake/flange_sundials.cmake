# SUNDIALS: the optimised static build that packaging/dev/sundials.sh leaves in the cache
# folder when there is one, else Debian's libsundials-dev, which is compiled at -O0 and
# integrates about twice as slowly (docs/performance.md). Sets FLANGE_SUNDIALS_TARGETS.
set(FLANGE_SUNDIALS_PREFIX "" CACHE PATH
    "SUNDIALS install prefix to use (default: the newest build of packaging/dev/sundials.sh in the user's cache)")
set(_flange_sundials_prefix "${FLANGE_SUNDIALS_PREFIX}")
if(NOT _flange_sundials_prefix)
  if(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
    set(_flange_cache "$ENV{XDG_CACHE_HOME}")
  else()
    set(_flange_cache "$ENV{HOME}/.cache")
  endif()
  file(GLOB _flange_builds "${_flange_cache}/flange/sundials-6.*/.flange-complete")
  if(_flange_builds)
    list(SORT _flange_builds COMPARE NATURAL ORDER DESCENDING)
    list(GET _flange_builds 0 _flange_newest)
    get_filename_component(_flange_sundials_prefix "${_flange_newest}" DIRECTORY)
  endif()
endif()

# A cached SUNDIALS_DIR from an earlier configure would otherwise win over the choice below.
if(_flange_sundials_prefix AND EXISTS "${_flange_sundials_prefix}/lib/cmake/sundials/SUNDIALSConfig.cmake")
  set(SUNDIALS_DIR "${_flange_sundials_prefix}/lib/cmake/sundials" CACHE PATH "" FORCE)
  find_package(SUNDIALS 6.4 REQUIRED NO_DEFAULT_PATH PATHS "${SUNDIALS_DIR}")
  set(_flange_sundials_kind static)
  message(STATUS "SUNDIALS ${SUNDIALS_VERSION}: optimised static build in ${_flange_sundials_prefix}")
else()
  if(SUNDIALS_DIR AND NOT SUNDIALS_DIR MATCHES "^/usr/")
    unset(SUNDIALS_DIR CACHE)
  endif()
  find_package(SUNDIALS 6.4 REQUIRED)
  set(_flange_sundials_kind shared)
  message(STATUS "SUNDIALS ${SUNDIALS_VERSION}: the system's (Debian's is built without optimisation; "
                 "packaging/dev/sundials.sh builds a faster one)")
endif()
set(FLANGE_SUNDIALS_TARGETS)
foreach(_lib ida kinsol nvecserial sunmatrixdense sunlinsoldense sunmatrixsparse sunlinsolklu)
  list(APPEND FLANGE_SUNDIALS_TARGETS SUNDIALS::${_lib}_${_flange_sundials_kind})
endforeach()
