#!/usr/bin/env bash
# `npm test`: every check the README promises, and the time each step took at the end
# (docs/architecture.md "Tests", docs/performance.md "The test suite").
#
# The end-to-end run leaves a fifth of two cores idle (its tests wait for timers, the network
# and the server), and everything else fits into that: the build goes first, then the
# end-to-end run in the foreground while the type check and the linter (side by side), then
# Vitest, run behind it at a lower priority. Their output is printed when the end-to-end run
# is done, so that nothing interleaves. Any failing step fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
times=()
failed=()
report() {
  echo "== step times"
  for line in "${times[@]}"; do echo "   $line"; done
  rm -rf "$logs"
}
trap report EXIT

# timed NAME COMMAND...: runs the command and keeps its time and its outcome.
timed() {
  local name=$1 started rc
  shift
  started=$(date +%s)
  "$@"
  rc=$?
  times+=("$(printf '%-22s %4d s' "$name" $(($(date +%s) - started)))")
  [ $rc -eq 0 ] || failed+=("$name")
  return $rc
}

# The type check and the linter are single-threaded: side by side on the two cores.
typecheck_and_lint() {
  (npm run -s typecheck >"$logs/typecheck.log" 2>&1; echo $? >"$logs/typecheck.rc") &
  (npm run -s lint >"$logs/lint.log" 2>&1; echo $? >"$logs/lint.rc") &
  wait
  cat "$logs/typecheck.log" "$logs/lint.log"
  [ "$(cat "$logs/typecheck.rc")" = 0 ] && [ "$(cat "$logs/lint.rc")" = 0 ]
}

# What runs behind the end-to-end run: in a session of its own (the kernel shares CPU between
# sessions first, docs/performance.md "The test suite") whose priority is lowered, so that the
# browser and the servers of the end-to-end run come first and their time limits hold.
behind() {
  timed "typecheck + lint" typecheck_and_lint
  # A test's time limit is there to catch a hang; behind the end-to-end run a test takes a few
  # times as long as on an idle machine, so the limits are four times vitest.config.ts's
  # (VITEST_TIME_FACTOR: the command line's limits do not reach the config's projects).
  VITEST_TIME_FACTOR=4 timed "unit and server" npm run -s test:unit
  printf '%s\n' "${times[@]}" >"$logs/behind.times"
  printf '%s\n' "${failed[@]}" >"$logs/behind.failed"
}

timed "build" npm run -s build || { echo "== build failed"; exit 1; }

export -f behind timed typecheck_and_lint
export logs
setsid bash -c 'echo 10 >/proc/$$/autogroup 2>/dev/null; exec nice -n 10 bash -c "behind" >"$logs/behind.log" 2>&1' &
behind_pid=$!
trap 'kill -- -$behind_pid 2>/dev/null; report' EXIT

# A copy of its output, so that the failures can be named again at the very end.
e2e_run() { npm run -s test:e2e 2>&1 | tee "$logs/e2e.log"; }
timed "end to end" e2e_run
wait $behind_pid

echo "== type check, lint and Vitest (run behind the end-to-end run)"
cat "$logs/behind.log"
while IFS= read -r line; do times+=("$line (behind)"); done <"$logs/behind.times"
[ -f "$logs/behind.failed" ] || failed+=("the steps behind (cut off)")
while IFS= read -r name; do [ -z "$name" ] || failed+=("$name"); done <"$logs/behind.failed" 2>/dev/null

if [ ${#failed[@]} -gt 0 ]; then
  # The end-to-end run's failures (its summary and the first 60 lines of each failure: the
  # message, which may tell a story, and where), after the long output of the steps behind it:
  # the end of the log is what a reader of CI sees first.
  if [ -f "$logs/e2e.log" ] && grep -qE '^ +[0-9]+ failed' "$logs/e2e.log"; then
    echo "== end-to-end failures"
    awk '/^ +[0-9]+\) \[/ { print; left = 60; next }
         /^ +[0-9]+ failed/ { left = 0 }
         left > 0 { print; left-- }' "$logs/e2e.log"
    sed -n '/^ \+[0-9]\+ failed/,/^ \+[0-9]\+ \(skipped\|passed\|flaky\|did not run\)/p' "$logs/e2e.log"
  fi
  echo "== failed: ${failed[*]}"
  exit 1
fi
