import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { addAuditEntry } from './support';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * `created_at__gte` / `__lte` on every list (api-contract §2): a date without a time in `__lte` is the end of
 * that day (UTC), so `__gte=D&__lte=D` is the whole day D; with a time it is that instant.
 */
let system: TestSystem, admin: TenantAdmin;
/** A record of each list, created just now. */
const created: Record<string, { id: string; created_at: string }> = {};

beforeAll(async () => {
  ({ system, admin } = await startWithTenant());
  const create = (path: string, body: Record<string, unknown>) => createdRecord(system.api, path, body, admin.access);
  created['/api/leads/'] = await create('/api/leads/', { first_name: 'Day' });
  created['/api/contacts/'] = await create('/api/contacts/', { first_name: 'Day' });
  const account = await create('/api/accounts/', { name: 'Day Ltd' });
  created['/api/accounts/'] = account;
  created['/api/opportunities/'] = await create('/api/opportunities/', { name: 'Day deal', account_id: account.id });
  created['/api/tasks/'] = await create('/api/tasks/', { title: 'Day task' });
  created['/api/audit-logs/'] = await addAuditEntry(system, admin.orgId, created['/api/leads/'].id);
});
afterAll(() => system.stop());

const ids = async (path: string, query: string): Promise<string[]> => {
  const res = await system.api.get(`${path}?${query}&page_size=100`, { token: admin.access });
  expect(res.status).toBe(200);
  return res.body.results.map((result: { id: string }) => result.id);
};

/** The UTC day of an instant, `days` later. */
const dayOf = (instant: string, days = 0) => new Date(Date.parse(instant) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(['/api/leads/', '/api/contacts/', '/api/accounts/', '/api/opportunities/', '/api/tasks/', '/api/audit-logs/'])('%s', (path) => {
  it('when created_at__gte and created_at__lte name the same day, then the records of that whole day come back', async () => {
    const record = created[path]!;
    const day = dayOf(record.created_at);
    expect(await ids(path, `created_at__gte=${day}&created_at__lte=${day}`)).toContain(record.id);
    expect(await ids(path, `created_at__lte=${dayOf(record.created_at, -1)}`)).not.toContain(record.id);
    expect(await ids(path, `created_at__gte=${dayOf(record.created_at, 1)}`)).not.toContain(record.id);
  });

  it('when created_at__lte has a time, then it is that instant', async () => {
    const record = created[path]!;
    const instant = encodeURIComponent(record.created_at);
    expect(await ids(path, `created_at__lte=${instant}`)).toContain(record.id);
    const before = encodeURIComponent(new Date(Date.parse(record.created_at) - 1).toISOString());
    expect(await ids(path, `created_at__lte=${before}`)).not.toContain(record.id);
  });
});

describe.each(['/api/leads/', '/api/contacts/', '/api/accounts/', '/api/opportunities/', '/api/tasks/'])('%s, changed since', (path) => {
  it('when updated_at__gte is the instant of its last change, then it is listed; a moment after, not; and updated_at__lte before it, not', async () => {
    const record = created[path]!;
    const changed = await system.api.patch(`${path}${record.id}/`, { tags: ['synced'] }, { token: admin.access });
    expect(changed.status).toBe(200);
    const at = Date.parse(changed.body.updated_at);
    const bound = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    expect(await ids(path, `updated_at__gte=${bound(at)}`)).toEqual([record.id]);
    expect(await ids(path, `updated_at__gte=${bound(at + 1)}`)).toEqual([]);
    expect(await ids(path, `updated_at__lte=${bound(at - 1)}`)).not.toContain(record.id);
    expect(await ids(path, `updated_at__gte=${bound(at)}&updated_at__lte=${bound(at)}`)).toEqual([record.id]);
    expect((await system.api.get(`${path}?updated_at__gte=yesterday`, { token: admin.access })).status).toBe(400);
  });
});

describe('the end of the day', () => {
  it('when a record was made in the last microsecond of a day, then __lte of that day holds it and of the day before does not; made at the next midnight, it does not', async () => {
    const res = await system.api.post('/api/leads/', { first_name: 'Midnight' }, { token: admin.access });
    const lead = res.body;
    const leads = system.services.leads!.dataSource;
    const setCreatedAt = (at: string) => leads.query(`UPDATE leads SET created_at = $1 WHERE id = $2`, [at, lead.id]);
    await setCreatedAt('2026-11-22T23:59:59.999999Z');
    expect(await ids('/api/leads/', 'created_at__gte=2026-11-22&created_at__lte=2026-11-22')).toEqual([lead.id]);
    expect(await ids('/api/leads/', 'created_at__lte=2026-11-21')).toEqual([]);
    await setCreatedAt('2026-11-23T00:00:00Z');
    expect(await ids('/api/leads/', 'created_at__gte=2026-11-22&created_at__lte=2026-11-22')).toEqual([]);
    expect(await ids('/api/leads/', 'created_at__gte=2026-11-23&created_at__lte=2026-11-23')).toEqual([lead.id]);
  });
});
