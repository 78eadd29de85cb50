#!/usr/bin/env bash
# Configures and builds Flange into build/ (executables in build/bin/).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash packaging/dev/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
