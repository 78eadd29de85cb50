#!/usr/bin/env bash
# Configures and builds Flange into build/ (executables in build/bin/).
#   bash packaging/dev/build.sh           the build's whole output on the terminal
#   bash packaging/dev/build.sh --quiet   one line, the output in build/build.log; a failed
#                                         build prints its errors and the log's name (app/run.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash packaging/dev/install-deps.sh
if [ "${1:-}" != "--quiet" ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j2
  exit 0
fi
mkdir -p build
log=build/build.log
echo "Building Flange (a few minutes the first time; the output goes to $log)..."
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2; } >"$log" 2>&1; then
  echo "The build failed. Its errors (the whole output is in $log):" >&2
  grep -E -A4 -e 'error:' -e '^FAILED:' -e '^CMake Error' "$log" | head -80 >&2 || tail -40 "$log" >&2
  exit 1
fi
