import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { freePort } from '@crm/system';
import { createLogger, InternalTokenSigner, verifyInternalToken, type Caller, type DataSource } from '@crm/platform';
import { lookupPath, mayName, namedIds, OwnerLookup, refusedIds, replicaStore, ReplicatedReferences, replicatedRecordOf, type HeldRecord, type Replica } from '../../src/replicas';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * `ReplicatedReferences` against a real replica table and an owner answering over HTTP: the owner is
 * asked exactly about what the replica cannot vouch for, what it answers lands in the replica as its
 * event would, and an owner that does not answer is a 503 to retry, never a refusal.
 */
const TENANT = randomUUID();
const ADMIN: Caller = { userId: randomUUID(), tenantId: TENANT, profileId: randomUUID(), role: 'admin', salesAccess: true, scopes: [], credential: { kind: 'user', id: 'u' } };
const MEMBER: Caller = { ...ADMIN, profileId: randomUUID(), role: 'member' };

/** A replica of the owner's "contacts", kept as the real ones are (`replicaStore`). */
const things = replicaStore({ table: 'things', fields: [], ownership: true, deletions: 'flag' });
const thingsReplica: Replica = {
  type: 'contact',
  owner: { name: 'contacts', port: 8083 },
  held: things.held,
  async apply(manager, tenantId, data) {
    const thing = replicatedRecordOf(data);
    if (thing) await things.upsert(manager, tenantId, thing);
  },
};

let dataSource: DataSource, port: number, owner: http.Server | undefined;
/** What the owner was asked, and what it holds (id → record as its events describe it). */
let asked: string[][], ownerHolds: Map<string, Record<string, unknown>>;

const references = (timeoutMs = 2_000) =>
  new ReplicatedReferences({
    dataSource,
    lookup: new OwnerLookup({
      signer: new InternalTokenSigner('leads'),
      ownerUrls: { contacts: `http://127.0.0.1:${port}` },
      timeoutMs,
      resendForMs: 300,
      logger: createLogger('test', 'silent'),
    }),
    replicas: [thingsReplica],
    clock: () => new Date(),
  });

function listen(handler: http.RequestListener): Promise<void> {
  owner = http.createServer(handler);
  return new Promise((resolve) => owner!.listen(port, '127.0.0.1', resolve));
}

/** The owner's lookup, as the owning service answers it (the caller's tenant only). */
const ownerLookup: http.RequestListener = (req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk)).on('end', async () => {
    const caller = await verifyInternalToken({ audience: 'contacts', callers: ['leads'] }, String(req.headers['x-crm-internal-token']));
    expect(req.url).toBe(lookupPath('contact'));
    const { ids } = JSON.parse(body) as { ids: string[] };
    asked.push(ids);
    const records = ids.flatMap((id) => (ownerHolds.has(id) && caller?.tenantId === TENANT ? [ownerHolds.get(id)!] : []));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ records }));
  });
};

const thing = (id: string, version: number, createdBy: string) => ({ id, version, created_by: createdBy, owner: { id: createdBy, email: null } });

const insertThing = (id: string, values: { version?: number; createdBy?: string | null; deleted?: boolean } = {}) =>
  dataSource.query(`INSERT INTO things (id, tenant_id, version, created_by, owner_id, deleted) VALUES ($1, $2, $3, $4, $4, $5)`, [
    id,
    TENANT,
    values.version ?? 1,
    values.createdBy === undefined ? ADMIN.profileId : values.createdBy,
    values.deleted ?? false,
  ]);

const refused = (caller: Caller, ids: string[]) => dataSource.transaction((manager) => refusedIds(manager, thingsReplica, caller, ids));

beforeAll(async () => {
  dataSource = await openFreshSchema('replicas_test', [
    {
      name: 'Things1700000000000',
      up: `CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, version integer NOT NULL, created_by uuid, owner_id uuid, deleted boolean NOT NULL DEFAULT false)`,
    },
  ]);
});
afterAll(async () => {
  await dataSource.destroy();
});
beforeEach(async () => {
  port = await freePort();
  asked = [];
  ownerHolds = new Map();
});
afterEach(async () => {
  owner?.closeAllConnections();
  await new Promise((resolve) => (owner ? owner.close(resolve) : resolve(undefined)));
  owner = undefined;
});

describe('ReplicatedReferences.ensure', () => {
  it('when the replica holds every id and the caller may open each, then the owner is not asked', async () => {
    const id = randomUUID();
    await insertThing(id);
    await listen(ownerLookup);
    await references().ensureNamedIn(ADMIN, [{ contact_id: id }], { contact_id: 'contact' });
    expect(asked).toEqual([]);
  });

  it('when the replica has not heard of an id, then the owner is asked once and its answer lands in the replica', async () => {
    const [created, unknown] = [randomUUID(), randomUUID()];
    ownerHolds.set(created, thing(created, 1, MEMBER.profileId));
    await listen(ownerLookup);
    await references().ensureNamedIn(MEMBER, [{ contact_ids: [created, unknown, created] }], { contact_ids: 'contact' });
    expect(asked).toEqual([[created, unknown].sort()]);
    expect(await refused(MEMBER, [created, unknown])).toEqual(new Set([unknown]));
  });

  it('when an id is deleted in the replica, then the owner is not asked: it stays refused', async () => {
    const id = randomUUID();
    await insertThing(id, { deleted: true });
    await listen(ownerLookup);
    await references().ensureNamedIn(ADMIN, [{ contact_id: id }], { contact_id: 'contact' });
    expect(asked).toEqual([]);
    expect(await refused(ADMIN, [id])).toEqual(new Set([id]));
  });

  it('when the copy says a member may not open it, then the owner is asked, and a newer version giving it to them is applied', async () => {
    const [given, notTheirs] = [randomUUID(), randomUUID()];
    await insertThing(given, { version: 1 });
    await insertThing(notTheirs, { version: 1 });
    ownerHolds.set(given, thing(given, 2, MEMBER.profileId));
    ownerHolds.set(notTheirs, thing(notTheirs, 1, ADMIN.profileId));
    await listen(ownerLookup);
    await references().ensureNamedIn(MEMBER, [{ contact_id: given }, { contact_id: notTheirs }], { contact_id: 'contact' });
    expect(asked).toEqual([[given, notTheirs].sort()]);
    expect(await refused(MEMBER, [given, notTheirs])).toEqual(new Set([notTheirs]));
  });

  it('when the owner is not listening, then a 503 with Retry-After once the resend window is over, and the replica is unchanged', async () => {
    const id = randomUUID();
    await expect(references().ensureNamedIn(ADMIN, [{ contact_id: id }], { contact_id: 'contact' })).rejects.toMatchObject({
      status: 503,
      headers: { 'Retry-After': '1' },
    });
    expect(await refused(ADMIN, [id])).toEqual(new Set([id]));
  });

  it('when the owner starts listening within the resend window, then it is asked and answers', async () => {
    const id = randomUUID();
    ownerHolds.set(id, thing(id, 1, ADMIN.profileId));
    const ensured = references().ensureNamedIn(ADMIN, [{ contact_id: id }], { contact_id: 'contact' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listen(ownerLookup);
    await ensured;
    expect(await refused(ADMIN, [id])).toEqual(new Set());
  });

  it('when the owner answers too slowly or with an error, then a 503', async () => {
    await listen((_req, res) => setTimeout(() => res.end('{"records": []}'), 500));
    await expect(references(100).ensureNamedIn(ADMIN, [{ contact_id: randomUUID() }], { contact_id: 'contact' })).rejects.toMatchObject({ status: 503 });
    owner!.closeAllConnections();
    await new Promise((resolve) => owner!.close(resolve));
    await listen((_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    });
    await expect(references().ensureNamedIn(ADMIN, [{ contact_id: randomUUID() }], { contact_id: 'contact' })).rejects.toMatchObject({ status: 503 });
  });
});

describe('the ids a body names', () => {
  it('when fields hold ids, lists of ids, or anything else, then only the well-formed ids count, once each', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const named = namedIds([{ contact_id: a, contact_ids: [b, 'x', a, 7], lead_id: 'not an id', other: randomUUID() }, { contact_id: null }], {
      contact_id: 'contact',
      contact_ids: 'contact',
      lead_id: 'lead',
    });
    expect(named).toEqual(new Map([['contact', new Set([a, b])]]));
  });
});

describe('mayName', () => {
  const ownership = (createdBy: string | null, ownerId: string | null): HeldRecord => ({ deleted: false, ownership: { createdBy, ownerId } });

  it('when a member created or owns the record, then they may name it; otherwise only an admin may', () => {
    expect(mayName(MEMBER, ownership(MEMBER.profileId, ADMIN.profileId))).toBe(true);
    expect(mayName(MEMBER, ownership(ADMIN.profileId, MEMBER.profileId))).toBe(true);
    expect(mayName(MEMBER, ownership(ADMIN.profileId, ADMIN.profileId))).toBe(false);
    expect(mayName(MEMBER, ownership(null, null))).toBe(false);
    expect(mayName(ADMIN, ownership(null, null))).toBe(true);
  });

  it('when the record is deleted or unknown, then nobody may; a member without sales access may name nothing', () => {
    expect(mayName(ADMIN, { deleted: true })).toBe(false);
    expect(mayName(ADMIN, undefined)).toBe(false);
    expect(mayName({ ...MEMBER, salesAccess: false }, ownership(MEMBER.profileId, MEMBER.profileId))).toBe(false);
    expect(mayName(MEMBER, { deleted: false })).toBe(true);
  });
});
