import { randomUUID } from 'node:crypto';
import { queryRows, type DataSource } from '@crm/platform';
import { replicaStore, VERSION_AHEAD, type ReplicaStore, type ReplicaTable } from '../../src/replicas';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * `replicaStore` against the real PostgreSQL, in each of its storage shapes: only a newer version changes
 * the copy, a deleted record stays deleted, a copy written ahead gives way to any real version, and a
 * write's lock (`held` with `lock`) holds a delete back until it commits.
 */
const TENANT = randomUUID();
const OTHER_TENANT = randomUUID();
const CREATOR = randomUUID();

const SHAPES: Record<'flag' | 'tombstones', ReplicaTable> = {
  flag: { table: 'typed_things', typeColumn: { name: 'thing_type', type: 'widget' }, fields: ['label'], ownership: true, deletions: 'flag' },
  tombstones: { table: 'things', fields: ['label'], ownership: true, deletions: { tombstones: 'thing_tombstones' } },
};

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('replica_store_test', [
    {
      name: 'Things1700000000000',
      up: `CREATE TABLE typed_things (thing_type text NOT NULL, id uuid NOT NULL, tenant_id uuid NOT NULL, label text, version integer NOT NULL,
             created_by uuid, owner_id uuid, deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (thing_type, id));
           CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, label text NOT NULL, version integer NOT NULL, created_by uuid, owner_id uuid,
             CONSTRAINT things_tenant_id UNIQUE (tenant_id, id));
           CREATE TABLE thing_tombstones (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, version integer NOT NULL);
           CREATE TABLE members (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, email text NOT NULL, version integer NOT NULL);`,
    },
  ]);
});
afterAll(async () => {
  await dataSource.destroy();
});

const record = (id: string, version: number, label: string, createdBy: string | null = CREATOR) => ({
  id,
  version,
  ownership: { createdBy, ownerId: createdBy },
  fields: { label },
});

/** Resolves to whether `promise` settled within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.each(Object.entries(SHAPES))('a replica store whose deletions are kept as %s', (_, shape) => {
  const store: ReplicaStore = replicaStore(shape);
  const labelOf = async (id: string) => (await store.fields(dataSource.manager, TENANT, [id])).get(id)?.label;
  const heldOf = async (id: string) => (await store.held(dataSource.manager, TENANT, [id])).get(id);

  it('when an older or the same version arrives, then nothing changes; a newer one replaces the copy', async () => {
    const id = randomUUID();
    expect(await store.upsert(dataSource.manager, TENANT, record(id, 2, 'Second'))).toEqual({ changed: true, previous: undefined });
    expect(await store.upsert(dataSource.manager, TENANT, record(id, 1, 'First'))).toEqual({ changed: false, previous: undefined });
    expect(await store.upsert(dataSource.manager, TENANT, record(id, 2, 'Second again'))).toEqual({ changed: false, previous: undefined });
    expect(await labelOf(id)).toBe('Second');
    expect(await store.upsert(dataSource.manager, TENANT, record(id, 3, 'Third'))).toEqual({ changed: true, previous: { version: 2, label: 'Second' } });
    expect(await labelOf(id)).toBe('Third');
  });

  it('when the same version arrives for a copy that does not know who may open it, then that is filled in', async () => {
    const id = randomUUID();
    await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Unowned', null));
    expect(await heldOf(id)).toEqual({ deleted: false, ownership: { createdBy: null, ownerId: null } });
    await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Owned'));
    expect(await heldOf(id)).toEqual({ deleted: false, ownership: { createdBy: CREATOR, ownerId: CREATOR } });
  });

  it('when a record is deleted, then no version arriving later brings it back, and one never seen stays out', async () => {
    const [id, neverSeen] = [randomUUID(), randomUUID()];
    await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Live'));
    await dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id, version: 2 }));
    await dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id: neverSeen, version: 4 }));
    for (const version of [1, 2, 9, VERSION_AHEAD]) {
      expect(await store.upsert(dataSource.manager, TENANT, record(id, version, 'Late'))).toEqual({ changed: false, previous: undefined });
      await store.upsert(dataSource.manager, TENANT, record(neverSeen, version, 'Late'));
    }
    expect(await store.held(dataSource.manager, TENANT, [id, neverSeen])).toEqual(new Map([[id, { deleted: true }], [neverSeen, { deleted: true }]]));
    expect(await store.fields(dataSource.manager, TENANT, [id, neverSeen])).toEqual(new Map());
  });

  it('when a copy was written ahead of the owner\'s events, then any real version replaces it, and a second one ahead does not', async () => {
    const id = randomUUID();
    expect((await store.upsert(dataSource.manager, TENANT, record(id, VERSION_AHEAD, 'Ahead'))).changed).toBe(true);
    expect((await store.upsert(dataSource.manager, TENANT, record(id, VERSION_AHEAD, 'Ahead again'))).changed).toBe(false);
    expect(await labelOf(id)).toBe('Ahead');
    expect(await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Real'))).toEqual({ changed: true, previous: { version: VERSION_AHEAD, label: 'Ahead' } });
    expect(await labelOf(id)).toBe('Real');
  });

  it("when another tenant's event names a record of the tenant, then the copy is left alone", async () => {
    const id = randomUUID();
    await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Mine'));
    expect((await store.upsert(dataSource.manager, OTHER_TENANT, record(id, 5, 'Theirs'))).changed).toBe(false);
    expect(await labelOf(id)).toBe('Mine');
    expect(await store.held(dataSource.manager, OTHER_TENANT, [id])).toEqual(new Map());
  });

  it('when held with lock, then the records come in id order', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const unsorted = [...ids].sort().reverse();
    for (const id of unsorted) await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Held'));
    const held = await dataSource.transaction((manager) => store.held(manager, TENANT, unsorted, { lock: true }));
    expect([...held.keys()]).toEqual([...ids].sort());
  });

  it('when a write holds a record with lock, then its delete waits for the write to commit, and unlinks only a live copy', async () => {
    const id = randomUUID();
    await store.upsert(dataSource.manager, TENANT, record(id, 1, 'Named'));
    const unlinked: string[] = [];
    let commitWrite!: () => void;
    const write = dataSource.transaction(async (manager) => {
      await store.held(manager, TENANT, [id], { lock: true });
      await new Promise<void>((resolve) => (commitWrite = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const deletion = dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id, version: 2 }, async () => void unlinked.push(id)));
    const deletedMeanwhile = await settlesWithin(deletion, 300);
    commitWrite();
    await write;
    await deletion;
    expect(deletedMeanwhile).toBe(false);
    expect(unlinked).toEqual([id]);
    expect(await heldOf(id)).toEqual({ deleted: true });
    await dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id, version: 3 }, async () => void unlinked.push(id)));
    expect(unlinked).toEqual([id]);
  });
});

describe('a replica store of records never deleted', () => {
  const members = replicaStore({ table: 'members', fields: ['email'], ownership: false, deletions: 'never' });

  it('holds whoever it has as live, written ahead or not, newer versions only', async () => {
    const [ahead, real] = [randomUUID(), randomUUID()];
    await members.upsert(dataSource.manager, TENANT, { id: ahead, version: VERSION_AHEAD, fields: { email: 'ahead@example.test' } });
    await members.upsert(dataSource.manager, TENANT, { id: real, version: 2, fields: { email: 'two@example.test' } });
    await members.upsert(dataSource.manager, TENANT, { id: real, version: 1, fields: { email: 'one@example.test' } });
    await members.upsert(dataSource.manager, TENANT, { id: ahead, version: 1, fields: { email: 'real@example.test' } });
    expect(await members.held(dataSource.manager, TENANT, [ahead, real], { lock: true })).toEqual(new Map([[ahead, { deleted: false }], [real, { deleted: false }]]));
    const emails = await members.fields(dataSource.manager, TENANT, [ahead, real]);
    expect([emails.get(ahead)?.email, emails.get(real)?.email]).toEqual(['real@example.test', 'two@example.test']);
    await expect(members.markDeleted(dataSource.manager, TENANT, { id: real, version: 3 })).rejects.toThrow('never deleted');
  });
});

it('a replica of a deleted record keeps its version, the highest of its deletes', async () => {
  const id = randomUUID();
  for (const [name, shape] of Object.entries(SHAPES)) {
    const store = replicaStore(shape);
    await dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id, version: 5 }));
    await dataSource.transaction((manager) => store.markDeleted(manager, TENANT, { id, version: 3 }));
    const table = name === 'flag' ? 'typed_things' : 'thing_tombstones';
    expect(await queryRows(dataSource.manager, `SELECT version FROM ${table} WHERE id = $1`, [id])).toEqual([{ version: 5 }]);
  }
});
