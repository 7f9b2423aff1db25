import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * api-contract §2: no view shows the name of a record its reader may not open. A member may own a contact or
 * an opportunity that an admin linked to an account the member may not open: every answer they get
 * keeps the account's id and hides its name, while the admin (and the events) see it whole.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, hidden: { id: string };

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  const account = await system.api.post('/api/accounts/', { name: 'Admin Only Ltd' }, { token: admin.access });
  expect(account.status).toBe(201);
  hidden = account.body;
});
afterAll(() => system.stop());

const asSeller = { token: () => ({ token: seller.access }) };

describe.each([
  { path: '/api/contacts/', body: () => ({ first_name: 'Owned', owner_id: seller.profileId, account_id: hidden.id }), change: { title: 'CTO' } },
  { path: '/api/opportunities/', body: () => ({ name: 'Owned deal', assigned_to_id: seller.profileId, account_id: hidden.id }), change: { stage: 'proposal' } },
])('a record of $path that a member owns, linked by an admin to an account the member may not open', ({ path, body, change }) => {
  let id: string;
  beforeAll(async () => {
    const created = await system.api.post(path, body(), { token: admin.access });
    expect(created.status).toBe(201);
    expect(created.body.account).toEqual({ id: hidden.id, name: 'Admin Only Ltd' });
    id = created.body.id;
  });

  it('when the member reads it, lists it or changes it, then the account shows its id and no name; the admin still sees the name', async () => {
    const detail = await system.api.get(`${path}${id}/`, asSeller.token());
    expect(detail.status).toBe(200);
    expect(detail.body.account).toEqual({ id: hidden.id, name: null });
    const list = await system.api.get(path, asSeller.token());
    expect(list.body.results.find((record: { id: string }) => record.id === id).account).toEqual({ id: hidden.id, name: null });
    const changed = await system.api.patch(`${path}${id}/`, change, asSeller.token());
    expect(changed.status).toBe(200);
    expect(changed.body.account).toEqual({ id: hidden.id, name: null });
    for (const answer of [detail, list, changed]) expect(answer.text).not.toContain('Admin Only');
    expect((await system.api.get(`${path}${id}/`, { token: admin.access })).body.account).toEqual({ id: hidden.id, name: 'Admin Only Ltd' });
  });
});

it('when a member merges two of their contacts and the keeper is linked to an account they may not open, then the answer hides its name', async () => {
  const keeper = await system.api.post('/api/contacts/', { first_name: 'Keeper', owner_id: seller.profileId, account_id: hidden.id }, { token: admin.access });
  const merged = await system.api.post('/api/contacts/', { first_name: 'Merged' }, { token: seller.access });
  const res = await system.api.post(`/api/contacts/${keeper.body.id}/merge/`, { merge_id: merged.body.id }, { token: seller.access });
  expect(res.status).toBe(200);
  expect(res.body.account).toEqual({ id: hidden.id, name: null });
});
