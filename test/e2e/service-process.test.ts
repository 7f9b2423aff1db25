import { InternalTokenSigner, mintInternalToken } from '@crm/platform';
import { startServiceProcess, waitForLine } from '../support/processes';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

/**
 * A service as its own process (the compiled `main.js`, as containers run it): bad settings stop it
 * with a message naming them; SIGTERM drains it and exits 0.
 */
const startAudit = (env: Record<string, string>) => startServiceProcess('audit', { PORT: '0', ...env });

describe('a service process', () => {
  it('when a setting is invalid, then it exits 1 and the log names the setting', async () => {
    const started = startAudit({ DATABASE_POOL_SIZE: 'many' });
    expect(await started.exited).toBe(1);
    const fatal = await waitForLine(started, 'failed to start');
    expect(JSON.stringify(fatal)).toContain('DATABASE_POOL_SIZE');
  });

  it('when NODE_ENV=production and DATABASE_URL or AMQP_URL is unset or empty, then it exits 1 naming each, never running on the embedded default', async () => {
    const started = startAudit({ NODE_ENV: 'production', DATABASE_URL: '', AMQP_URL: '' });
    expect(await started.exited).toBe(1);
    const fatal = JSON.stringify(await waitForLine(started, 'failed to start'));
    expect(fatal).toContain('DATABASE_URL: must be set in production');
    expect(fatal).toContain('AMQP_URL: must be set in production');
    expect(started.lines.some((line) => line.msg === 'embedded PostgreSQL (PGlite) started')).toBe(false);
  });

  it('when it gets SIGTERM, then it reports draining, finishes and exits 0', async () => {
    const started = startAudit({});
    const listening = await waitForLine(started, 'listening');
    const base = `http://127.0.0.1:${listening.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const token = await mintInternalToken(DEV_GATEWAY, 'audit', null);
    expect((await fetch(`${base}/api/audit-logs/`, { headers: { 'x-crm-internal-token': token } })).status).toBe(401);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await waitForLine(started, 'stopped');
    for (const line of started.lines) expect(line).toEqual(expect.objectContaining({ service: 'audit', level: expect.any(String) }));
  });

  it('when started with `migrate`, then it applies the migrations and exits 0 without serving', async () => {
    const migrating = startServiceProcess('audit', { PORT: '0' }, ['migrate']);
    expect(await migrating.exited).toBe(0);
    await waitForLine(migrating, 'migrations up to date');
    expect(migrating.lines.some((line) => line.msg === 'listening')).toBe(false);
  });
});
