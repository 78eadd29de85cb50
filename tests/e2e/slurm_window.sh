#!/usr/bin/env bash
# The window's sweeps on a real Slurm: a single-node Slurm of the test's own
# (tests/slurm/local_slurm.sh) runs the array jobs the window's Slurm backend submits, and
# the "[slurm-real]" cases of tests/ui/test_sweep_slurm.cpp check them against the local
# sweep, reopen their folders while they run, cancel and resume them.
# Without Slurm (or root) the test is skipped (exit 77), under CI=true it fails.
#   slurm_window.sh FLANGE_UI_TESTS SOURCE_DIR
set -u
ui_tests=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/flange-slurm-window-XXXXXX")
source "$src/tests/slurm/local_slurm.sh"
cleanup() {
  local_slurm_stop
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
if ! local_slurm_start "$work/slurm"; then
  [ "${CI:-}" = true ] && fail "no local Slurm under CI: $local_slurm_reason"
  echo "SKIP: no local Slurm: $local_slurm_reason"
  exit 77
fi
TMPDIR=$work QT_QPA_PLATFORM=offscreen "$ui_tests" "[slurm-real]" || fail "the [slurm-real] cases failed (above)"
echo "PASS"
