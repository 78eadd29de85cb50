#!/usr/bin/env bash
# The cost of running a sweep on Slurm: a 2,000-run CoupledClutches sweep on a single-node
# Slurm of the script's own (tests/slurm/local_slurm.sh) beside the same sweep run here
# with --jobs 2, and the overhead per array task (scheduling, starting flange-sim, loading
# the model). One local node measures only scheduling latency, not a cluster's gain.
#   slurm_bench.sh FLANGE_SIM SOURCE_DIR [RUNS] [TASKS]      (as root; prints figures only)
set -u
sim=$(realpath "$1")
src=$2
runs=${3:-2000}
tasks=${4:-100}
work=$(mktemp -d "${TMPDIR:-/tmp}/flange-slurm-bench-XXXXXX")
source "$src/tests/slurm/local_slurm.sh"
trap 'local_slurm_stop; rm -rf "$work"' EXIT
local_slurm_start "$work/slurm" || { echo "no local Slurm: $local_slurm_reason"; exit 77; }
model=$src/models/msl/Rotational/CoupledClutches.json
args=(--vary "clutch1.fn_max=10:30:$runs" --metric 'w=final(J1.w)' --metric 'lock=event("clutch1", "locked")')
now() { date +%s.%N; }
wait_job() { while [ -n "$(squeue -h -j "$1" 2> /dev/null)" ]; do sleep 0.05; done; }

t0=$(now)
"$sim" sweep "$model" "${args[@]}" --jobs 2 -o "$work/local" 2> /dev/null || exit 1
t1=$(now)
job=$("$sim" sweep "$model" "${args[@]}" -o "$work/slurm-sweep" --slurm --chunks "$tasks" 2> /dev/null) || exit 1
wait_job "$job"
t2=$(now)
"$sim" sweep-collect "$work/slurm-sweep" > /dev/null || { echo "runs missing on Slurm"; exit 1; }
# The overhead of a task alone: as many tasks of one run each.
job=$("$sim" sweep "$model" --vary "clutch1.fn_max=10:30:$tasks" -o "$work/one-run" --slurm --chunks "$tasks" 2> /dev/null) || exit 1
ta=$(now)
wait_job "$job"
tb=$(now)
cpus=$(nproc)
python3 - "$runs" "$tasks" "$cpus" "$t0" "$t1" "$t2" "$ta" "$tb" <<'PY'
import sys
runs, tasks, cpus = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
t0, t1, t2, ta, tb = map(float, sys.argv[4:])
local, slurm, one = t1 - t0, t2 - t1, tb - ta
print(f"CoupledClutches, {runs} runs, {cpus} CPUs")
print(f"  local --jobs 2          {local:7.2f} s  {runs / local:8.0f} runs/s")
print(f"  Slurm, {tasks} array tasks {slurm:7.2f} s  {runs / slurm:8.0f} runs/s (submit to last task done)")
print(f"  overhead per array task  {one * cpus / tasks * 1e3:7.0f} ms of a CPU ({tasks} tasks of one run each: {one:.2f} s)")
PY
