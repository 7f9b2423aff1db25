import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { mintInternalToken, DEV_INTERNAL_TOKEN_SECRET } from '@crm/shared';

/**
 * A service as its own process (the compiled `main.js`, as containers run it): bad settings stop it
 * with a message naming them; SIGTERM drains it and exits 0.
 */
const AUDIT_MAIN = path.resolve(__dirname, '../../services/audit/dist/main.js');

interface Started {
  child: ChildProcessWithoutNullStreams;
  lines: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function startAudit(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [AUDIT_MAIN], { env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', ...env } });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) lines.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function waitForLine(started: Started, message: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = started.lines.find((l) => l.msg === message);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no "${message}" log line; got ${JSON.stringify(started.lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a service process', () => {
  it('when a setting is invalid, then it exits 1 and the log names the setting', async () => {
    const started = startAudit({ DATABASE_POOL_SIZE: 'many' });
    expect(await started.exited).toBe(1);
    const fatal = await waitForLine(started, 'failed to start');
    expect(JSON.stringify(fatal)).toContain('DATABASE_POOL_SIZE');
  });

  it('when it gets SIGTERM, then it reports draining, finishes and exits 0', async () => {
    const started = startAudit({});
    const listening = await waitForLine(started, 'listening');
    const base = `http://127.0.0.1:${listening.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const token = await mintInternalToken(DEV_INTERNAL_TOKEN_SECRET, 'audit', null);
    expect((await fetch(`${base}/api/audit-logs/`, { headers: { 'x-crm-internal-token': token } })).status).toBe(401);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await waitForLine(started, 'stopped');
    for (const line of started.lines) expect(line).toEqual(expect.objectContaining({ service: 'audit', level: expect.any(String) }));
  });
});
