#!/usr/bin/env bash
# Regenerates the user's guide from the current application and library: the generated
# chapters (components.md, examples.md) and every picture in pictures/, made by the real
# window with `flange --screenshot` and `flange --simulate --screenshot`, offscreen.
#   bash docs/guide/make_guide.sh            (after building; FLANGE=path/to/flange to choose)
set -euo pipefail
cd "$(dirname "$0")/../.."
FLANGE=${FLANGE:-build/bin/flange}
SIZE=${SIZE:-1440x900}
TIMEOUT=${TIMEOUT:-120} # seconds per example; a run that takes longer is pictured as far as it got
PICS=docs/guide/pictures
[ -x "$FLANGE" ] || { echo "make_guide.sh: $FLANGE not found; build first (packaging/dev/build.sh)" >&2; exit 1; }

# The same pictures on every machine: no user components, settings or recent files.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" \
       XDG_CACHE_HOME="$scratch/cache" XDG_STATE_HOME="$scratch/state"
mkdir -p "$PICS"

python3 docs/guide/make_components_chapter.py
python3 docs/guide/make_examples_chapter.py

failed=0
shoot() { # OUT.png [flange options...]
  local out=$1; shift
  echo "  $out"
  # timeout: a window that never returns must not stall the whole guide.
  timeout $((TIMEOUT + 60)) "$FLANGE" --size "$SIZE" "$@" 2> >(grep -v -e '^QStandardPaths' -e 'propagateSizeHints' >&2) ||
    { echo "failed ($?): flange $*" >&2; failed=$((failed + 1)); return 1; }
}

echo "pictures:"
shoot "$PICS/tutorial-empty.png" --screenshot "$PICS/tutorial-empty.png"
shoot "$PICS/tutorial-diagram.png" --screenshot "$PICS/tutorial-diagram.png" docs/guide/tutorial/FirstDriveTrain.json
shoot "$PICS/tutorial-simulated.png" --simulate --screenshot "$PICS/tutorial-simulated.png" docs/guide/tutorial/FirstDriveTrain.json
shoot "$PICS/own-component-SpinDown.png" --library docs/guide/own-component/components \
      --simulate --screenshot "$PICS/own-component-SpinDown.png" docs/guide/own-component/SpinDown.json
# One picture per example, named as Help > Example Gallery looks for it (ui/help/example_gallery.cpp).
while IFS= read -r model; do
  rel=${model#models/}
  name=${rel%.json}
  pic="$PICS/${name//\//-}.png"
  # An example the window cannot simulate in time is pictured unsimulated (and counted as failed).
  shoot "$pic" --simulate --timeout "$TIMEOUT" --screenshot "$pic" "$model" || shoot "$pic" --screenshot "$pic" "$model" || true
done < <(find models -name '*.json' | sort)
echo "done: $(ls "$PICS" | wc -l) pictures in $PICS, $failed failed"
[ "$failed" -eq 0 ]
