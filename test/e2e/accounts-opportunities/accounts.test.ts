import type { TestSystem } from '../../support/system';
import { serverDerived, type Member, type TenantAdmin } from '../../support/tenants';
import { create, outboxEvents, read, TIMESTAMP } from './support';
import { startWithTenant } from '../../support/suite';
import { expectEachRefused } from '../../support/api-client';

let system: TestSystem, admin: TenantAdmin, seller: Member;
beforeAll(async () => ({ system, admin, seller } = await startWithTenant({ members: { seller: true } })));
afterAll(() => system.stop());

/** An account given only its name (a POST), or replaced by one (a PUT): every other field empty. */
const WHAT_A_NAME_ALONE_GIVES = { industry: null, website: null, email: null, phone: null, billing_city: null, billing_country: null, tags: [] };

const FULL_BODY = {
  name: '  Analytical Engines Ltd ',
  industry: 'Computing',
  website: 'https://engines.example.com/about',
  email: 'Sales@Engines.Example.com',
  phone: '+44 20 7946 0958',
  billing_city: 'London',
  billing_country: 'United Kingdom',
  tags: ['vip', 'uk', 'vip'],
};

describe('creating an account', () => {
  it('when the body is complete, then 201 with the full record, owned by the creator', async () => {
    const res = await system.api.post('/api/accounts/', FULL_BODY, { token: seller.access });
    expect(res.status).toBe(201);
    // What was sent, normalised (name trimmed, e-mail lower-cased, tags once each), and the owner.
    const normalised = { name: 'Analytical Engines Ltd', email: 'sales@engines.example.com', tags: ['vip', 'uk'] };
    expect(res.body).toEqual({ ...serverDerived(admin, seller), ...FULL_BODY, ...normalised, assigned_to: { id: seller.profileId, email: seller.email } });
  });

  it('when only a name is given, then every other field is empty', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Bare' });
    expect(account).toMatchObject({ ...WHAT_A_NAME_ALONE_GIVES, custom_fields: {}, assigned_to: { id: admin.profileId, email: admin.email } });
  });

  it.each([
    ['missing', {}, 'This field is required.'],
    ['blank', { name: '   ' }, 'This field may not be blank.'],
    ['null', { name: null }, 'This field may not be null.'],
    ['256 characters long', { name: 'x'.repeat(256) }, expect.stringContaining('255')],
  ])('when the name is %s, then 400 on name', async (_case, body, message) => {
    const res = await system.api.post('/api/accounts/', { industry: 'X', ...body }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { name: message } });
  });

  it('when fields are unknown or malformed, then 400 on each of them', async () => {
    await expectEachRefused(system.api, admin.access, '/api/accounts/', { name: 'X' }, { annual_revenue: 5, website: 'ftp://files.example.com', email: 'not-an-email', phone: '1'.repeat(33), industry: 'i'.repeat(256), billing_city: 7, tags: 'vip', assigned_to_id: 'someone' });
  });

  it.each(['engines.example.com', 'javascript:alert(1)', 'https://', 'mailto:a@b.test'])(
    'when the website is %s, then 400 on website: http(s) URLs only',
    async (website) => {
      const res = await system.api.post('/api/accounts/', { name: 'X', website }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ website: expect.any(String) });
    },
  );

});

describe('reading, changing and deleting an account', () => {
  it('when PATCH sends some fields, then only those change', async () => {
    const account = await create(system.api, admin.access, 'accounts', FULL_BODY);
    const res = await system.api.patch(`/api/accounts/${account.id}/`, { phone: null, website: '', tags: ['new-tag'] }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...account, phone: null, website: null, tags: ['new-tag'], updated_at: expect.stringMatching(TIMESTAMP) });
    expect(res.body.updated_at > account.updated_at).toBe(true);
    expect(await read(system.api, admin.access, 'accounts', account.id)).toEqual(res.body);
  });

  it('when PATCH blanks the name, then 400 and nothing changes', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Keep me' });
    for (const name of ['', null]) {
      const res = await system.api.patch(`/api/accounts/${account.id}/`, { name }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: expect.any(String) });
    }
    expect((await read(system.api, admin.access, 'accounts', account.id)).name).toBe('Keep me');
  });

  it('when PUT omits fields, then they reset to null or []; the owner stays', async () => {
    const account = await create(system.api, admin.access, 'accounts', { ...FULL_BODY, assigned_to_id: seller.profileId });
    const res = await system.api.put(`/api/accounts/${account.id}/`, { name: 'Replaced' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...account,
      name: 'Replaced',
      ...WHAT_A_NAME_ALONE_GIVES,
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(res.body.assigned_to).toEqual({ id: seller.profileId, email: seller.email });
  });

  it('when PUT has no name, then 400 on name and nothing changes', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Named' });
    const res = await system.api.put(`/api/accounts/${account.id}/`, { industry: 'Retail' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'This field is required.' });
    expect((await read(system.api, admin.access, 'accounts', account.id)).industry).toBeNull();
  });

  it('when an account is renamed, then its opportunities show the new name as a change each; other changes touch them not', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Old Name Ltd' });
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Deal', account_id: account.id });
    expect((await system.api.patch(`/api/accounts/${account.id}/`, { industry: 'Shipping' }, { token: admin.access })).status).toBe(200);
    expect(await read(system.api, admin.access, 'opportunities', opportunity.id)).toEqual(opportunity);
    expect((await system.api.patch(`/api/accounts/${account.id}/`, { name: 'New Name Ltd' }, { token: admin.access })).status).toBe(200);
    const renamed = await read(system.api, admin.access, 'opportunities', opportunity.id);
    expect(renamed).toEqual({ ...opportunity, account: { id: account.id, name: 'New Name Ltd' }, updated_at: expect.stringMatching(TIMESTAMP) });
    expect(renamed.updated_at > opportunity.updated_at).toBe(true);
    const events = await outboxEvents(system, opportunity.id);
    expect(events.map((event) => [event.type, event.data.account.name, event.data.version])).toEqual([
      ['opportunity.created', 'Old Name Ltd', 1],
      ['opportunity.updated', 'New Name Ltd', 2],
    ]);
  });

  it('when an account with opportunities and tasks is deleted, then they stay, without the account, as a change each', async () => {
    const account = await create(system.api, seller.access, 'accounts', { name: 'Parent' });
    const opportunity = await create(system.api, seller.access, 'opportunities', { name: 'Deal', account_id: account.id });
    const task = await create(system.api, seller.access, 'tasks', { title: 'Call them', account_id: account.id });
    const unrelated = await create(system.api, seller.access, 'tasks', { title: 'Other' });
    expect(opportunity.account).toEqual({ id: account.id, name: 'Parent' });

    expect((await system.api.delete(`/api/accounts/${account.id}/`, { token: seller.access })).status).toBe(204);

    const keptOpportunity = await read(system.api, seller.access, 'opportunities', opportunity.id);
    expect(keptOpportunity).toEqual({ ...opportunity, account: null, account_id: null, updated_at: expect.stringMatching(TIMESTAMP) });
    expect(keptOpportunity.updated_at > opportunity.updated_at).toBe(true);
    expect(await read(system.api, seller.access, 'tasks', task.id)).toMatchObject({ title: 'Call them', account_id: null });
    expect(await read(system.api, seller.access, 'tasks', unrelated.id)).toEqual(unrelated);
    expect((await outboxEvents(system, opportunity.id)).map((e) => [e.type, e.data.version, e.data.account_id])).toEqual([
      ['opportunity.created', 1, account.id],
      ['opportunity.updated', 2, null],
    ]);
    expect((await outboxEvents(system, task.id)).map((e) => [e.type, e.data.version])).toEqual([
      ['task.created', 1],
      ['task.updated', 2],
    ]);
    expect((await outboxEvents(system, unrelated.id)).map((e) => e.type)).toEqual(['task.created']);
  });
});

