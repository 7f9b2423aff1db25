import { Router } from 'express';
import { InternalTokenSigner, mintInternalToken } from '../../src/auth-context';
import { createServiceApp, listen, type RunningServer } from '../../src/http';
import { IMPORT_BODY_BYTES } from '../../src/http/imports-at-once';
import { createLogger } from '../../src/logging/logger';

/**
 * IMPORTS_AT_ONCE (issue 36.3): an import body (an internal body over 1 MiB) takes a turn before it is
 * read; with every turn taken, one more answers 429 with Retry-After at once, its body unread, and a
 * turn given back is taken again. Sent as import-export sends them: fetch, a JSON string body.
 */
const IMPORT_PATH = '/internal/things/import/commit/';
const AT_ONCE = 2;
const IMPORT_EXPORT = new InternalTokenSigner('import-export');

describe('IMPORTS_AT_ONCE: import bodies handled at once by a service process', () => {
  let server: RunningServer;
  /** The imports the route is handling, each finished when the test says so. */
  const handling: Array<{ rows: number; finish: () => void }> = [];
  let routeRuns = 0;

  beforeAll(async () => {
    const routes = Router().post(IMPORT_PATH, async (req, res) => {
      routeRuns += 1;
      await new Promise<void>((finish) => handling.push({ rows: (req.body.rows as unknown[]).length, finish }));
      res.status(201).json({ created: req.body.rows.length });
    });
    const app = createServiceApp({
      logger: createLogger('test', 'silent'),
      health: { draining: false },
      internalToken: { audience: 'things', callers: ['import-export'] },
      routes,
      importsAtOnce: AT_ONCE,
    });
    server = await listen(app, 0);
  });
  afterAll(async () => {
    for (const { finish } of handling) finish();
    await server.close(100);
  });

  /** An import of `rows` rows of 1 KB, as import-export sends one. */
  const sendImport = async (rows: number) =>
    fetch(`${server.url}${IMPORT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-crm-internal-token': await mintInternalToken(IMPORT_EXPORT, 'things', null) },
      body: JSON.stringify({ header: ['first_name'], rows: Array.from({ length: rows }, () => ['x'.repeat(1024)]) }),
    });
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done()).toBe(true);
  };

  it('when IMPORTS_AT_ONCE imports are being handled, then one more answers 429 with Retry-After before its body is read, and a turn given back is taken again', async () => {
    const bigRows = Math.ceil((2 * IMPORT_BODY_BYTES) / 1024);
    const first = [sendImport(bigRows), sendImport(bigRows)];
    await until(() => handling.length === AT_ONCE);

    const refused = await sendImport(bigRows);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ detail: expect.any(String), retry_after: 1 });
    expect(routeRuns).toBe(AT_ONCE);

    // A small body is no import to count: it is handled whatever the turns.
    const small = sendImport(10);
    await until(() => handling.length === AT_ONCE + 1);
    handling[AT_ONCE]!.finish();
    expect((await small).status).toBe(201);

    // One finished (whichever of the two arrived first): its turn is free for the next import, and only one.
    handling[0]!.finish();
    expect((await Promise.race(first)).status).toBe(201);
    const next = sendImport(bigRows);
    await until(() => handling.length === AT_ONCE + 2);
    expect((await sendImport(bigRows)).status).toBe(429);

    handling[1]!.finish();
    handling[AT_ONCE + 1]!.finish();
    expect((await Promise.all(first)).map(({ status }) => status)).toEqual([201, 201]);
    expect(await (await next).json()).toEqual({ created: bigRows });
  });
});
