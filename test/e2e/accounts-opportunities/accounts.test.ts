import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { auditEntries, create, outboxEvents, read, serviceDb, TIMESTAMP, UUID } from './support';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
});
afterAll(async () => {
  await system.stop();
});

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
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Analytical Engines Ltd',
      industry: 'Computing',
      website: 'https://engines.example.com/about',
      email: 'sales@engines.example.com',
      phone: '+44 20 7946 0958',
      billing_city: 'London',
      billing_country: 'United Kingdom',
      assigned_to: { id: seller.profileId, email: seller.email },
      tags: ['vip', 'uk'],
      custom_fields: {},
      org: admin.orgId,
      created_by: seller.profileId,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
  });

  it('when only a name is given, then every other field is empty', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Bare' });
    expect(account).toMatchObject({
      industry: null,
      website: null,
      email: null,
      phone: null,
      billing_city: null,
      billing_country: null,
      tags: [],
      custom_fields: {},
      assigned_to: { id: admin.profileId, email: admin.email },
    });
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

  it.each(['id', 'org', 'created_by', 'created_at', 'updated_at', 'assigned_to', 'version', 'custom_field_definitions'])(
    'when the server-derived field %s is in the body, then 400 on that field and nothing is created',
    async (field) => {
      const before = await system.api.get('/api/accounts/', { token: admin.access });
      const res = await system.api.post('/api/accounts/', { name: 'X', [field]: 'anything' }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { [field]: expect.any(String) } });
      expect((await system.api.get('/api/accounts/', { token: admin.access })).body.count).toBe(before.body.count);
    },
  );

  it('when fields are unknown or malformed, then 400 on each of them', async () => {
    const res = await system.api.post(
      '/api/accounts/',
      {
        name: 'X',
        annual_revenue: 5,
        website: 'ftp://files.example.com',
        email: 'not-an-email',
        phone: '1'.repeat(33),
        industry: 'i'.repeat(256),
        billing_city: 7,
        tags: 'vip',
        assigned_to_id: 'someone',
      },
      { token: admin.access },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['annual_revenue', 'assigned_to_id', 'billing_city', 'email', 'industry', 'phone', 'tags', 'website'].sort(),
    );
  });

  it.each(['engines.example.com', 'javascript:alert(1)', 'https://', 'mailto:a@b.test'])(
    'when the website is %s, then 400 on website: http(s) URLs only',
    async (website) => {
      const res = await system.api.post('/api/accounts/', { name: 'X', website }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ website: expect.any(String) });
    },
  );

  it('when the body is not a JSON object, then 400', async () => {
    for (const rawBody of ['[1,2]', '"text"', '{"name": ']) {
      const res = await system.api.post('/api/accounts/', undefined, { token: admin.access, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
  });
});

describe('assigning an account', () => {
  it('when an admin assigns it to a member, then the member owns it and the admin created it', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Assigned', assigned_to_id: seller.profileId });
    expect(account.assigned_to).toEqual({ id: seller.profileId, email: seller.email });
    expect(account.created_by).toBe(admin.profileId);
  });

  it('when the profile is not of this organisation, then 400 on assigned_to_id', async () => {
    const other = await registerTenant(system.api, 'Other');
    for (const id of [other.profileId, randomUUID()]) {
      const res = await system.api.post('/api/accounts/', { name: 'X', assigned_to_id: id }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ assigned_to_id: expect.any(String) });
    }
  });

  it('when a member assigns an account to someone else, then 403; to themselves, then 201', async () => {
    const res = await system.api.post('/api/accounts/', { name: 'X', assigned_to_id: admin.profileId }, { token: seller.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    const own = await system.api.post('/api/accounts/', { name: 'X', assigned_to_id: seller.profileId }, { token: seller.access });
    expect(own.status).toBe(201);
  });

  it('when a member reassigns their account to someone else, then 403 and it keeps its owner', async () => {
    const account = await create(system.api, seller.access, 'accounts', { name: 'Mine' });
    const res = await system.api.patch(`/api/accounts/${account.id}/`, { assigned_to_id: admin.profileId }, { token: seller.access });
    expect(res.status).toBe(403);
    expect((await read(system.api, admin.access, 'accounts', account.id)).assigned_to.id).toBe(seller.profileId);
  });
});

describe('reading, changing and deleting an account', () => {
  it('when the detail is read, then it is the record plus the custom field definitions', async () => {
    const account = await create(system.api, admin.access, 'accounts', FULL_BODY);
    const res = await system.api.get(`/api/accounts/${account.id}/`, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...account, custom_field_definitions: [] });
  });

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
      industry: null,
      website: null,
      email: null,
      phone: null,
      billing_city: null,
      billing_country: null,
      tags: [],
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

  it('when PATCH or PUT carries a server-derived or unknown field, then 400 on it', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'X' });
    for (const method of ['patch', 'put'] as const) {
      const res = await system.api[method](`/api/accounts/${account.id}/`, { name: 'Y', created_by: admin.profileId, colour: 'red' }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['colour', 'created_by']);
    }
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

  it('when an account is deleted, then 204 with no body and it is gone', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Doomed' });
    const res = await system.api.delete(`/api/accounts/${account.id}/`, { token: admin.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await system.api.get(`/api/accounts/${account.id}/`, { token: admin.access })).status).toBe(404);
    const [row] = await serviceDb(system).query('SELECT count(*)::int AS n FROM accounts WHERE id = $1', [account.id]);
    expect(row.n).toBe(0);
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

describe('account events', () => {
  it('when an account is created, changed and deleted, then account.created, account.updated and account.deleted reach the audit log', async () => {
    const account = await create(system.api, seller.access, 'accounts', { name: 'Evented', tags: ['a'] });
    await system.api.patch(`/api/accounts/${account.id}/`, { name: 'Evented Ltd' }, { token: seller.access });
    await system.api.delete(`/api/accounts/${account.id}/`, { token: seller.access });
    const log = await auditEntries(system, admin, account.id, 3);
    expect(log.map((entry) => entry.type)).toEqual(['account.created', 'account.updated', 'account.deleted']);
    expect(log[0].data).toEqual({ ...account, version: 1 });
    expect(log[1].data).toMatchObject({ id: account.id, name: 'Evented Ltd', version: 2 });
    expect(log[2].data).toEqual({ id: account.id, assigned_to: [seller.profileId], version: 3, merged_into: null });
    expect(log[2].actor).toEqual({ user_id: expect.any(String), profile_id: seller.profileId });
  });

  it('when a PATCH or PUT changes nothing, then no event is written and the record is unchanged', async () => {
    const account = await create(system.api, admin.access, 'accounts', { name: 'Still', tags: ['a'], industry: 'Tea' });
    const patch = await system.api.patch(`/api/accounts/${account.id}/`, { name: 'Still', tags: ['a'] }, { token: admin.access });
    expect(patch.body).toEqual(account);
    const put = await system.api.put(`/api/accounts/${account.id}/`, { name: 'Still', tags: ['a'], industry: 'Tea' }, { token: admin.access });
    expect(put.body).toEqual(account);
    expect((await outboxEvents(system, account.id)).map((e) => e.type)).toEqual(['account.created']);
  });
});
