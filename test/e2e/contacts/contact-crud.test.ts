import { randomUUID } from 'node:crypto';
import { linkContactToLead } from '@crm/contacts';
import type { TestSystem } from '../../support/system';
import { eventually, registerTenant, serverDerived, type Member, type TenantAdmin } from '../../support/tenants';
import { addAccount, contactsDb, createContact, outboxEvents, TIMESTAMP } from './support';
import { startWithTenant } from '../../support/suite';
import { expectEachRefused } from '../../support/api-client';

let system: TestSystem, admin: TenantAdmin, seller: Member;
let account: { id: string; name: string };

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  // The seller's, so both may name it (a member names only accounts they may open).
  account = await addAccount(system, seller, 'Analytical Engines');
});
afterAll(() => system.stop());

const FULL_BODY = () => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0958',
  title: 'Head of Sales',
  account_id: account.id,
  linkedin_url: 'https://www.linkedin.com/in/ada',
  tags: ['vip', 'uk', 'vip'],
});

const detail = async (id: string, token = admin.access) => {
  const res = await system.api.get(`/api/contacts/${id}/`, { token });
  const { custom_field_definitions: _definitions, ...contact } = res.body;
  return { status: res.status, contact };
};

describe('creating a contact', () => {
  it('when the body is complete, then 201 with the full record, owned by the creator, its account named', async () => {
    const res = await system.api.post('/api/contacts/', FULL_BODY(), { token: seller.access });
    expect(res.status).toBe(201);
    // What was sent, normalised (e-mail lower-cased, tags once each, the account by name), and the owner.
    const { account_id: _accountId, ...sent } = FULL_BODY();
    const normalised = { email: 'ada@example.com', tags: ['vip', 'uk'], account: { id: account.id, name: 'Analytical Engines' } };
    expect(res.body).toEqual({ ...serverDerived(admin, seller), ...sent, ...normalised, owner: { id: seller.profileId, email: seller.email }, lead_ids: [] });
    expect((await detail(res.body.id)).contact).toEqual(res.body);
  });

  it('when only a first or a last name is given, then the rest is empty and the contact is standalone', async () => {
    const first = await createContact(system.api, admin.access, { first_name: 'Only' });
    const last = await createContact(system.api, admin.access, { last_name: 'Name', account_id: null });
    for (const contact of [first, last]) {
      expect(contact).toMatchObject({ email: null, phone: null, title: null, account: null, linkedin_url: null, tags: [], lead_ids: [] });
    }
    expect(last.first_name).toBeNull();
  });

  it('when neither first_name nor last_name is given, then 400 under non_field_errors', async () => {
    for (const body of [{ email: 'nobody@example.test', title: 'Nobody' }, { first_name: '  ', last_name: null }]) {
      const res = await system.api.post('/api/contacts/', body, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { non_field_errors: expect.any(String) } });
    }
  });

  it('when a field is unknown or has the wrong type, then 400 on each of them', async () => {
    await expectEachRefused(system.api, admin.access, '/api/contacts/', { first_name: 'X' }, { favourite_colour: 'red', email: 'not-an-email', tags: 'vip', phone: 'x'.repeat(33), last_name: 'y'.repeat(256), title: 42, account_id: 'not-a-uuid', owner_id: 5, linkedin_url: 'linkedin.com/in/ada' });
  });

  const LINKEDIN = 'https://www.linkedin.com/in/';
  it.each([
    { what: 'an ftp address', url: 'ftp://example.com/ada', status: 400 },
    { what: 'a javascript: address', url: 'javascript:alert(1)', status: 400 },
    { what: '256 characters long', url: LINKEDIN + 'a'.repeat(256 - LINKEDIN.length), status: 400 },
    { what: '255 characters long', url: LINKEDIN + 'a'.repeat(255 - LINKEDIN.length), status: 201 },
    { what: 'an http address', url: 'http://linkedin.com/in/ada', status: 201 },
    { what: 'blank', url: '', status: 201 },
  ])('when linkedin_url is $what, then $status', async ({ url, status }) => {
    const res = await system.api.post('/api/contacts/', { first_name: 'Linked', linkedin_url: url }, { token: admin.access });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.errors).toEqual({ linkedin_url: expect.any(String) });
    else expect(res.body.linkedin_url).toBe(url === '' ? null : url);
  });
});

describe('the owner of a contact', () => {
  it('when a member gives a contact to someone else, then 403; to themselves, then it is theirs', async () => {
    const res = await system.api.post('/api/contacts/', { first_name: 'X', owner_id: admin.profileId }, { token: seller.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    const own = await system.api.post('/api/contacts/', { first_name: 'X', owner_id: seller.profileId }, { token: seller.access });
    expect(own.status).toBe(201);
    const moved = await system.api.patch(`/api/contacts/${own.body.id}/`, { owner_id: admin.profileId }, { token: seller.access });
    expect(moved.status).toBe(403);
    expect((await detail(own.body.id)).contact.owner.id).toBe(seller.profileId);
  });

  it('when a member takes over a contact they created but someone else owns, then it is theirs', async () => {
    const contact = await createContact(system.api, seller.access, { first_name: 'Handed on' });
    const given = await system.api.patch(`/api/contacts/${contact.id}/`, { owner_id: admin.profileId }, { token: admin.access });
    expect(given.body.owner.id).toBe(admin.profileId);
    const taken = await system.api.patch(`/api/contacts/${contact.id}/`, { owner_id: seller.profileId }, { token: seller.access });
    expect(taken.status).toBe(200);
    expect(taken.body.owner).toEqual({ id: seller.profileId, email: seller.email });
  });
});

describe('the account of a contact', () => {
  it('when account_id names no account of this organisation, then 400 on account_id and nothing is stored', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const theirs = await addAccount(system, stranger, 'Their Co');
    const contact = await createContact(system.api, admin.access, { first_name: 'Linked', account_id: account.id });
    for (const id of [theirs.id, randomUUID()]) {
      const created = await system.api.post('/api/contacts/', { first_name: 'X', account_id: id }, { token: admin.access });
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ error: true, errors: { account_id: expect.any(String) } });
      const patched = await system.api.patch(`/api/contacts/${contact.id}/`, { account_id: id }, { token: admin.access });
      expect(patched.status).toBe(400);
      expect(patched.body.errors).toEqual({ account_id: expect.any(String) });
    }
    expect((await detail(contact.id)).contact.account).toEqual(account);
    const [row] = await contactsDb(system).query(`SELECT count(*)::int AS n FROM contacts WHERE account_id = $1`, [theirs.id]);
    expect(row.n).toBe(0);
  });

  it('when a member names an account they may not open, then 400 as for a random id, and its name is shown nowhere', async () => {
    const admins = await addAccount(system, admin, 'Admin Only Ltd');
    const contact = await createContact(system.api, seller.access, { first_name: 'Mine' });
    const created = await system.api.post('/api/contacts/', { first_name: 'X', account_id: admins.id }, { token: seller.access });
    const random = await system.api.post('/api/contacts/', { first_name: 'X', account_id: randomUUID() }, { token: seller.access });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(random.body);
    const patched = await system.api.patch(`/api/contacts/${contact.id}/`, { account_id: admins.id }, { token: seller.access });
    expect(patched.status).toBe(400);
    expect(patched.text).not.toContain('Admin Only');
    // Once it is the member's too, they may name it, at once.
    expect((await system.api.patch(`/api/accounts/${admins.id}/`, { assigned_to_id: seller.profileId }, { token: admin.access })).status).toBe(200);
    const named = await system.api.patch(`/api/contacts/${contact.id}/`, { account_id: admins.id }, { token: seller.access });
    expect(named.status).toBe(200);
    expect(named.body.account).toEqual({ id: admins.id, name: 'Admin Only Ltd' });
  });

  it('when the account and the owner are both wrong, then both are reported at once', async () => {
    const res = await system.api.post('/api/contacts/', { first_name: 'X', account_id: randomUUID(), owner_id: randomUUID() }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['account_id', 'owner_id']);
  });

  it('when the account is renamed, then the contact shows the new name as a change of its own (version, updated_at, contact.updated)', async () => {
    const renamed = await addAccount(system, admin, 'Old Name');
    const contact = await createContact(system.api, admin.access, { first_name: 'Renamed', account_id: renamed.id });
    expect(contact.account).toEqual({ id: renamed.id, name: 'Old Name' });
    expect((await system.api.patch(`/api/accounts/${renamed.id}/`, { name: 'New Name' }, { token: admin.access })).status).toBe(200);
    // The rename travels as account.updated: the contact follows once it is applied.
    const shown = await eventually(async () => {
      const { contact: now } = await detail(contact.id);
      return now.account.name === 'New Name' ? now : undefined;
    }, 15_000, 'the new name on the contact');
    expect(shown.account).toEqual({ id: renamed.id, name: 'New Name' });
    expect(shown.updated_at > contact.updated_at).toBe(true);
    const events = await outboxEvents(system, contact.id);
    expect(events.map((event) => event.type)).toEqual(['contact.created', 'contact.updated']);
    expect(events[1]!.data).toMatchObject({ account: { id: renamed.id, name: 'New Name' }, version: events[0]!.data.version + 1 });
  });

  it('when PATCH sets account_id to null, then the contact is standalone', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Leaving', account_id: account.id });
    const res = await system.api.patch(`/api/contacts/${contact.id}/`, { account_id: null }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.account).toBeNull();
  });
});

describe('reading, changing and deleting a contact', () => {
  it('when the contact is linked to leads, then lead_ids lists them, oldest link first', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Converted' });
    const [first, second] = [randomUUID(), randomUUID()];
    await linkContactToLead(contactsDb(system), admin.orgId, contact.id, first);
    await linkContactToLead(contactsDb(system), admin.orgId, contact.id, second);
    await linkContactToLead(contactsDb(system), admin.orgId, contact.id, first);
    expect((await detail(contact.id)).contact.lead_ids).toEqual([first, second]);
    const listed = await system.api.get('/api/contacts/?search=converted', { token: admin.access });
    expect(listed.body.results.find((c: { id: string }) => c.id === contact.id).lead_ids).toEqual([first, second]);
  });

  it('when PATCH sends some fields, then only those change', async () => {
    const contact = await createContact(system.api, admin.access, FULL_BODY());
    const res = await system.api.patch(`/api/contacts/${contact.id}/`, { phone: null, tags: ['new-tag'], title: 'CEO' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...contact, phone: null, tags: ['new-tag'], title: 'CEO', updated_at: expect.stringMatching(TIMESTAMP) });
    expect((await detail(contact.id)).contact).toEqual(res.body);
  });

  it('when PUT omits fields, then they go back to null or []; the owner stays', async () => {
    const contact = await createContact(system.api, admin.access, { ...FULL_BODY(), owner_id: seller.profileId });
    const res = await system.api.put(`/api/contacts/${contact.id}/`, { last_name: 'Byron' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...contact,
      first_name: null,
      last_name: 'Byron',
      email: null,
      phone: null,
      title: null,
      account: null,
      linkedin_url: null,
      tags: [],
      custom_fields: {},
      owner: { id: seller.profileId, email: seller.email },
      updated_at: expect.stringMatching(TIMESTAMP),
    });
  });

  it('when PATCH would leave no name, then 400 and nothing changes', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Solo', email: 'solo@example.test' });
    const res = await system.api.patch(`/api/contacts/${contact.id}/`, { first_name: '' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { non_field_errors: expect.any(String) } });
    expect((await detail(contact.id)).contact.first_name).toBe('Solo');
  });

  it('when a contact is deleted, then 204 with no body, and it and its lead links are gone', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Doomed' });
    await linkContactToLead(contactsDb(system), admin.orgId, contact.id, randomUUID());
    const res = await system.api.delete(`/api/contacts/${contact.id}/`, { token: admin.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).status).toBe(404);
    expect((await system.api.delete(`/api/contacts/${contact.id}/`, { token: admin.access })).status).toBe(404);
    const [row] = await contactsDb(system).query(
      `SELECT (SELECT count(*) FROM contacts WHERE id = $1)::int AS contacts, (SELECT count(*) FROM contact_leads WHERE contact_id = $1)::int AS links`,
      [contact.id],
    );
    expect(row).toEqual({ contacts: 0, links: 0 });
  });
});

