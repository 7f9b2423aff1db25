import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

/**
 * Lead duplicate checks (api-contract §4): `POST /api/leads/duplicates/` and
 * `GET /api/leads/<id>/duplicates/`. Each test works in its own tenant, so what it finds is its own.
 */
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

interface Tenant {
  admin: TenantAdmin;
  seller: Member;
  clerk: Member;
}

async function tenant(): Promise<Tenant> {
  const admin = await registerTenant(system.api);
  const seller = await addMember(system.api, admin, true);
  const clerk = await addMember(system.api, admin, false);
  return { admin, seller, clerk };
}

const check = (token: string, body: unknown) => system.api.post('/api/leads/duplicates/', body, { token });
const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe('POST /api/leads/duplicates/', () => {
  it('when an e-mail differs only in case, then it matches, as an entry of exactly six fields', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0018',
    });
    const res = await check(admin.access, { email: 'ADA@Example.TEST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: lead.id, name: 'Ada Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0018', matched_on: ['email'], can_delete: true },
    ]);
  });

  it('when a phone is written another way, then it matches on its last 10 digits; fewer than 7 digits never match', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, { company_name: 'Phones Inc', phone: '+1 (555) 010-2030' });
    await createLead(system.api, admin.access, { company_name: 'Short', phone: '12-34' });
    expect(ids((await check(admin.access, { phone: '555.010.2030' })).body)).toEqual([lead.id]);
    expect(ids((await check(admin.access, { phone: '0044 1 555 010 2030' })).body)).toEqual([lead.id]);
    expect((await check(admin.access, { phone: '555 010 2031' })).body).toEqual([]);
    expect((await check(admin.access, { phone: '1234' })).body).toEqual([]);
    const [entry] = (await check(admin.access, { phone: '5550102030' })).body;
    expect(entry.matched_on).toEqual(['phone']);
    expect(entry.name).toBe('Phones Inc');
  });

  it('when first and last name are both equal ignoring case, then the name matches; one of them alone does not', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, { first_name: 'Grace', last_name: 'Hopper' });
    await createLead(system.api, admin.access, { first_name: 'Grace', last_name: 'Kelly' });
    const res = await check(admin.access, { first_name: 'grace', last_name: 'HOPPER' });
    expect(ids(res.body)).toEqual([lead.id]);
    expect(res.body[0].matched_on).toEqual(['name']);
    expect((await check(admin.access, { first_name: 'Grace' })).body).toEqual([]);
  });

  it('when a person name is given, then the company does not count; without one it does', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, { company_name: 'Initech' });
    expect(ids((await check(admin.access, { company_name: 'INITECH' })).body)).toEqual([lead.id]);
    expect((await check(admin.access, { company_name: 'Initech', first_name: 'Peter' })).body).toEqual([]);
    expect((await check(admin.access, { company_name: 'Initech', last_name: 'Gibbons' })).body).toEqual([]);
    const [entry] = (await check(admin.access, { company_name: 'initech' })).body;
    expect(entry).toMatchObject({ name: 'Initech', matched_on: ['company'] });
  });

  it('when several criteria match one lead, then matched_on lists each of them in a fixed order', async () => {
    const { admin } = await tenant();
    await createLead(system.api, admin.access, { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test', phone: '0161 496 0000' });
    const [entry] = (await check(admin.access, { email: 'alan@example.test', phone: '+44 161 496 0000', first_name: 'Alan', last_name: 'Turing' })).body;
    expect(entry.matched_on).toEqual(['email', 'phone', 'name']);
  });

  it('when more than ten leads match, then the ten newest come, newest first', async () => {
    const { admin } = await tenant();
    const created = [];
    for (let i = 0; i < 12; i += 1) created.push(await createLead(system.api, admin.access, { first_name: `Same ${i}`, email: 'same@example.test' }));
    const res = await check(admin.access, { email: 'same@example.test' });
    expect(ids(res.body)).toEqual(created.slice(2).reverse().map((lead) => lead.id));
  });

  it('when a lead is converted, then it is no longer a duplicate', async () => {
    const { admin } = await tenant();
    const open = await createLead(system.api, admin.access, { first_name: 'Open', last_name: 'One', email: 'pair@example.test' });
    const converted = await createLead(system.api, admin.access, { first_name: 'Closed', last_name: 'One', email: 'pair@example.test' });
    const conversion = await system.api.put(`/api/leads/${converted.id}/`, { first_name: 'Closed', last_name: 'One', email: 'pair@example.test', status: 'converted' }, { token: admin.access });
    expect(conversion.status).toBe(200);
    expect(ids((await check(admin.access, { email: 'pair@example.test' })).body)).toEqual([open.id]);
  });

  it('when a member checks, then only leads they may open are listed (never counted), with can_delete for their own only', async () => {
    const { admin, seller } = await tenant();
    const email = 'shared@example.test';
    const adminOnly = await createLead(system.api, admin.access, { first_name: 'Hidden', email });
    const assigned = await createLead(system.api, admin.access, { first_name: 'Assigned', email, assigned_to_id: seller.profileId });
    const own = await createLead(system.api, seller.access, { first_name: 'Own', email });
    const res = await check(seller.access, { email });
    expect(res.status).toBe(200);
    expect(res.body.map((entry: any) => [entry.id, entry.can_delete])).toEqual([
      [own.id, true],
      [assigned.id, false],
    ]);
    expect(ids((await check(admin.access, { email })).body)).toEqual([own.id, assigned.id, adminOnly.id]);
    expect((await check(admin.access, { email })).body.every((entry: any) => entry.can_delete)).toBe(true);
  });

  it('when another tenant has a matching lead, then it is never listed', async () => {
    const mine = await tenant();
    const theirs = await tenant();
    await createLead(system.api, theirs.admin.access, { first_name: 'Theirs', email: 'cross@example.test' });
    expect((await check(mine.admin.access, { email: 'cross@example.test' })).body).toEqual([]);
    expect((await check(theirs.admin.access, { email: 'cross@example.test' })).body).toHaveLength(1);
  });

  it('when an API token has only leads:read, then the check is allowed; with only leads:write it is not', async () => {
    const { admin } = await tenant();
    await createLead(system.api, admin.access, { first_name: 'Scoped', email: 'scope@example.test' });
    const reader = await system.api.post('/api/auth/api-tokens/', { name: 'reader', scopes: ['leads:read'] }, { token: admin.access });
    const writer = await system.api.post('/api/auth/api-tokens/', { name: 'writer', scopes: ['leads:write'] }, { token: admin.access });
    const allowed = await check(reader.body.token, { email: 'scope@example.test' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toHaveLength(1);
    expect((await check(writer.body.token, { email: 'scope@example.test' })).status).toBe(403);
  });

  it('when a check runs, then it is counted in the read bucket and writes nothing', async () => {
    const { admin } = await tenant();
    await createLead(system.api, admin.access, { first_name: 'Counted', email: 'count@example.test' });
    const outboxBefore = await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM outbox`);
    const before = await system.api.get('/api/leads/', { token: admin.access });
    const res = await check(admin.access, { email: 'count@example.test' });
    expect(res.headers.get('ratelimit-policy')).toBe(before.headers.get('ratelimit-policy'));
    const after = await system.api.get('/api/leads/', { token: admin.access });
    expect(after.body).toEqual(before.body);
    expect(await system.services.leads!.dataSource.query(`SELECT count(*)::int AS n FROM outbox`)).toEqual(outboxBefore);
  });

  it.each([
    ['an empty body', {}, 'non_field_errors'],
    ['only blank fields', { email: '', first_name: '  ' }, 'non_field_errors'],
    ['an unknown field', { email: 'a@example.test', nickname: 'x' }, 'nickname'],
    ['a malformed e-mail', { email: 'not-an-address' }, 'email'],
    ['a number for a name', { first_name: 5 }, 'first_name'],
    ['a name over 255 characters', { first_name: 'x'.repeat(256) }, 'first_name'],
  ])('when the body has %s, then 400 on that field', async (_label, body, field) => {
    const { admin } = await tenant();
    const res = await check(admin.access, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('when the body is not a JSON object, then 400', async () => {
    const { admin } = await tenant();
    expect((await check(admin.access, ['a@example.test'])).status).toBe(400);
    const raw = await system.api.post('/api/leads/duplicates/', undefined, {
      token: admin.access,
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
  });

  it('when a member without sales access checks, then 403', async () => {
    const { clerk } = await tenant();
    const res = await check(clerk.access, { email: 'a@example.test' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('GET /api/leads/<id>/duplicates/', () => {
  it('when a lead has duplicates, then they are listed by what the lead holds, never the lead itself', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, { first_name: 'Marie', last_name: 'Curie', email: 'marie@example.test', phone: '+33 1 23 45 67 89' });
    const byEmail = await createLead(system.api, admin.access, { first_name: 'M.', email: 'MARIE@example.test' });
    const byPhone = await createLead(system.api, admin.access, { company_name: 'Radium', phone: '0033 (1) 23-45-67-89' });
    const byName = await createLead(system.api, admin.access, { first_name: 'marie', last_name: 'curie' });
    await createLead(system.api, admin.access, { first_name: 'Pierre', last_name: 'Curie' });
    const res = await system.api.get(`/api/leads/${lead.id}/duplicates/`, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.map((entry: any) => [entry.id, entry.matched_on])).toEqual([
      [byName.id, ['name']],
      [byPhone.id, ['phone']],
      [byEmail.id, ['email']],
    ]);
  });

  it('when a lead has a person name, then its company is not looked for', async () => {
    const { admin } = await tenant();
    const lead = await createLead(system.api, admin.access, { first_name: 'Solo', company_name: 'Umbrella' });
    await createLead(system.api, admin.access, { company_name: 'Umbrella' });
    expect((await system.api.get(`/api/leads/${lead.id}/duplicates/`, { token: admin.access })).body).toEqual([]);
    const companyOnly = await createLead(system.api, admin.access, { company_name: 'umbrella' });
    const res = await system.api.get(`/api/leads/${companyOnly.id}/duplicates/`, { token: admin.access });
    expect(res.body).toHaveLength(2);
    expect(res.body.every((entry: any) => entry.matched_on.join() === 'company')).toBe(true);
  });

  it('when the lead is one a member may not open, then 404 as for a random id', async () => {
    const { admin, seller } = await tenant();
    const hidden = await createLead(system.api, admin.access, { first_name: 'Hidden' });
    const res = await system.api.get(`/api/leads/${hidden.id}/duplicates/`, { token: seller.access });
    const random = await system.api.get(`/api/leads/${randomUUID()}/duplicates/`, { token: seller.access });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(random.body);
  });
});
