#!/usr/bin/env bash
# The test command: installs missing packages, builds, runs every test (ctest).
# Under CI (CI=true), or with --full, it then runs a fuzz smoke of each fuzz target
# (packaging/dev/fuzz.sh smoke) and the whole suite again under ASan, LSan and UBSan
# (packaging/dev/sanitize.sh); see docs/testing.md for what they cost.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/dev/build.sh
ctest --test-dir build --output-on-failure -j2
if [ "${CI:-}" = true ] || [ "${1:-}" = --full ]; then
  bash packaging/dev/fuzz.sh smoke
  bash packaging/dev/sanitize.sh
fi
