/**
 * What every reliability script prints and how it ends: its counts, one per line, then PASS or FAIL with
 * the counts that must be zero and are not; the exit code says the same (0 pass, 1 loss, 2 the script
 * itself failed or ran out of time).
 */
export interface Check {
  /** e.g. "5xx answers". */
  what: string;
  value: number;
  /** The value that means no loss (usually 0). */
  expected?: number;
}

export function report(script: string, counts: Record<string, number | string>, checks: Check[]): never {
  console.log(`\n${script}:`);
  for (const [what, value] of Object.entries(counts)) console.log(`  ${what}: ${value}`);
  const failed = checks.filter((check) => check.value !== (check.expected ?? 0));
  for (const check of checks) {
    const ok = check.value === (check.expected ?? 0);
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${check.what}: ${check.value}${ok ? '' : ` (expected ${check.expected ?? 0})`}`);
  }
  console.log(failed.length === 0 ? `PASS ${script}` : `FAIL ${script}: ${failed.map((check) => check.what).join(', ')}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

/**
 * Runs a script's body with a time limit: past it, or on an exception, the script prints why and exits
 * with 2 (a script that cannot finish has not shown that nothing is lost).
 */
export function runScript(script: string, limitMs: number, body: () => Promise<never | void>): void {
  const timer = setTimeout(() => {
    console.error(`FAIL ${script}: did not finish within ${limitMs / 1000} s`);
    process.exit(2);
  }, limitMs);
  timer.unref();
  body().catch((error) => {
    console.error(`FAIL ${script}:`, error);
    process.exit(2);
  });
}
