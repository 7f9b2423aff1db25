import { InternalTokenSigner, mintInternalToken } from '@crm/platform';
import { databaseAway, type DatabaseAway } from '../support/database-away';
import { startServiceProcess, waitForLine, type ServiceProcess } from '../support/processes';

/**
 * A service process (the compiled `main.js`, as containers run it) started while PostgreSQL is away
 * (issue 36.5): it used to connect before listening and exit 1, so the orchestrator restarted it in a loop.
 * Now it listens, answers liveness and not readiness, waits for the database with back-off, and becomes
 * ready in the same process once the database is back; a SIGTERM while it waits stops it cleanly.
 * The mechanism in detail: shared/platform/test/service/start-during-outage.test.ts.
 */
const DEV_GATEWAY = new InternalTokenSigner('gateway');
const exited = (started: ServiceProcess) => started.child.exitCode !== null || started.child.signalCode !== null;

describe('a service process started while its database is away', () => {
  let database: DatabaseAway | undefined;
  let started: ServiceProcess | undefined;

  afterEach(async () => {
    if (started && !exited(started)) {
      started.child.kill('SIGKILL');
      await started.exited;
    }
    await database?.close();
    started = database = undefined;
  });

  it('when the database comes back, then the same process becomes ready and serves; before, it answered liveness 200 and readiness 503', async () => {
    database = await databaseAway(process.env.DATABASE_URL!);
    started = startServiceProcess('audit', { PORT: '0', DATABASE_URL: database.url });
    const { port } = await waitForLine(started, 'answering probes, not ready yet');
    const base = `http://127.0.0.1:${port}`;
    await waitForLine(started, 'database unreachable: not ready, trying again');
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    const token = await mintInternalToken(DEV_GATEWAY, 'audit', null);
    const early = await fetch(`${base}/api/audit-logs/`, { headers: { 'x-crm-internal-token': token } });
    expect([early.status, early.headers.get('retry-after')]).toEqual([503, '1']);

    await database.comeBack();
    await waitForLine(started, 'listening', 40_000);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // Served by the route itself: an anonymous caller may not read the audit log.
    expect((await fetch(`${base}/api/audit-logs/`, { headers: { 'x-crm-internal-token': token } })).status).toBe(401);
    expect(exited(started)).toBe(false);
    expect(started.lines.filter((line) => line.msg === 'failed to start')).toEqual([]);
  }, 60_000);

  it('when it gets SIGTERM while it waits for the database, then it stops and exits 0', async () => {
    database = await databaseAway(process.env.DATABASE_URL!);
    started = startServiceProcess('audit', { PORT: '0', DATABASE_URL: database.url });
    await waitForLine(started, 'database unreachable: not ready, trying again');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    await waitForLine(started, 'stopped');
  });
});
