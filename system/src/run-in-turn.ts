import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs compiled scripts (`<dir>/<name>.js`), each in a process of its own, one after the other (two at
 * once would share, and measure, the same cores), and answers the exit code for all: 0 when every one
 * exited 0. `chosen` (the command line's names) picks some; an unknown name exits 2 at once.
 * `npm run bench` and `npm run test:reliability` are this.
 */
export function runInTurn(what: string, dir: string, known: readonly string[], chosen: readonly string[], nodeArgs: string[] = []): number {
  const unknown = chosen.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown ${what}: ${unknown.join(', ')}; known: ${known.join(', ')}`);
    return 2;
  }
  const results: Array<{ name: string; status: number | null; seconds: number }> = [];
  for (const name of chosen.length > 0 ? chosen : known) {
    console.log(`\n=== ${name} ===`);
    const started = Date.now();
    const run = spawnSync(process.execPath, [...nodeArgs, path.join(dir, `${name}.js`)], { stdio: 'inherit' });
    results.push({ name, status: run.status, seconds: (Date.now() - started) / 1000 });
  }
  console.log(`\n${what}:`);
  for (const { name, status, seconds } of results) console.log(`  ${status === 0 ? 'PASS' : 'FAIL'} ${name} (${seconds.toFixed(0)} s, exit ${status})`);
  return results.every(({ status }) => status === 0) ? 0 : 1;
}
