import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * A filtered list's `count` is exact in the answer to the request right after a write (architecture: big
 * tenants): counts the totals cannot give are kept per write version of the tenant, and every create,
 * change and delete moves it. Asked one request after another, as a client syncing would, admin and member.
 */
let system: TestSystem, admin: TenantAdmin, member: Member, accountId: string;

beforeAll(async () => {
  ({ system, admin, member } = await startWithTenant({ members: { member: true } }));
  // The member's, so both may name it.
  accountId = (await createdRecord(system.api, '/api/accounts/', { name: 'Counting Ltd' }, member.access)).id;
});
afterAll(() => system.stop());

/** A body of each entity, named with `word` (what `search` finds). */
const bodies: Record<string, (word: string) => Record<string, unknown>> = {
  '/api/leads/': (word) => ({ first_name: word }),
  '/api/contacts/': (word) => ({ first_name: word }),
  '/api/accounts/': (word) => ({ name: `${word} Ltd` }),
  '/api/opportunities/': (word) => ({ name: `${word} deal`, account_id: accountId }),
  '/api/tasks/': (word) => ({ title: `Call ${word}` }),
};

describe.each(Object.keys(bodies))('%s', (path) => {
  const count = async (caller: { access: string }, query: string): Promise<number> => {
    const res = await system.api.get(`${path}?${query}`, { token: caller.access });
    expect(res.status).toBe(200);
    return res.body.count;
  };
  const expectCounts = async (query: string, expected: { admin: number; member: number }) =>
    expect({ admin: await count(admin, query), member: await count(member, query) }).toEqual(expected);

  it('when records are created, changed and deleted, then the count of a tags= or search= list is exact in the next answer', async () => {
    const word = `Quokka${path.length}${Date.now()}`;
    const byTag = 'tags=counted';
    const bySearch = `search=${word}`;
    await expectCounts(byTag, { admin: 0, member: 0 });
    await expectCounts(bySearch, { admin: 0, member: 0 });
    const mine = await createdRecord(system.api, path, { ...bodies[path]!(word), tags: ['counted'] }, member.access);
    await expectCounts(byTag, { admin: 1, member: 1 });
    await expectCounts(bySearch, { admin: 1, member: 1 });
    const theirs = await createdRecord(system.api, path, { ...bodies[path]!(word), tags: ['counted'] }, admin.access);
    await createdRecord(system.api, path, { ...bodies[path]!('Other'), tags: ['counted'] }, admin.access);
    await expectCounts(byTag, { admin: 3, member: 1 });
    await expectCounts(bySearch, { admin: 2, member: 1 });
    expect((await system.api.patch(`${path}${mine.id}/`, { tags: [] }, { token: member.access })).status).toBe(200);
    await expectCounts(byTag, { admin: 2, member: 0 });
    await expectCounts(bySearch, { admin: 2, member: 1 });
    expect((await system.api.delete(`${path}${theirs.id}/`, { token: admin.access })).status).toBe(204);
    await expectCounts(byTag, { admin: 1, member: 0 });
    await expectCounts(bySearch, { admin: 1, member: 1 });
  });
});

describe.each(Object.keys(bodies))('%s by a custom number\'s bound', (path) => {
  beforeAll(async () => {
    const definition = { key: 'rank', label: 'Rank', field_type: 'number', is_filterable: true };
    expect((await system.api.post(`${path}custom-fields/`, definition, { token: admin.access })).status).toBe(201);
  });

  /** The count and the page's ids, newest first, of a bound as a client writes it (any number notation). */
  const listed = async (caller: { access: string }, query: string) => {
    const res = await system.api.get(`${path}?${query}&page_size=100`, { token: caller.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.results.length);
    return res.body.results.map((record: { id: string }) => record.id);
  };

  it('when values are written, changed and their records deleted, then a __gte / __lte list and its count are exact in the next answer', async () => {
    const withRank = (rank: number) => ({ ...bodies[path]!(`Ranked${rank}`), custom_fields: { rank } });
    const low = await createdRecord(system.api, path, withRank(10), member.access);
    const high = await createdRecord(system.api, path, withRank(60), admin.access);
    const higher = await createdRecord(system.api, path, withRank(70), member.access);
    for (const query of ['cf_rank__gte=50', 'cf_rank__gte=5e1', 'cf_rank__gte=50.0&cf_rank__lte=100']) {
      expect(await listed(admin, query)).toEqual([higher.id, high.id]);
      expect(await listed(member, query)).toEqual([higher.id]);
    }
    expect((await system.api.patch(`${path}${low.id}/`, { custom_fields: { rank: 80 } }, { token: member.access })).status).toBe(200);
    expect((await system.api.patch(`${path}${higher.id}/`, { custom_fields: { rank: 5 } }, { token: member.access })).status).toBe(200);
    expect(await listed(admin, 'cf_rank__gte=50')).toEqual([high.id, low.id]);
    expect(await listed(member, 'cf_rank__gte=50')).toEqual([low.id]);
    expect(await listed(member, 'cf_rank__lte=9.5')).toEqual([higher.id]);
    expect((await system.api.delete(`${path}${high.id}/`, { token: admin.access })).status).toBe(204);
    expect(await listed(admin, 'cf_rank__gte=50')).toEqual([low.id]);
    expect(await listed(admin, 'cf_rank__gte=50&ordering=created_at')).toEqual([low.id]);
  });
});

describe('/api/leads/ by status', () => {
  it('when a lead changes status, then status= counts it under its new status in the next answer, and ordering=status lists statuses in order', async () => {
    const statusCount = async (caller: { access: string }, status: string): Promise<number> =>
      (await system.api.get(`/api/leads/?status=${status}`, { token: caller.access })).body.count;
    const before = { qualified: await statusCount(admin, 'qualified'), contacted: await statusCount(member, 'contacted') };
    const lead = await createdRecord(system.api, '/api/leads/', { first_name: 'Moving', status: 'contacted' }, member.access);
    expect(await statusCount(member, 'contacted')).toBe(before.contacted + 1);
    expect((await system.api.patch(`/api/leads/${lead.id}/`, { status: 'qualified' }, { token: member.access })).status).toBe(200);
    expect(await statusCount(member, 'contacted')).toBe(before.contacted);
    expect(await statusCount(admin, 'qualified')).toBe(before.qualified + 1);
    expect((await system.api.get('/api/leads/?status=qualified,contacted', { token: admin.access })).body.count).toBe(
      before.qualified + 1 + (await statusCount(admin, 'contacted')),
    );

    for (const ordering of ['status', '-status']) {
      const res = await system.api.get(`/api/leads/?ordering=${ordering}&page_size=100`, { token: admin.access });
      const rows: { id: string; status: string }[] = res.body.results;
      const sorted = [...rows].sort((a, b) => (a.status === b.status ? (a.id < b.id ? -1 : 1) : a.status < b.status ? -1 : 1));
      expect(rows.map((row) => row.id)).toEqual(ordering === 'status' ? sorted.map((row) => row.id) : sorted.reverse().map((row) => row.id));
      expect(res.body.count).toBe(rows.length);
    }
  });
});
