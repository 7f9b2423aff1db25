import { randomUUID } from 'node:crypto';
import express from 'express';
import { listen, errorHandler, withVersion, type RunningServer } from '../../src/http';
import { receiptsForWriters } from '../../src/http/write-receipts';
import { idempotentRequests, markKeyedWritesIn, pruneExpiredKeys } from '../../src/idempotency';
import { createLogger } from '../../src/logging/logger';
import type { Caller } from '../../src/auth-context';
import type { DataSource } from '../../src/database';
import { leadsMigrationsNamed, openFreshSchema } from '../database/fresh-schema';

/**
 * The moments a client cannot see (api-contract §6): the process holding a key dies before or after its
 * write committed, the service fails before writing. Against a real database, with the write and the
 * key's mark in one transaction, a repeat never does the write twice.
 */
let dataSource: DataSource, server: RunningServer;
const logger = createLogger('idempotency-test', 'silent');
/** Held requests, released (or never) by the test: a process that stalls, or has died, at that point. */
const holds = new Map<string, Promise<void>>();
const hold = (name: string) => {
  let release!: () => void;
  holds.set(name, new Promise<void>((resolve) => (release = resolve)));
  return release;
};
/** Names whose next create answers this status with `Retry-After`, once. */
const notYetAnswers = new Map<string, number>();
const caller: Caller = { userId: 'u', tenantId: 't', profileId: 'p', role: 'admin', salesAccess: true, scopes: [], credential: { kind: 'user', id: 'u' } };

beforeAll(async () => {
  dataSource = await openFreshSchema('idempotencytest', [
    { name: 'Things1766000000000', up: 'CREATE TABLE things (id uuid PRIMARY KEY, name text NOT NULL)' },
    ...leadsMigrationsNamed('IdempotencyKeys1766000000000', 'IdempotencyKeysResultStatus1766100000000'),
  ]);
  markKeyedWritesIn(dataSource);
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    req.caller = caller;
    next();
  });
  app.use(idempotentRequests({ dataSource, ttlMs: 60_000, logger, secretAnswerRoutes: [{ method: 'POST', path: '/things/:name/secret/' }] }));
  app.use(receiptsForWriters({ leads: 'leads' }));
  // An entity's create, as the records layer writes it: the caller (no scopes) may not read leads, so it answers a receipt.
  app.post('/api/leads/', async (req, res) => {
    res.status(201);
    const lead = await dataSource.transaction(async (manager) => {
      const id = randomUUID();
      await manager.query('INSERT INTO things (id, name) VALUES ($1, $2)', [id, String(req.body.name)]);
      return withVersion({ id, name: String(req.body.name) }, 1);
    });
    await holds.get(`after-write:${String(req.body.name)}`);
    res.json(lead);
  });
  app.post('/things/', async (req, res) => {
    const name = String(req.body.name);
    await holds.get(`before-write:${name}`);
    if (name.startsWith('fail')) throw new Error('the service failed before writing');
    // An answer passed on from another service that said "not yet" (its own key still running, a limit).
    const notYet = notYetAnswers.get(name);
    if (notYet !== undefined) {
      notYetAnswers.delete(name);
      return res.status(notYet).set('Retry-After', '1').json({ detail: 'Not yet; try again in a moment.' });
    }
    res.status(201); // before the write, as every create sets it: an answer made up after a crash takes it
    const thing = await dataSource.transaction(async (manager) => {
      const id = randomUUID();
      await manager.query('INSERT INTO things (id, name) VALUES ($1, $2)', [id, name]);
      return { id, name };
    });
    await holds.get(`after-write:${name}`);
    res.json(thing);
  });
  // A refusal that changes nothing (a stale If-Match, say).
  app.post('/stale/', (_req, res) => {
    res.status(412).set('ETag', '"7"').json({ detail: 'The record has changed since you read it.' });
  });
  // A write answering 200 (as a merge does): the status is set after the write, by `res.json`.
  app.post('/things/:name/rename/', async (req, res) => {
    const renamed = await dataSource.transaction(async (manager) => {
      const rows = (await manager.query('UPDATE things SET name = $2 WHERE name = $1 RETURNING id, name', [req.params.name, req.body.name])) as unknown[][];
      return rows[0]![0];
    });
    await holds.get(`after-rename:${String(req.body.name)}`);
    res.json(renamed);
  });
  // A write whose answer carries a secret (a token), made in a transaction as any write.
  app.post('/things/:name/secret/', async (req, res) => {
    const secret = await dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO things (id, name) VALUES ($1, $2)', [randomUUID(), req.params.name]);
      return randomUUID();
    });
    res.status(201).json({ secret });
  });
  app.use(errorHandler(logger));
  server = await listen(app, 0);
});
afterAll(async () => {
  await server.close(0);
  await dataSource.destroy();
});

const post = (name: string, key: string) =>
  fetch(`${server.url}/things/`, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify({ name }) });
const thingsNamed = async (name: string) => ((await dataSource.query('SELECT count(*)::int AS n FROM things WHERE name = $1', [name])) as Array<{ n: number }>)[0]!.n;
/** What a dead holder leaves: its lease runs out, as it would 30 s after the process died. */
const leaseRunsOut = (key: string) => dataSource.query(`UPDATE idempotency_keys SET lease_until = now() - interval '1 second' WHERE key = $1`, [key]);
const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
};

it('when the holder of a key died before its write, then a repeat after its lease takes the key over and writes once', async () => {
  const key = randomUUID();
  hold('before-write:early');
  void post('early', key).catch(() => undefined); // never answered: its process "died" before writing
  await until(async () => ((await dataSource.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])) as unknown[]).length === 1);
  const whileAlive = await post('early', key);
  expect(whileAlive.status).toBe(409);
  expect(whileAlive.headers.get('retry-after')).toBe('1');
  await leaseRunsOut(key);
  holds.delete('before-write:early');
  const repeat = await post('early', key);
  expect(repeat.status).toBe(201);
  expect(await thingsNamed('early')).toBe(1);
});

it('when the holder died after its write committed but before it stored the answer, then a repeat gets what the write returned and nothing is written again', async () => {
  const key = randomUUID();
  hold('after-write:late');
  void post('late', key).catch(() => undefined); // its write commits, its answer never comes
  await until(async () => (await thingsNamed('late')) === 1);
  await leaseRunsOut(key);
  const repeat = await post('late', key);
  expect(repeat.status).toBe(201);
  expect(repeat.headers.get('idempotent-replayed')).toBe('true');
  const body = (await repeat.json()) as { id: string; name: string };
  const [stored] = (await dataSource.query('SELECT id FROM things WHERE name = $1', ['late'])) as Array<{ id: string }>;
  expect(body).toEqual({ id: stored!.id, name: 'late' });
  expect(await thingsNamed('late')).toBe(1);
});

it('when the holder of a write answering only a receipt died after its commit, then a repeat gets that receipt, not what the write returned (issue 35.10)', async () => {
  const key = randomUUID();
  const create = () =>
    fetch(`${server.url}/api/leads/`, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify({ name: 'unreadable' }) });
  const first = await create();
  const [stored] = (await dataSource.query('SELECT id FROM things WHERE name = $1', ['unreadable'])) as Array<{ id: string }>;
  expect({ status: first.status, body: await first.json() }).toEqual({ status: 201, body: { id: stored!.id, version: 1 } });
  // Its answer never stored: as if the process died between the commit and the answer.
  await dataSource.query('UPDATE idempotency_keys SET status = NULL, headers = NULL, body = NULL WHERE key = $1', [key]);
  await leaseRunsOut(key);
  const repeat = await create();
  expect(repeat.headers.get('idempotent-replayed')).toBe('true');
  expect({ status: repeat.status, body: await repeat.json() }).toEqual({ status: 201, body: { id: stored!.id, version: 1 } });
  expect(await thingsNamed('unreadable')).toBe(1);
});

it('when the holder of a write answering 200 died after its commit, then a repeat gets 200 with what the write returned, not 201', async () => {
  const key = randomUUID();
  expect((await post('to-rename', randomUUID())).status).toBe(201);
  hold('after-rename:renamed');
  const rename = () =>
    fetch(`${server.url}/things/to-rename/rename/`, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify({ name: 'renamed' }) });
  void rename().catch(() => undefined);
  await until(async () => (await thingsNamed('renamed')) === 1);
  await leaseRunsOut(key);
  const repeat = await rename();
  expect(repeat.status).toBe(200);
  expect(repeat.headers.get('idempotent-replayed')).toBe('true');
  expect(await repeat.json()).toEqual({ id: expect.any(String), name: 'renamed' });
});

it('when the service failed before writing (5xx), then the key is let go and a repeat runs afresh', async () => {
  const key = randomUUID();
  expect((await post('fail-once', key)).status).toBe(500);
  expect(await dataSource.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
});

it.each([409, 429])('when the answer was %i with Retry-After (try again later), then the key is let go and the repeat runs afresh', async (status) => {
  const key = randomUUID();
  const name = `not-yet-${status}`;
  notYetAnswers.set(name, status);
  const first = await post(name, key);
  expect(first.status).toBe(status);
  const repeat = await post(name, key);
  expect(repeat.status).toBe(201);
  expect(repeat.headers.get('idempotent-replayed')).toBeNull();
  expect(await thingsNamed(name)).toBe(1);
});

it('when a refusal could not be kept (the database failed as its answer was stored), then 503 to repeat and the key is let go: the repeat is answered, then replayed', async () => {
  const key = randomUUID();
  const postStale = () => fetch(`${server.url}/stale/`, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': key }, body: '{}' });
  // The answer's store fails as a database going away would make it fail.
  await dataSource.query(`
    CREATE FUNCTION refuse_answers() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the database went away'; END $$;
    CREATE TRIGGER refuse_answers BEFORE UPDATE ON idempotency_keys FOR EACH ROW WHEN (NEW.status IS NOT NULL) EXECUTE FUNCTION refuse_answers();`);
  try {
    const notKept = await postStale();
    expect(notKept.status).toBe(503);
    expect(notKept.headers.get('retry-after')).toBe('1');
    expect(notKept.headers.get('etag')).toBeNull();
    expect(await notKept.json()).toEqual({ detail: expect.stringMatching(/Idempotency-Key/) });
    expect(await dataSource.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
  } finally {
    await dataSource.query('DROP TRIGGER refuse_answers ON idempotency_keys; DROP FUNCTION refuse_answers();');
  }
  const answered = await postStale();
  expect([answered.status, answered.headers.get('idempotent-replayed')]).toEqual([412, null]);
  const replayed = await postStale();
  expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.headers.get('etag')]).toEqual([412, 'true', '"7"']);
});

it('when a key has expired, then the same key starts a new request', async () => {
  const key = randomUUID();
  expect((await post('expiring', key)).status).toBe(201);
  await dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
  const later = await post('expiring', key);
  expect(later.status).toBe(201);
  expect(later.headers.get('idempotent-replayed')).toBeNull();
  expect(await thingsNamed('expiring')).toBe(2);
});

it('when keys have expired, then pruning deletes them in batches and keeps the live ones', async () => {
  const live = randomUUID();
  expect((await post('live', live)).status).toBe(201);
  const expired = await Promise.all([1, 2, 3].map(async (n) => {
    const key = randomUUID();
    expect((await post(`expired-${n}`, key)).status).toBe(201);
    return key;
  }));
  await dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ANY($1)`, [expired]);
  const stillThere = async (keys: string[]) => ((await dataSource.query('SELECT key FROM idempotency_keys WHERE key = ANY($1)', [keys])) as unknown[]).length;
  // Earlier tests' keys may have expired too: prune until nothing expired is left, two at a time.
  let pruned = 0;
  for (let batch = await pruneExpiredKeys(dataSource, 2); batch > 0; batch = await pruneExpiredKeys(dataSource, 2)) {
    expect(batch).toBeLessThanOrEqual(2);
    pruned += batch;
  }
  expect(pruned).toBeGreaterThanOrEqual(3);
  expect(await stillThere(expired)).toBe(0);
  expect(await stillThere([live])).toBe(1);
});

it('when a route answers a secret, then its Idempotency-Key is ignored: nothing of it is stored, and a repeat is served afresh', async () => {
  const key = randomUUID();
  const name = `secret-${key}`;
  const send = () => fetch(`${server.url}/things/${name}/secret/`, { method: 'POST', headers: { 'content-type': 'application/json', 'Idempotency-Key': key }, body: '{}' });
  const first = await send();
  const repeat = await send();
  expect([first.status, repeat.status]).toEqual([201, 201]);
  expect(repeat.headers.get('idempotent-replayed')).toBeNull();
  expect(((await repeat.json()) as { secret: string }).secret).not.toBe(((await first.json()) as { secret: string }).secret);
  expect(await thingsNamed(name)).toBe(2);
  expect(await dataSource.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
});
