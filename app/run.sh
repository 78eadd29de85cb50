#!/usr/bin/env bash
# The run command: installs missing packages, builds, and opens Flange on a bundled
# example (CoupledClutches by default; pass another diagram as the first argument).
# Without a display it renders the window to build/screenshot.png and simulates the
# example headless instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/dev/build.sh
model=${1:-models/msl/Rotational/CoupledClutches.json}
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/flange "$model"
fi
echo "No display: rendering the editor offscreen and simulating headless."
QT_QPA_PLATFORM=offscreen build/bin/flange --screenshot build/screenshot.png "$model"
out=build/$(basename "${model%.json}").csv
build/bin/flange-sim simulate "$model" -o "$out" --stats
echo "Editor screenshot: build/screenshot.png; result: $out"
