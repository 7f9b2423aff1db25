#!/usr/bin/env bash
# `npm test`: every phase in turn, each one's time printed as it ends and all of them at the end
# (docs/testing.md §2). Stops at the first phase that fails. `.ci/run` runs this on a clean checkout.
# The jest phases also write every test's name and result to test-results/ (git ignores it).
set -uo pipefail
cd "$(dirname "$0")/.."

PHASES=(
  "typecheck|npm run --silent typecheck"
  "rules|npm run --silent rules"
  "pacts|npm run --silent test:pacts"
  "servers|npx jest --json --outputFile=test-results/servers.json"
  "embedded|npm run --silent test:embedded -- --json --outputFile=test-results/embedded.json"
  "reliability|npm run --silent test:reliability"
)

mkdir -p test-results
summary=()
started=$(date +%s)
for phase in "${PHASES[@]}"; do
  name="${phase%%|*}"
  command="${phase#*|}"
  echo "=== phase ${name}: ${command}"
  phase_started=$(date +%s)
  bash -c "$command"
  status=$?
  seconds=$(( $(date +%s) - phase_started ))
  summary+=("$(printf '%-12s %5d s  %s' "$name" "$seconds" "$([ $status -eq 0 ] && echo pass || echo "FAIL (exit $status)")")")
  echo "=== phase ${name}: ${seconds} s, exit ${status}"
  if [ $status -ne 0 ]; then break; fi
done

echo "=== phases"
printf '  %s\n' "${summary[@]}"
echo "  total        $(( $(date +%s) - started )) s"
[ $status -eq 0 ]
