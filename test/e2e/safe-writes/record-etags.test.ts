import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * If-Match on the writes that are not a record's own route (api-contract §6): a merge names the kept lead's
 * version, a conversion the lead's. The ETags of every entity's routes are in `conformance/safe-writes.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const token = () => ({ token: admin.access });
const ifMatch = (etag: string) => ({ token: admin.access, headers: { 'If-Match': etag } });

describe('preconditions on merges and conversions', () => {
  it('when a merge names a stale version of the kept lead, then 412 and both leads stay', async () => {
    const keeper = await system.api.post('/api/leads/', { first_name: 'Keep', email: `k-${randomUUID()}@x.test` }, token());
    const other = await createLead(system.api, admin.access, { first_name: 'Other' });
    expect((await system.api.patch(`/api/leads/${keeper.body.id}/`, { title: 'Changed' }, token())).status).toBe(200);
    const merge = await system.api.post(`/api/leads/${keeper.body.id}/merge/`, { merge_id: other.id }, ifMatch(keeper.headers.get('etag')!));
    expect(merge.status).toBe(412);
    expect((await system.api.get(`/api/leads/${other.id}/`, token())).status).toBe(200);
    const current = (await system.api.get(`/api/leads/${keeper.body.id}/`, token())).headers.get('etag')!;
    const merged = await system.api.post(`/api/leads/${keeper.body.id}/merge/`, { merge_id: other.id }, ifMatch(current));
    expect(merged.status).toBe(200);
    expect(merged.headers.get('etag')).toBe((await system.api.get(`/api/leads/${keeper.body.id}/`, token())).headers.get('etag'));
  });

  it('when a conversion names a stale version of the lead, then 412 and the lead is not converted', async () => {
    const lead = await system.api.post('/api/leads/', { first_name: 'Ada', company_name: 'Engines' }, token());
    expect((await system.api.patch(`/api/leads/${lead.body.id}/`, { title: 'CTO' }, token())).status).toBe(200);
    const conversion = await system.api.put(`/api/leads/${lead.body.id}/`, { first_name: 'Ada', company_name: 'Engines', status: 'converted' }, ifMatch(lead.headers.get('etag')!));
    expect(conversion.status).toBe(412);
    expect((await system.api.get(`/api/leads/${lead.body.id}/`, token())).body.status).not.toBe('converted');
  });
});
