#!/usr/bin/env bash
# `npm test`: every check the README promises, the quick ones first, and the time each step took
# at the end (docs/architecture.md "Tests"). The type check and the linter are single-threaded,
# so they run side by side on the machine's two cores; the rest use both cores each.
set -uo pipefail
cd "$(dirname "$0")/.."

times=()
report() {
  echo "== step times"
  for line in "${times[@]}"; do echo "   $line"; done
}
trap report EXIT

# step NAME COMMAND...: runs the command and keeps its time; stops the run when it fails.
step() {
  local name=$1 started
  shift
  started=$(date +%s)
  "$@"
  local rc=$?
  times+=("$(printf '%-22s %4d s' "$name" $(($(date +%s) - started)))")
  if [ $rc -ne 0 ]; then
    echo "== $name failed"
    exit $rc
  fi
}

# Both commands at once, each printing when done, so that their output does not interleave.
side_by_side() {
  local dir
  dir=$(mktemp -d)
  (npm run -s typecheck >"$dir/typecheck.log" 2>&1; echo $? >"$dir/typecheck.rc") &
  (npm run -s lint >"$dir/lint.log" 2>&1; echo $? >"$dir/lint.rc") &
  wait
  cat "$dir/typecheck.log" "$dir/lint.log"
  local rc=0
  [ "$(cat "$dir/typecheck.rc")" = 0 ] || { echo "== typecheck failed"; rc=1; }
  [ "$(cat "$dir/lint.rc")" = 0 ] || { echo "== lint failed"; rc=1; }
  rm -rf "$dir"
  return $rc
}

step "typecheck + lint" side_by_side
step "unit and server" npm run -s test:unit
step "build" npm run -s build
step "end to end" npm run -s test:e2e
