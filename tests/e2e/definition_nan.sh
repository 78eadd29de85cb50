#!/usr/bin/env bash
# A component definition from a user's folder (--library DIR) whose equation gives NaN,
# at initialization and later during integration: flange-sim exits with code 2 (the model
# is wrong) and names the component, the equation and the definition file with its line.
#   definition_nan.sh FLANGE_SIM
set -u
sim=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-nan.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/lib"
# The equations sit on lines 5 and 6 of each file: the message must say so.
cat >"$dir/lib/NanAtStart.json" <<'JSON'
{"name": "Test.NanAtStart",
 "connectors": [{"name": "y", "type": "RealOutput"}],
 "variables": [{"name": "x", "type": "Real"}],
 "equations": [
   "der(x) = 0/0",
   "y = x"]}
JSON
cat >"$dir/lib/NanLater.json" <<'JSON'
{"name": "Test.NanLater",
 "connectors": [{"name": "y", "type": "RealOutput"}],
 "variables": [{"name": "x", "type": "Real"}],
 "equations": [
   "der(x) = sqrt(0.5 - time)",
   "y = x"]}
JSON
diagram() { # name type
  printf '{"format": "flange-diagram", "version": 1, "name": "%s", "experiment": {"stopTime": 1},
  "components": [{"name": "%s", "type": "%s"}]}\n' "$1" "$1" "$2" >"$dir/$1.json"
}
diagram startsBad Test.NanAtStart
diagram turnsBad Test.NanLater

fail=0
check() { # model, then the texts the message must contain
  local model=$1; shift
  local msg code
  msg=$("$sim" simulate "$dir/$model.json" --library "$dir/lib" -o /dev/null 2>&1); code=$?
  if [ $code -ne 2 ]; then
    echo "FAIL $model: exit code $code, expected 2: $msg"; fail=1; return
  fi
  for needle in "$@"; do
    if ! grep -qF -- "$needle" <<<"$msg"; then
      echo "FAIL $model: message lacks '$needle': $msg"; fail=1; return
    fi
  done
  echo "PASS $model: $msg"
}
check startsBad "initialization failed: equation startsBad: der(x) = 0/0 ($dir/lib/NanAtStart.json:5:" \
  "is not a finite number"
check turnsBad "integration cannot pass t = 0.5 s: equation turnsBad: der(x) = sqrt(0.5 - time) ($dir/lib/NanLater.json:5:" \
  "is not a finite number"
exit $fail
