#!/usr/bin/env bash
# The run command: installs missing packages, builds, opens Flange on a bundled example
# (the ElastoGap contact laws by default; pass another diagram as the first argument)
# and simulates it at once, so the plots grow in front of you.
# Without a display it simulates the example through the window's own run controller
# offscreen, writes the window with its plots to build/screenshot.png and the results
# to build/<example>.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/dev/build.sh --quiet
model=${1:-models/gallery/ElastoGapContactLaws.json}
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/flange --run "$model"
fi
echo "No display: simulating in the offscreen window."
out=build/$(basename "${model%.json}").csv
QT_QPA_PLATFORM=offscreen build/bin/flange --simulate --screenshot build/screenshot.png --export-csv "$out" "$model"
echo "Window with its plots: build/screenshot.png; results: $out"
