#!/usr/bin/env bash
# Tables read from files on the command line (issue 33): a 50,000-row drive cycle (50 s at
# 1 kHz) simulates; a file outside the diagram's folder needs --allow-files; a FIFO, a
# device or a folder named as a table is refused at once (exit 2), and no message quotes
# what a file holds.
#   data_files.sh FLANGE_SIM
set -u
sim=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-data-files.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/model" "$dir/elsewhere"
fail=0
check() { # description, then the command's status and output must match
  if [ "$2" = ok ]; then echo "PASS $1"; else echo "FAIL $1: $3"; fail=$((fail+1)); fi
}
awk 'BEGIN { print "time,speed"; for (i = 0; i < 50000; i++) { t = i / 1000; printf "%.3f,%.9f\n", t, 10*sin(0.3*t) + 0.5*sin(7*t) } }' \
  >"$dir/model/cycle.csv"
model() { # file name of the table, diagram path
  printf '{"format": "flange-diagram", "version": 1, "name": "cycle", "experiment": {"stopTime": 50, "interval": 0.01},
  "components": [{"name": "cycle", "type": "Blocks.Sources.CombiTimeTable", "parameters": {"tableOnFile": true, "fileName": "%s"}},
    {"name": "speed", "type": "Rotational.Sources.Speed", "parameters": {"exact": true}},
    {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 2}}],
  "connections": [{"from": "cycle.y[1]", "to": "speed.w_ref"}, {"from": "speed.flange", "to": "inertia.flange_a"}]}\n' \
    "$1" >"$2"
}

model cycle.csv "$dir/model/drive.json"
out=$("$sim" simulate "$dir/model/drive.json" --signals cycle.y[1] -o "$dir/out.csv" 2>&1); code=$?
# At t = 25 s, a breakpoint: the table's value there.
row=$(grep -m1 '^25,' "$dir/out.csv" 2>/dev/null)
want=$(awk 'BEGIN { t = 25; printf "%.9f", 10*sin(0.3*t) + 0.5*sin(7*t) }')
got=$(awk -F, '{ printf "%.9f", $2 }' <<<"$row")
[ $code -eq 0 ] && [ "$got" = "$want" ] && r=ok || r=bad
check "a 50,000-row drive cycle simulates for 50 s" $r "exit $code, row '$row', expected $want: $out"

mv "$dir/model/cycle.csv" "$dir/elsewhere/cycle.csv"
model ../elsewhere/cycle.csv "$dir/model/drive.json"
out=$("$sim" simulate "$dir/model/drive.json" --stop 1 -o /dev/null 2>&1); code=$?
[ $code -eq 2 ] && grep -qF "$dir/elsewhere/cycle.csv (component 'cycle'): --allow-files" <<<"$out" && r=ok || r=bad
check "a table outside the diagram's folder is refused and the message says what to allow" $r "exit $code: $out"
out=$("$sim" simulate "$dir/model/drive.json" --stop 1 --allow-files "$dir/elsewhere" -o /dev/null 2>&1); code=$?
[ $code -eq 0 ] && r=ok || r=bad
check "--allow-files DIR lets it be read" $r "exit $code: $out"
ln -s ../elsewhere/cycle.csv "$dir/model/link.csv"
model link.csv "$dir/model/drive.json"
out=$("$sim" simulate "$dir/model/drive.json" --stop 1 -o /dev/null 2>&1); code=$?
[ $code -eq 2 ] && grep -qF -- "--allow-files" <<<"$out" && r=ok || r=bad
check "a link inside the folder to a file outside it is outside" $r "exit $code: $out"

mkfifo "$dir/model/fifo.csv"
model fifo.csv "$dir/model/drive.json"
out=$(timeout 20 "$sim" simulate "$dir/model/drive.json" --stop 1 -o /dev/null 2>&1); code=$?
[ $code -eq 2 ] && grep -qF "fifo.csv: not a regular file" <<<"$out" && r=ok || r=bad
check "a FIFO is refused without waiting for a writer" $r "exit $code: $out"
model /dev/zero "$dir/model/drive.json"
out=$(timeout 20 "$sim" simulate "$dir/model/drive.json" --stop 1 --allow-files /dev -o /dev/null 2>&1); code=$?
[ $code -eq 2 ] && grep -qF "/dev/zero: not a regular file" <<<"$out" && r=ok || r=bad
check "/dev/zero is refused, not read" $r "exit $code: $out"

printf 'time,y\nprivate-words,1\n' >"$dir/model/words.csv"
model words.csv "$dir/model/drive.json"
out=$("$sim" simulate "$dir/model/drive.json" --stop 1 -o /dev/null 2>&1); code=$?
[ $code -eq 2 ] && grep -qF "words.csv:2: value 1 is not a number" <<<"$out" && ! grep -qF "private-words" <<<"$out" && r=ok || r=bad
check "a bad line is named, not quoted" $r "exit $code: $out"
[ $fail -eq 0 ]
