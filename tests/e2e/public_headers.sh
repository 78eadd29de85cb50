#!/usr/bin/env bash
# The engine's public header set: app/ and ui/ include engine headers from engine/api/
# only, so what they may depend on is one small folder, and the engine's internals
# (structure, codegen, solve) can change without touching the editor.
#   public_headers.sh SOURCE_DIR
set -u
src=$1
bad=$(grep -rn --include='*.cpp' --include='*.hpp' '#include "engine/' "$src/app" "$src/ui" | grep -v '#include "engine/api/')
if [ -n "$bad" ]; then
  echo "FAIL: app/ and ui/ include engine internals; use the headers of engine/api/:"
  echo "$bad"
  exit 1
fi
count=$(grep -rn --include='*.cpp' --include='*.hpp' '#include "engine/api/' "$src/app" "$src/ui" | wc -l)
if [ "$count" -eq 0 ]; then
  echo "FAIL: no include of engine/api/ found under $src/app and $src/ui"
  exit 1
fi
echo "PASS: $count engine includes in app/ and ui/, all from engine/api/"
