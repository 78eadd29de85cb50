#!/usr/bin/env bash
# flange-sim -o: the file named is replaced only by a complete result (issue 33, family 4).
# A run that fails leaves the previous file as it was and says so; an output that cannot
# be written ends the run with exit 5 and "PATH: reason"; -o naming the model, or nothing,
# is refused before anything is done.
#   output_file.sh FLANGE_SIM DATA_DIR [FLANGE]  (FLANGE: the window's scripted export, exit 5 too)
set -u
sim=$1; data=$2; app=${3:-}
model=$data/spring_c_1e23.json # 1 s at 0.0005 s: 2002 lines
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-output.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail=0
# expect NAME CODE [NEEDLE...] -- ARGS...: flange-sim ARGS exits with CODE, its messages hold every NEEDLE.
expect() {
  local name=$1 want=$2; shift 2
  local needles=()
  while [ "$1" != -- ]; do needles+=("$1"); shift; done
  shift
  local msg code
  msg=$(timeout 60 "$sim" "$@" 2>&1 >/dev/null); code=$?
  if [ $code -ne "$want" ]; then
    echo "FAIL $name: exit code $code, expected $want: $msg"; fail=1; return 1
  fi
  for n in "${needles[@]}"; do
    if ! grep -qF -- "$n" <<<"$msg"; then echo "FAIL $name: message lacks '$n': $msg"; fail=1; return 1; fi
  done
  echo "PASS $name${msg:+: $msg}"
}
check() { # NAME CONDITION...: the condition holds
  local name=$1; shift
  if "$@"; then echo "PASS $name"; else echo "FAIL $name"; fail=1; fi
}
only_files() { # the folder holds exactly these names (no temporary left behind)
  local got want
  got=$(cd "$dir" && ls -A | sort | tr '\n' ' ')
  want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  [ "$got" = "$want" ] || { echo "  folder holds: $got, expected: $want"; return 1; }
}

cp "$model" "$dir/model.json"
printf 'previous result\n' >"$dir/out.csv"
chmod 640 "$dir/out.csv"

# A run that fails keeps the previous file, and the message says so.
expect "failed run keeps the previous file" 3 "after 50 solver steps" "note: $dir/out.csv is left as it was" -- \
  simulate "$dir/model.json" --max-steps 50 -o "$dir/out.csv"
check "the previous file is unchanged" [ "$(cat "$dir/out.csv")" = "previous result" ]
check "no temporary file is left after a failed run" only_files model.json out.csv
# A limit refused before the run touches nothing either.
expect "a refused row count keeps the previous file" 2 "more than the limit of 10000000" -- \
  simulate "$dir/model.json" --interval 1e-12 -o "$dir/out.csv"
check "the previous file is unchanged after a refused limit" [ "$(cat "$dir/out.csv")" = "previous result" ]
# A new file that a failed run would have written is not created at all.
expect "failed run creates no file" 3 "note: $dir/new.csv was not created" -- \
  simulate "$dir/model.json" --max-steps 50 -o "$dir/new.csv"
check "no file for a failed run" only_files model.json out.csv

# A run that succeeds replaces the file whole and keeps its permissions.
expect "successful run" 0 -- simulate "$dir/model.json" -o "$dir/out.csv"
check "the result replaced the previous file" [ "$(wc -l <"$dir/out.csv")" -eq 2002 ]
check "the replaced file keeps its mode" [ "$(stat -c %a "$dir/out.csv")" = 640 ]
check "no temporary file is left after a run" only_files model.json out.csv
# Through a symbolic link the file it leads to is replaced, the link stays.
ln -s out.csv "$dir/link.csv"
: >"$dir/out.csv"
expect "run through a symbolic link" 0 -- simulate "$dir/model.json" -o "$dir/link.csv"
check "the link still leads to the file" [ -L "$dir/link.csv" ]
check "the file behind the link holds the result" [ "$(wc -l <"$dir/out.csv")" -eq 2002 ]
rm "$dir/link.csv"

# Refused before the run: no name, and the model itself.
expect "-o with an empty name" 2 "-o: the file name is empty (name a file, or - for standard output)" -- \
  simulate "$dir/model.json" -o ""
expect "-o naming the model" 2 "is the model file itself; name another file for the results" -- \
  simulate "$dir/model.json" -o "$dir/../$(basename "$dir")/model.json"
check "the model is unchanged" cmp -s "$model" "$dir/model.json"

# Outputs that cannot be written: exit 5, the path and the reason.
expect "a full disk" 5 "error: /dev/full: No space left on device" -- simulate "$dir/model.json" -o /dev/full
expect "a folder that does not exist" 5 "$dir/none/out.csv: cannot create a file in its folder (No such file or directory)" -- \
  simulate "$dir/model.json" -o "$dir/none/out.csv"
expect "a folder named as the output" 5 "$dir: is a folder, not a file" -- simulate "$dir/model.json" -o "$dir"
msg=$(timeout 60 "$sim" simulate "$dir/model.json" -o - 2>&1 >&-); code=$?
if [ $code -eq 5 ] && grep -qF "error: standard output: closed (Bad file descriptor)" <<<"$msg"; then
  echo "PASS closed standard output: $msg"
else
  echo "FAIL closed standard output: exit code $code, expected 5: $msg"; fail=1
fi
# The window's scripted export answers as flange-sim does.
if [ -n "$app" ]; then
  msg=$(QT_QPA_PLATFORM=offscreen timeout 120 "$app" --simulate --export-csv "$dir/none/out.csv" "$dir/model.json" 2>&1); code=$?
  if [ $code -eq 5 ] && grep -qF "$dir/none/out.csv" <<<"$msg"; then
    echo "PASS flange --simulate --export-csv into a folder that does not exist"
  else
    echo "FAIL flange --simulate --export-csv into a folder that does not exist: exit code $code, expected 5: $msg"; fail=1
  fi
fi
# A device is written in place, never replaced.
expect "/dev/null" 0 -- simulate "$dir/model.json" -o /dev/null
check "/dev/null is still a device" [ -c /dev/null ]
exit $fail
