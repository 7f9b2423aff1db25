import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNodeProcess, waitForLine } from '@crm/system';
import { stopBoundMs } from '../../src/lifecycle';

/**
 * A process whose stop never finishes, as a service's would if a part of it hung: `exitOnSignal` must
 * still exit (1) once its bound has passed, and `closeInOrder` must have named the part it waited on.
 * Run as a real process (the compiled library), since exiting is the behaviour under test.
 */
const HANGING_STOP = `
  const { closeInOrder, createLogger, exitOnSignal } = require(${JSON.stringify(path.resolve(__dirname, '../../dist'))});
  const logger = createLogger('hanging', 'info');
  const parts = [{ name: 'stuck part', close: () => new Promise(() => {}) }];
  exitOnSignal(() => closeInOrder(parts, logger), logger, Number(process.env.BOUND_MS));
  setInterval(() => {}, 1000); // something keeps the process alive, as a live connection would
  console.log(JSON.stringify({ msg: 'ready' }));
`;

async function runHangingStop(boundMs: number): Promise<{ code: number | null; lines: Array<Record<string, unknown>> }> {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'hanging-stop-')), 'hanging-stop.js');
  writeFileSync(script, HANGING_STOP);
  const started = startNodeProcess(script, { BOUND_MS: String(boundMs) });
  await waitForLine(started, 'ready');
  started.child.kill('SIGTERM');
  return { code: await started.exited, lines: started.lines };
}

describe('the bound on a graceful stop', () => {
  it('when a part never closes, then the process names it and exits 1 once the bound has passed', async () => {
    const { code, lines } = await runHangingStop(6_000);
    expect(code).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual(['ready', 'shutting down', 'still closing', 'shutdown timed out, exiting now']);
    expect(lines[2]).toMatchObject({ level: 'warn', part: 'stuck part' });
  }, 20_000);

  it('when SHUTDOWN_TIMEOUT_MS is set, then the bound is that drain plus 10 s for the rest', () => {
    expect(stopBoundMs({})).toBe(20_000);
    expect(stopBoundMs({ SHUTDOWN_TIMEOUT_MS: '3000' })).toBe(13_000);
  });

  it('when a download is in flight at the signal, then the drain is DOWNLOAD_DRAIN_TIMEOUT_MS (5 min by default) if longer', () => {
    expect(stopBoundMs({}, true)).toBe(310_000);
    expect(stopBoundMs({ DOWNLOAD_DRAIN_TIMEOUT_MS: '60000' }, true)).toBe(70_000);
    expect(stopBoundMs({ SHUTDOWN_TIMEOUT_MS: '3000', DOWNLOAD_DRAIN_TIMEOUT_MS: '1000' }, true)).toBe(13_000);
  });
});
