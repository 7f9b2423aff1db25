import { startTestSystem, type TestSystem } from '../support/system';
import { addMember, apiTokenOf, eventually, registerTenant, type TenantAdmin } from '../support/tenants';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

interface Change {
  id: string;
  type: string;
  record_id: string;
  data: { version: number };
}

const changes = (token: string, query: string) => system.api.get(`/api/changes/${query}`, { token });

/** Writes `leads` leads, then `updates` updates of each, a few leads at a time: (1 + updates) × leads changes. */
async function writeLeads(admin: TenantAdmin, leads: number, updates: number): Promise<void> {
  const writeOne = async (n: number) => {
    const created = await system.api.post('/api/leads/', { first_name: `Lead ${n}` }, { token: admin.access });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
    for (let u = 1; u <= updates; u += 1) {
      const updated = await system.api.patch(`/api/leads/${created.body.id}/`, { last_name: `v${u}` }, { token: admin.access });
      if (updated.status !== 200) throw new Error(`update: ${updated.status} ${updated.text}`);
    }
  };
  const lanes = 4;
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    for (let n = lane; n < leads; n += lanes) await writeOne(n);
  }));
}

describe('the change feed', () => {
  it('pages through every change exactly once, each record in order, while 500 more are written', async () => {
    const admin = await registerTenant(system.api);
    await writeLeads(admin, 20, 0); // 20 changes before the reader starts
    const read: Change[] = [];
    let cursor: string | undefined;
    let writing = true;
    const writer = writeLeads(admin, 100, 4).finally(() => (writing = false)); // 500 more meanwhile
    // Read on until the writer is done and the feed has given all 520: a page at a time, from the cursor.
    await eventually(
      async () => {
        const page = await changes(admin.access, `?types=lead.*&page_size=25${cursor ? `&after=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        read.push(...page.body.results);
        cursor = page.body.cursor;
        return !writing && read.length >= 520 ? true : undefined;
      },
      120_000,
      'every change in the feed',
    );
    await writer;
    expect(read).toHaveLength(520);
    expect(new Set(read.map((change) => change.id)).size).toBe(520);
    const versions = new Map<string, number[]>();
    for (const change of read) versions.set(change.record_id, [...(versions.get(change.record_id) ?? []), change.data.version]);
    expect(versions.size).toBe(120);
    for (const [, seen] of versions) expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Caught up: nothing more, the same cursor back.
    const after = await changes(admin.access, `?types=lead.*&after=${cursor}`);
    expect(after.body).toEqual({ count: 0, next: null, previous: null, results: [], cursor });
  }, 150_000); // its wait allows 120 s for 520 changes, on a machine running other suites beside it

  it('links the next page while pages come full, and keeps the filter out of the cursor', async () => {
    const admin = await registerTenant(system.api);
    await writeLeads(admin, 3, 0);
    await eventually(async () => ((await changes(admin.access, '?types=lead.created')).body.count === 3 ? true : undefined), 60_000, 'three changes');
    const first = await changes(admin.access, '?types=lead.created&page_size=2');
    // `count` is the matches after the cursor, not the page's size (api-contract §2; issue 35.12).
    expect({ count: first.body.count, results: first.body.results.length }).toEqual({ count: 3, results: 2 });
    const next = new URL(first.body.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ types: 'lead.created', page_size: '2', after: first.body.cursor });
    const second = await system.api.get(`${next.pathname}${next.search}`, { token: admin.access });
    expect(second.body.results).toHaveLength(1);
    expect(second.body.count).toBe(1);
    expect(second.body.next).toBeNull();
    // Without a filter (audit:read): the tenant's profile.created comes first, then the three leads.
    const all = await changes(admin.access, '');
    expect(all.body.results.map((change: Change) => change.type)).toEqual(['profile.created', 'lead.created', 'lead.created', 'lead.created']);
  });

  it('answers admins: every type with audit:read, an entity read scope for that entity’s types only; members 403', async () => {
    const admin = await registerTenant(system.api);
    const leadsReader = await apiTokenOf(system.api, admin, ['leads:read']);
    expect((await changes(leadsReader, '?types=lead.*,lead.deleted')).status).toBe(200);
    expect((await changes(leadsReader, '')).status).toBe(403);
    expect((await changes(leadsReader, '?types=lead.*,contact.*')).status).toBe(403);
    expect((await changes(leadsReader, '?types=profile.created')).status).toBe(403);
    const member = await addMember(system.api, admin, true);
    expect((await changes(member.access, '?types=lead.*')).status).toBe(403);
    const bad = await changes(admin.access, '?types=lead&after=x');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['after', 'types']);
    // A cursor of the right shape whose numbers pass what PostgreSQL's types hold: 400 too, never a 500.
    for (const after of ['1.9999999999999999999', '99999999999999999999.1']) {
      const overflowing = await changes(admin.access, `?types=lead.*&after=${after}`);
      expect(overflowing.status).toBe(400);
      expect(Object.keys(overflowing.body.errors)).toEqual(['after']);
    }
    // Another tenant's changes are not in the feed.
    const other = await registerTenant(system.api);
    await writeLeads(other, 1, 0);
    await eventually(async () => ((await changes(other.access, '?types=lead.*')).body.count === 1 ? true : undefined), 60_000, "the other tenant's change");
    expect((await changes(admin.access, '?types=lead.*')).body.count).toBe(0);
  });
});
