#!/usr/bin/env bash
# flange-sim's sweeps on a real Slurm: a single-node Slurm of the test's own
# (tests/slurm/local_slurm.sh) runs the array jobs. A 200-run sweep in 4 tasks collects to
# the local sweep's runs.csv, run for run (seconds aside), a run that fails numerically
# included; a task cancelled with scancel mid-run is reported, and sweep-resume computes
# only its missing runs; a chunk that refuses a changed model exits non-zero and is
# reported by sweep-status and sweep-collect; another flange-sim version is refused.
# Without Slurm (or root) the test is skipped (exit 77), under CI=true it fails.
#   slurm_local.sh FLANGE_SIM SOURCE_DIR
set -u
sim=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/flange-slurm-XXXXXX")
source "$src/tests/slurm/local_slurm.sh"
fail() { echo "FAIL: $*"; exit 1; }
local_slurm_for_test "$work"
# The model is the test's copy: changed below, which the sweeps' own copies do not see.
model=$work/CoupledClutches.json
cp "$src/models/msl/Rotational/CoupledClutches.json" "$model"
# J2.J = 1e-300 fails at initialization: a result row, not a task failure.
sweep_args=(--vary 'clutch1.fn_max=10:30:20' --vary 'J2.J=1e-300,0.6,0.7,0.8,0.9,1,1.1,1.2,1.3,1.4'
            --metric 'w=final(J1.w)' --metric 'lock=event("clutch1", "locked")')

# Waits until job $1 has left the queue (at most 300 s).
wait_job() {
  for _ in $(seq 1 600); do
    [ -z "$(squeue -h -j "$1" 2> /dev/null)" ] && return 0
    sleep 0.5
  done
  fail "job $1 still queued after 300 s: $(squeue)"
}
# runs.csv without its seconds column, in run order (records may span lines: a message's).
without_seconds() {
  python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
for r in [rows[0]] + sorted(rows[1:], key=lambda r: int(r[0])): print(repr(r[:-1]))' "$1"
}
# The runs of runs.csv, in the order of its records.
run_column() { python3 -c 'import csv, sys
print(" ".join(r[0] for r in list(csv.reader(open(sys.argv[1], newline="")))[1:]))' "$1"; }

# 1. 200 runs in 4 tasks equal the local sweep.
"$sim" sweep "$model" "${sweep_args[@]}" --jobs 2 -o "$work/local" 2> "$work/err" || fail "local sweep: $(cat "$work/err")"
job=$("$sim" sweep "$model" "${sweep_args[@]}" -o "$work/cluster" --slurm --chunks 4 2> "$work/err") ||
  fail "sweep --slurm: $(cat "$work/err")"
[[ "$job" =~ ^[0-9]+$ ]] || fail "sweep --slurm printed '$job', not a job id"
grep -q "^#SBATCH --array=0-3$" "$work/cluster/batch-0.sbatch" || fail "the script has no array of 4 tasks"
wait_job "$job"
"$sim" sweep-status "$work/cluster" > "$work/status" || fail "sweep-status: exit $?"
grep -q "200 of 200 runs finished (20 of them not ok)" "$work/status" || fail "status: $(cat "$work/status")"
grep -q "job $job: 4 tasks, 4 done, 0 running, 0 pending, 0 failed" "$work/status" || fail "status: $(cat "$work/status")"
"$sim" sweep-collect "$work/cluster" > "$work/collect" || fail "sweep-collect: exit $? $(cat "$work/collect")"
grep -q "200 of 200 runs" "$work/collect" || fail "collect: $(cat "$work/collect")"
[ "$(grep -c ',"failed","initialization failed' "$work/cluster/runs.csv")" -eq 20 ] || fail "the failed runs are not rows"
diff <(without_seconds "$work/local/runs.csv") <(without_seconds "$work/cluster/runs.csv") > "$work/diff" ||
  fail "collected runs.csv differs from the local sweep's: $(head -5 "$work/diff")"
cmp -s "$work/local/plan.csv" "$work/cluster/plan.csv" || fail "plan.csv differs from the local sweep's"
[ "$(run_column "$work/cluster/runs.csv")" = "$(seq -s ' ' 0 199)" ] || fail "runs.csv is not in run order"

# 2. A task cancelled mid-run: reported, then only its missing runs are computed.
job=$("$sim" sweep "$model" --vary 'clutch1.fn_max=10:30:800' --metric 'w=final(J1.w)' -o "$work/cut" --slurm \
  --chunks 2 2> "$work/err") || fail "sweep --slurm (cut): $(cat "$work/err")"
for _ in $(seq 1 600); do
  [ -f "$work/cut/tasks/runs-0-0.csv" ] && [ "$(wc -l < "$work/cut/tasks/runs-0-0.csv")" -ge 20 ] && break
  sleep 0.1
done
scancel "${job}_0" || fail "scancel ${job}_0"
wait_job "$job"
[ ! -f "$work/cut/tasks/task-0-0.done" ] || fail "the cancelled task wrote its done-marker"
before=$(wc -l < "$work/cut/tasks/runs-0-0.csv")
[ "$before" -ge 20 ] && [ "$before" -lt 400 ] || fail "the cancelled task has $before runs, not some of its 400"
cp "$work/cut/tasks/runs-0-0.csv" "$work/cut-task0.csv"
"$sim" sweep-status "$work/cut" > "$work/status"
grep -q "task 0 ended without finishing" "$work/status" || fail "status after scancel: $(cat "$work/status")"
grep -q "^missing runs: " "$work/status" || fail "status names no missing runs: $(cat "$work/status")"
"$sim" sweep-collect "$work/cut" > "$work/collect"
[ $? -eq 1 ] || fail "sweep-collect with missing runs: exit 0"
grep -q "missing runs: [0-9]*-399 " "$work/collect" || fail "collect: $(cat "$work/collect")"
job2=$("$sim" sweep-resume "$work/cut" 2> "$work/err") || fail "sweep-resume: $(cat "$work/err")"
wait_job "$job2"
"$sim" sweep-collect "$work/cut" > "$work/collect" || fail "collect after resume: $(cat "$work/collect")"
grep -q "800 of 800 runs (0 of them not ok)" "$work/collect" || fail "collect after resume: $(cat "$work/collect")"
# Nothing recomputed: every run is in exactly one task file, and task 0's file is as it was.
[ "$(cat "$work/cut/tasks/"runs-*.csv | cut -d, -f1 | sort -n | uniq -d | wc -l)" -eq 0 ] || fail "runs computed twice"
[ "$(cat "$work/cut/tasks/"runs-*.csv | wc -l)" -eq 800 ] || fail "not 800 runs in the task files"
cmp -s "$work/cut-task0.csv" "$work/cut/tasks/runs-0-0.csv" || fail "the cancelled task's runs changed"
[ "$(tail -n +2 "$work/cut/batch-1.runs")" = "$before-399" ] || fail "batch 1 is not the missing runs: $(cat "$work/cut/batch-1.runs")"

# 3. A chunk that exits non-zero (the model changed after --dry-run): reported.
"$sim" sweep "$model" --vary 'clutch1.fn_max=10:30:20' -o "$work/changed" --slurm --chunks 2 --dry-run 2> "$work/err" ||
  fail "sweep --slurm --dry-run: $(cat "$work/err")"
[ ! -f "$work/changed/batch-0.job" ] || fail "--dry-run submitted"
"$sim" sweep-status "$work/changed" > "$work/status"
grep -q "^batch 0, no job id .*: 2 tasks, 0 done, 0 failed, 2 not finished" "$work/status" ||
  fail "status of an unsubmitted batch: $(cat "$work/status")"
# The tasks read the folder's copy of the model: the original may change meanwhile.
echo >> "$model"
echo >> "$work/changed/model/model.json"
job=$("$sim" sweep-resume "$work/changed" 2> "$work/err") || fail "sweep-resume after --dry-run: $(cat "$work/err")"
wait_job "$job"
"$sim" sweep-status "$work/changed" > "$work/status"
grep -q "0 of 20 runs finished" "$work/status" || fail "status of the refused sweep: $(cat "$work/status")"
grep -q "task 1 failed with exit status 2: error: .*/model/model.json: the model or .* changed since" "$work/status" ||
  fail "the refused task is not reported: $(cat "$work/status")"
"$sim" sweep-collect "$work/changed" > "$work/collect"
[ $? -eq 1 ] && grep -q "missing runs: 0-19 " "$work/collect" || fail "collect of the refused sweep: $(cat "$work/collect")"

# 4. Another flange-sim version is refused before any run.
sed -i 's/"flange": "[^"]*"/"flange": "0.0.0-other"/' "$work/cluster/slurm.json"
"$sim" sweep-chunk "$work/cluster" --batch 0 --task 0 2> "$work/err"
[ $? -eq 2 ] && grep -q "written by flange-sim 0.0.0-other, this is flange-sim" "$work/err" || fail "other version: $(cat "$work/err")"
echo "PASS"
