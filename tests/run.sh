#!/usr/bin/env bash
# The test command: installs missing packages, builds, runs every test (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/dev/build.sh
ctest --test-dir build --output-on-failure -j2
