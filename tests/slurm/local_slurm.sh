# Sourced: a single-node Slurm of its own on this machine, for the Slurm tests and bench.
#   local_slurm_start DIR   starts munged, slurmctld and slurmd with everything in DIR;
#                           returns 0 when the node is idle, else 1 with the reason in
#                           $local_slurm_reason. Exports SLURM_CONF.
#   local_slurm_stop        stops the three by their pids (call it from a trap on EXIT).
#   local_slurm_for_test WORK
#                           for a ctest: starts it in WORK/slurm, stops it and removes WORK
#                           on exit; without Slurm (or root) the test is skipped (exit 77),
#                           under CI=true it fails.
# Needs root and Debian's slurm-wlm and munge. It never touches /etc/slurm, /etc/munge or
# the system's services: the key, socket, ports, state, spool, logs and pids are its own.
local_slurm_pids=()
local_slurm_reason=

local_slurm_stop() {
  local pid
  # Jobs still running (a test that failed half-way) end first, so that no task outlives
  # the daemons: its slurmstepd and flange-sim go with the job.
  if [ ${#local_slurm_pids[@]} -gt 0 ] && [ -n "$(squeue -h 2> /dev/null)" ]; then
    scancel --me 2> /dev/null
    for _ in $(seq 1 100); do [ -z "$(squeue -h 2> /dev/null)" ] && break; sleep 0.1; done
  fi
  for pid in "${local_slurm_pids[@]}"; do kill "$pid" 2> /dev/null; done
  for pid in "${local_slurm_pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2> /dev/null
  done
  local_slurm_pids=()
}

# Two free TCP ports above 20000, as the kernel hands them out.
local_slurm_free_ports() {
  python3 - <<'PY'
import socket
socks = []
for _ in range(2):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
PY
}

local_slurm_start() {
  local dir=$1
  local tool
  for tool in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$tool" > /dev/null || { local_slurm_reason="$tool is not installed (Debian: slurm-wlm, munge)"; return 1; }
  done
  [ "$(id -u)" -eq 0 ] || { local_slurm_reason="starting slurmd needs root"; return 1; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" \
    || { local_slurm_reason="munged did not start: $(tail -3 "$dir/log/munged.log" 2> /dev/null)"; return 1; }
  for _ in $(seq 1 50); do [ -s "$dir/munge/munged.pid" ] && [ -S "$dir/munge/socket" ] && break; sleep 0.1; done
  local_slurm_pids+=("$(cat "$dir/munge/munged.pid")")

  local host ports ctld_port d_port
  host=$(hostname -s)
  read -r ctld_port d_port <<< "$(local_slurm_free_ports)"
  cat > "$dir/slurm.conf" <<CONF
ClusterName=flangetest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=512 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -D -i > "$dir/log/slurmctld.out" 2>&1 &
  local_slurm_pids+=($!)
  slurmd -D -N "$host" > "$dir/log/slurmd.out" 2>&1 &
  local_slurm_pids+=($!)
  for _ in $(seq 1 300); do
    if sinfo -h -N -o '%t' 2> /dev/null | grep -qx 'idle'; then return 0; fi
    sleep 0.1
  done
  local_slurm_reason="the node did not come up in 30 s: $(tail -3 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" "$dir/log/slurmctld.out" "$dir/log/slurmd.out" 2> /dev/null)"
  return 1
}

local_slurm_for_test() {
  local_slurm_test_work=$1
  trap 'local_slurm_stop; rm -rf "$local_slurm_test_work"' EXIT
  if ! local_slurm_start "$local_slurm_test_work/slurm"; then
    if [ "${CI:-}" = true ]; then
      echo "FAIL: no local Slurm under CI: $local_slurm_reason"
      exit 1
    fi
    echo "SKIP: no local Slurm: $local_slurm_reason"
    exit 77
  fi
}
