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
fail() { echo "FAIL: $*"; exit 1; }
local_slurm_for_test "$work"
TMPDIR=$work QT_QPA_PLATFORM=offscreen "$ui_tests" "[slurm-real]" || fail "the [slurm-real] cases failed (above)"
echo "PASS"
