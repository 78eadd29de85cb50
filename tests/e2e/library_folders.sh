#!/usr/bin/env bash
# flange-sim --library on folders with entries that cannot be read (issue 33, family 7):
# a symbolic link in a loop, a link to nothing, a FIFO named .json are bad input, exit 2
# naming the entry, never an internal error; a link to a folder above is not followed.
#   library_folders.sh FLANGE_SIM MODEL
set -u
sim=$1; model=$2
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-library-folders.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail=0
# expect NAME CODE NEEDLE FOLDER: flange-sim with --library FOLDER exits with CODE, its message holds NEEDLE.
expect() {
  local name=$1 want=$2 needle=$3 folder=$4 msg code
  msg=$(timeout 60 "$sim" simulate "$model" --library "$folder" -o /dev/null 2>&1); code=$?
  if [ $code -ne "$want" ]; then echo "FAIL $name: exit code $code, expected $want: $msg"; fail=1; return; fi
  if ! grep -qF -- "$needle" <<<"$msg"; then echo "FAIL $name: message lacks '$needle': $msg"; fail=1; return; fi
  echo "PASS $name${msg:+: $msg}"
}
mkdir "$dir/loop" "$dir/dangling" "$dir/fifo" "$dir/up"
ln -s loop.json "$dir/loop/loop.json"
ln -s gone.json "$dir/dangling/x.json"
mkfifo "$dir/fifo/pipe.json"
mkdir "$dir/up/sub" && ln -s .. "$dir/up/sub/parent"
expect "symbolic link loop" 2 \
  "$dir/loop/loop.json: cannot read this entry of the component folder $dir/loop (Too many levels of symbolic links)" "$dir/loop"
expect "link to nothing" 2 \
  "$dir/dangling/x.json: cannot read this entry of the component folder $dir/dangling (No such file or directory)" "$dir/dangling"
expect "FIFO named .json" 2 \
  "$dir/fifo/pipe.json: cannot read this entry of the component folder $dir/fifo (not a regular file)" "$dir/fifo"
expect "link to a folder above" 0 "" "$dir/up"
exit $fail
