#!/usr/bin/env bash
# Fuzzes Flange's readers and translate step with libFuzzer (clang, ASan + UBSan).
#
#   bash packaging/dev/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   fuzz (default 60 s, all five targets)
#   bash packaging/dev/fuzz.sh smoke [RUNS]                        CI: RUNS inputs per target (default
#                                                                  10000), fixed seed, stop at the first crash
#   bash packaging/dev/fuzz.sh minimize TARGET CRASH_FILE          shrink a crash, print the small file
#
# Targets (tests/fuzz/): expression, diagram, definition, translate, modelica, table. The build goes to
# build-fuzz/ (clang, FLANGE_FUZZ=ON), the corpus grows in build-fuzz/corpus/<target>/
# seeded from models/, resources/components, tests/data and tests/fuzz/seeds, and crashes land in
# build-fuzz/findings/<target>/. A crash worth keeping is minimized and copied to
# tests/data/fuzz-regressions/<target>/, where ctest replays it in the normal build.
# Set FLANGE_BUILD_LOCK=/path/to/lock to take a lock around the compile only, and
# FLANGE_FUZZ_SKIP_BUILD=1 to fuzz with the targets already built.
# Exit status: 0 when no target crashed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
targets_all=(expression diagram definition translate modelica table)

install_fuzz_deps() {
  # Only for fuzzing, so not in install-deps.sh: clang with libFuzzer and the sanitizer
  # runtimes, llvm-symbolizer for readable stacks.
  local missing=()
  for p in clang libclang-rt-14-dev llvm; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() {
  [ "${FLANGE_FUZZ_SKIP_BUILD:-}" = 1 ] && return
  local launcher; launcher=$(command -v ccache || true)
  bash packaging/dev/install-deps.sh
  install_fuzz_deps
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DFLANGE_FUZZ=ON -DFLANGE_BUILD_UI=OFF -DFLANGE_BUILD_TESTS=ON \
    ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher} >/dev/null
  local lock=()
  [ -n "${FLANGE_BUILD_LOCK:-}" ] && lock=(flock "$FLANGE_BUILD_LOCK")
  "${lock[@]}" cmake --build build-fuzz -j2 --target "${targets_all[@]/#/flange-fuzz-}"
}

# Seeds: the diagrams and definitions the project ships, the bad-input corpus, every
# equation and expression string found in the component library, and tests/fuzz/seeds:
# nested and doubled subsystems, vector connectors and tables read from files (issue 33),
# and the table target's files (a first byte choosing format, smoothness and extrapolation).
seed() {
  local c=build-fuzz/seeds
  rm -rf "$c"; mkdir -p "$c"/{expression,diagram,definition,translate,modelica,table}
  local f
  # Named after their path: several folders hold a Friction.json.
  while IFS= read -r f; do cp "$f" "$c/diagram/${f//\//_}"; done < <(find models tests/data/bad tests/fuzz/seeds/translate -name '*.json')
  cp "$c"/diagram/* "$c/translate/"
  cp tests/fuzz/seeds/table/* "$c/table/"
  # The table files the tests read, as CSV (first byte even) or MSL text (odd).
  for f in tests/data/tables/*.csv; do { printf '\000'; cat "$f"; } >"$c/table/$(basename "$f").bin"; done
  for f in tests/data/tables/*.txt; do { printf '\001'; cat "$f"; } >"$c/table/$(basename "$f").bin"; done
  while IFS= read -r f; do cp "$f" "$c/definition/${f//\//_}"; done < <(find resources/components -name '*.json')
  # Modelica written by the project (never MSL's own files).
  cp tests/data/modelica/*.mo "$c/modelica/"
  python3 - "$c/expression" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
texts = {"x = 1", "der(phi) = w", "reinit(v, -e*pre(v))", "if a > b then -1 elseif a < b then 1 else 0",
         "y = noEvent(if abs(x) < 1e-3 then 0 else sign(x)*x^2)", "f = c*(s_rel - s_rel0) + d*der(s_rel)"}
def walk(j):
    if isinstance(j, str) and any(ch in j for ch in "=+-*/()"):
        texts.add(j)
    elif isinstance(j, dict):
        for v in j.values(): walk(v)
    elif isinstance(j, list):
        for v in j: walk(v)
for f in pathlib.Path("resources/components").rglob("*.json"):
    walk(json.loads(f.read_text()))
for i, t in enumerate(sorted(texts)):
    (out / f"seed{i:04d}.txt").write_text(t)
PY
}

max_len() { case $1 in expression) echo 1024 ;; *) echo 16384 ;; esac; }

fuzz_one() {
  local target=$1 seconds=$2
  local corpus=build-fuzz/corpus/$target findings=build-fuzz/findings/$target
  mkdir -p "$corpus" "$findings"
  local log=build-fuzz/fuzz-$target.log
  # fork mode with ignore_*: keep fuzzing after a crash, so one run can find several classes.
  set +e
  build-fuzz/bin/flange-fuzz-"$target" "$corpus" build-fuzz/seeds/"$target" \
    -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  set -e
  local execs crashes
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  [ -z "$execs" ] && execs=$(grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#')
  crashes=$(find "$findings" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  printf '%-11s %6ss %10s runs %3s findings (%s)\n' "$target" "$seconds" "${execs:-?}" "$crashes" "$log"
  [ "$crashes" -eq 0 ]
}

# Short and repeatable: a fixed seed, a run count instead of a time, the seeds as the only
# corpus, and the first crash ends the run with its reproducer and stack on the log.
smoke_one() {
  local target=$1 runs=$2 log=build-fuzz/smoke-$1.log findings=build-fuzz/findings/$1
  mkdir -p "$findings"
  local start=$SECONDS
  if build-fuzz/bin/flange-fuzz-"$target" build-fuzz/seeds/"$target" -seed=1 -runs="$runs" \
       -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" >"$log" 2>&1; then
    printf 'fuzz smoke %-11s %7s runs in %3ss: no crash\n' "$target" "$runs" $((SECONDS - start))
  else
    printf 'fuzz smoke %-11s FAILED after %ss, see %s:\n' "$target" $((SECONDS - start)) "$log"
    grep -E 'ERROR|runtime error|escaped|Test unit written' "$log" | head -n 5
    return 1
  fi
}

if [ "${1:-}" = smoke ]; then
  runs=${2:-10000}
  build
  seed
  status=0
  for t in "${targets_all[@]}"; do
    smoke_one "$t" "$runs" || status=1
  done
  exit $status
fi

if [ "${1:-}" = minimize ]; then
  target=$2; crash=$3
  build >/dev/null
  out=build-fuzz/findings/$target/minimized-$(basename "$crash")
  build-fuzz/bin/flange-fuzz-"$target" -minimize_crash=1 -runs=20000 -max_total_time=120 \
    -exact_artifact_path="$out" "$crash" >build-fuzz/minimize.log 2>&1 || true
  echo "$out"
  exit 0
fi

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${targets_all[@]}")
build
seed
status=0
for t in "${targets[@]}"; do
  fuzz_one "$t" "$seconds" || status=1
done
exit $status
