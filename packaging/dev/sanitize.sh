#!/usr/bin/env bash
# Builds Flange with AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer
# (FLANGE_SANITIZE=ON, gcc) into build-sanitize/ and runs the whole test suite there:
# engine and editor tests, the msl end-to-end comparisons, the CLI bad-input corpus and the
# fuzz reproducers. Any sanitizer report fails its test.
#
#   bash packaging/dev/sanitize.sh [CTEST_ARGS...]      e.g. -R 'engine: ' to run a subset
#
# Set FLANGE_BUILD_LOCK=/path/to/lock to take a lock around the compile only.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
bash packaging/dev/install-deps.sh
launcher=$(command -v ccache || true)
# -O1 -g1: what the sanitizers need (line numbers in reports, inlining kept light) at about
# two thirds of -O2 -g's compile time; the benchmarks are not built, as no test runs them.
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLANGE_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DFLANGE_BUILD_BENCH=OFF \
  ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher} >/dev/null
lock=()
[ -n "${FLANGE_BUILD_LOCK:-}" ] && lock=(flock "$FLANGE_BUILD_LOCK")
"${lock[@]}" cmake --build build-sanitize -j2
# Leaks inside system libraries the editor tests load (fontconfig, Qt's plugin loading)
# are not ours: lsan-suppressions.txt names them. Everything else is reported.
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:check_initialization_order=1
export LSAN_OPTIONS=suppressions=$root/packaging/dev/lsan-suppressions.txt:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir build-sanitize -j2 --output-on-failure --timeout 600 "$@"
