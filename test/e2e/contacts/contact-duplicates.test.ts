import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact } from './support';

/**
 * Contact duplicate checks (api-contract §4): `POST /api/contacts/duplicates/` and
 * `GET /api/contacts/<id>/duplicates/`. Each test works in its own tenant.
 */
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

async function tenant(): Promise<{ admin: TenantAdmin; seller: Member; clerk: Member }> {
  const admin = await registerTenant(system.api);
  const seller = await addMember(system.api, admin, true);
  const clerk = await addMember(system.api, admin, false);
  return { admin, seller, clerk };
}

const check = (token: string, body: unknown) => system.api.post('/api/contacts/duplicates/', body, { token });
const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe('POST /api/contacts/duplicates/', () => {
  it('when e-mail, phone and full name match, then one entry of exactly six fields says so', async () => {
    const { admin } = await tenant();
    const contact = await createContact(system.api, admin.access, {
      first_name: 'Katherine',
      last_name: 'Johnson',
      email: 'kj@example.test',
      phone: '(757) 864-1000',
    });
    const res = await check(admin.access, { email: 'KJ@example.test', phone: '+1 757 864 1000', first_name: 'katherine', last_name: 'JOHNSON' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: contact.id, name: 'Katherine Johnson', email: 'kj@example.test', phone: '(757) 864-1000', matched_on: ['email', 'phone', 'name'], can_delete: true },
    ]);
  });

  it('when only a first name, a short phone or a company is given, then nothing matches', async () => {
    const { admin } = await tenant();
    await createContact(system.api, admin.access, { first_name: 'Dorothy', last_name: 'Vaughan', phone: '123' });
    expect((await check(admin.access, { first_name: 'Dorothy' })).body).toEqual([]);
    expect((await check(admin.access, { phone: '123' })).body).toEqual([]);
    const company = await check(admin.access, { company_name: 'NASA' });
    expect(company.status).toBe(400);
    expect(company.body.errors).toHaveProperty('company_name');
  });

  it('when more than ten match, then the ten newest the caller may open come; hidden ones are not counted', async () => {
    const { admin, seller } = await tenant();
    const visible = [];
    for (let i = 0; i < 11; i += 1) {
      await createContact(system.api, admin.access, { first_name: `Hidden ${i}`, email: 'crowd@example.test' });
      visible.push(await createContact(system.api, seller.access, { first_name: `Seen ${i}`, email: 'crowd@example.test' }));
    }
    const res = await check(seller.access, { email: 'crowd@example.test' });
    expect(ids(res.body)).toEqual(visible.slice(1).reverse().map((contact) => contact.id));
    expect((await check(admin.access, { email: 'crowd@example.test' })).body).toHaveLength(10);
  });

  it('when another tenant holds a match, then it is not listed', async () => {
    const mine = await tenant();
    const theirs = await tenant();
    await createContact(system.api, theirs.admin.access, { first_name: 'Other', email: 'elsewhere@example.test' });
    expect((await check(mine.admin.access, { email: 'elsewhere@example.test' })).body).toEqual([]);
  });

  it('when an API token has only contacts:read, then it may check; a member without sales access may not', async () => {
    const { admin, clerk } = await tenant();
    const reader = await system.api.post('/api/auth/api-tokens/', { name: 'reader', scopes: ['contacts:read'] }, { token: admin.access });
    expect((await check(reader.body.token, { email: 'x@example.test' })).status).toBe(200);
    expect((await check(clerk.access, { email: 'x@example.test' })).status).toBe(403);
  });

  it('when the body is empty or malformed, then 400', async () => {
    const { admin } = await tenant();
    expect((await check(admin.access, {})).status).toBe(400);
    expect((await check(admin.access, { email: 'nope' })).body.errors).toHaveProperty('email');
  });
});

describe('GET /api/contacts/<id>/duplicates/', () => {
  it('when a contact has duplicates, then they come newest first, never the contact itself', async () => {
    const { admin } = await tenant();
    const contact = await createContact(system.api, admin.access, { first_name: 'Mary', last_name: 'Jackson', email: 'mj@example.test' });
    const older = await createContact(system.api, admin.access, { first_name: 'MARY', last_name: 'jackson' });
    const newer = await createContact(system.api, admin.access, { first_name: 'M', email: 'mj@example.test' });
    const res = await system.api.get(`/api/contacts/${contact.id}/duplicates/`, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.map((entry: any) => [entry.id, entry.matched_on])).toEqual([
      [newer.id, ['email']],
      [older.id, ['name']],
    ]);
  });

  it('when a member may not open the contact, then 404 as for a random id', async () => {
    const { admin, seller } = await tenant();
    const hidden = await createContact(system.api, admin.access, { first_name: 'Hidden' });
    const res = await system.api.get(`/api/contacts/${hidden.id}/duplicates/`, { token: seller.access });
    expect(res.status).toBe(404);
    expect(res.body).toEqual((await system.api.get(`/api/contacts/${randomUUID()}/duplicates/`, { token: seller.access })).body);
  });
});
