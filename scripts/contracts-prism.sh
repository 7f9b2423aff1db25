#!/usr/bin/env bash
# `npm run contracts:prism [suites…]`: runs end-to-end flows with Stoplight Prism proxying between the
# suites and the gateway, validating every answer against contracts/openapi.json, then prints the response
# violations Prism logged and fails if there is any. Request violations are expected (the suites send bad
# input on purpose) and only counted. The suites' own failures are shown, not counted: behind the proxy a
# link names the gateway's own address, not the proxy's (Prism does not pass the Host on), which the
# tests that compare links see.
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp /tmp/prism-XXXXXX.log)
suites=("$@")
# The flows of every entity, conversion, merge, the audit log and auth by default: Prism validates each answer
# against the whole document, which takes it a while (a few requests a second on two cores).
[ ${#suites[@]} -gt 0 ] || suites=(test/e2e/conformance/records.test.ts test/e2e/leads/lead-merge.test.ts test/e2e/contacts/contact-crud.test.ts test/e2e/audit-log.test.ts test/e2e/auth-flows.test.ts test/e2e/client-sdk.test.ts)
npx tsc -b >/dev/null
PRISM_LOG="$log" npx jest --runInBand --testTimeout=300000 "${suites[@]}" 2>&1 | grep -E '^(Tests|Test Suites):|✕|^FAIL'
jest_status=${PIPESTATUS[0]}
responses=$(grep -c 'Violation: response' "$log")
requests=$(grep -c 'Violation: request' "$log")
grep -o 'Violation: response.*' "$log" | sed 's/\x1b\[[0-9;]*m//g' | sort | uniq -c | sort -rn | head -50
echo "prism: ${responses} response violations, ${requests} request violations (deliberately bad input); log: ${log}"
[ "$jest_status" -eq 0 ] || echo "(some suites failed behind the proxy: see above)"
[ "$responses" -eq 0 ]
