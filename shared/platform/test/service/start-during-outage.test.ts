import { InternalTokenSigner, mintInternalToken } from '../../src/auth-context/internal-token';
import { createLogger } from '../../src/logging/logger';
import { launchService, type StartingService } from '../../src/service/start-service';
import { databaseAway, type DatabaseAway } from '../../../../test/support/database-away';
import { dropSchema, samplePublishingService } from './sample-service';

/**
 * A service started while its database is away (issue 36.5) listens at once and waits, not ready, instead
 * of exiting into a crash loop: `/livez` 200, `/readyz` 503, other paths the contract's 503 with
 * `Retry-After`, the database tried again with growing waits (a JSON log line each); once the database
 * answers, the same process migrates, becomes ready and serves. The database is away behind a port where
 * nothing listens, then a TCP proxy to the real server opens on that very port. The process as containers
 * run it (`main.js`): test/e2e/start-during-outage.test.ts.
 */
const DATABASE_URL = process.env.DATABASE_URL!;
const SCHEMA = 'start_during_outage_test';
const GATEWAY = new InternalTokenSigner('gateway');

/** The service's JSON log lines, as its stdout would carry them. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('leads', 'info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a service started while its database is away', () => {
  let database: DatabaseAway | undefined;
  let starting: StartingService | undefined;

  beforeAll(() => dropSchema(DATABASE_URL, SCHEMA));

  afterEach(async () => {
    await starting?.stop();
    await database?.close();
    starting = database = undefined;
  });

  it('when the database comes back, then the same process connects, migrates, becomes ready and serves; before, it was live and not ready', async () => {
    database = await databaseAway(DATABASE_URL);
    const { logger, lines } = capturedLogger();
    starting = await launchService(samplePublishingService(SCHEMA), { port: 0, env: { ...process.env, DATABASE_URL: database.url }, logger });
    let ready = false;
    void starting.ready.then(() => (ready = true), () => undefined);

    const livez = await fetch(`${starting.url}/livez`);
    expect(livez.status).toBe(200);
    const readyz = await fetch(`${starting.url}/readyz`);
    expect([readyz.status, await readyz.json()]).toEqual([503, { status: 'starting', dependencies: { database: false } }]);
    const token = await mintInternalToken(GATEWAY, 'leads', null);
    const early = await fetch(`${starting.url}/api/outbox-size/`, { headers: { 'x-crm-internal-token': token } });
    expect([early.status, early.headers.get('retry-after'), early.headers.get('content-type'), await early.json()]).toEqual([
      503,
      '1',
      expect.stringMatching(/^application\/json/),
      { detail: 'The service is starting; try again shortly.' },
    ]);
    expect((await fetch(`${starting.url}/metrics`)).status).toBe(200);

    // Two attempts failed, the waits growing (1 s then 2 s, ±20 %), each one JSON line; still not ready.
    const retries = await waitFor('two failed attempts', () => {
      const seen = lines.filter((line) => line.msg === 'database unreachable: not ready, trying again');
      return seen.length >= 2 ? seen : undefined;
    });
    expect(retries.slice(0, 2)).toEqual([
      expect.objectContaining({ level: 'warn', service: 'leads', attempt: 1, retryInMs: expect.any(Number), reason: expect.stringContaining('ECONNREFUSED') }),
      expect.objectContaining({ attempt: 2 }),
    ]);
    expect(retries[0]!.retryInMs).toBeGreaterThanOrEqual(800);
    expect(retries[0]!.retryInMs).toBeLessThanOrEqual(1_200);
    expect(retries[1]!.retryInMs).toBeGreaterThanOrEqual(1_600);
    expect(retries[1]!.retryInMs).toBeLessThanOrEqual(2_400);
    expect(ready).toBe(false);
    expect((await fetch(`${starting.url}/livez`)).status).toBe(200);
    expect((await fetch(`${starting.url}/readyz`)).status).toBe(503);

    await database.comeBack();
    const running = await starting.ready;
    expect(running.url).toBe(starting.url);
    const readyAfter = await fetch(`${starting.url}/readyz`);
    expect([readyAfter.status, ((await readyAfter.json()) as { status: string }).status]).toEqual([200, 'ready']);
    const served = await fetch(`${starting.url}/api/outbox-size/`, { headers: { 'x-crm-internal-token': token } });
    expect([served.status, await served.json()]).toEqual([200, { events: 0 }]);
    expect(lines.filter((line) => line.msg === 'listening')).toEqual([expect.objectContaining({ port: starting.port })]);
  }, 40_000);

  it('when stopped while it waits for the database, then it stops at once, closed, and `ready` says it was stopped', async () => {
    database = await databaseAway(DATABASE_URL);
    const { logger } = capturedLogger();
    starting = await launchService(samplePublishingService(SCHEMA), { port: 0, env: { ...process.env, DATABASE_URL: database.url }, logger });
    expect((await fetch(`${starting.url}/livez`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const began = Date.now();
    await starting.stop();
    expect(Date.now() - began).toBeLessThan(2_000);
    await expect(starting.ready).rejects.toThrow();
    await expect(fetch(`${starting.url}/livez`)).rejects.toThrow();
  });
});
