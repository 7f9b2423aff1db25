import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact, outboxEvents } from './support';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;

const BUDGET = { key: 'budget', label: 'Budget', field_type: 'number', is_filterable: true, display_order: 2 };
const TIER = {
  key: 'tier',
  label: 'Tier',
  field_type: 'dropdown',
  options: [
    { value: 'gold', label: 'Gold' },
    { value: 'silver', label: 'Silver' },
  ],
  is_filterable: true,
  display_order: 1,
};
const NOTE = { key: 'internal_note', label: 'Internal note', field_type: 'text', display_order: 3 };
const BIRTHDAY = { key: 'birthday', label: 'Birthday', field_type: 'date', is_filterable: true, display_order: 4 };
const NEWSLETTER = { key: 'newsletter', label: 'Newsletter', field_type: 'checkbox', is_filterable: true, display_order: 5 };
const KEYS_IN_ORDER = ['tier', 'budget', 'internal_note', 'birthday', 'newsletter'];

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  for (const definition of [BUDGET, TIER, NOTE, BIRTHDAY, NEWSLETTER]) {
    const res = await system.api.post('/api/contacts/custom-fields/', definition, { token: admin.access });
    if (res.status !== 201) throw new Error(`definition failed: ${res.status} ${res.text}`);
  }
});
afterAll(async () => {
  await system.stop();
});

const contactsWhere = async (query: string) => {
  const res = await system.api.get(`/api/contacts/${query}`, { token: admin.access });
  return { status: res.status, body: res.body, names: (res.body.results ?? []).map((contact: { first_name: string }) => contact.first_name) };
};

describe('contact custom field definitions', () => {
  it('when an admin lists them, then they come in display order with every attribute', async () => {
    const res = await system.api.get('/api/contacts/custom-fields/', { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.results.map((d: { key: string }) => d.key)).toEqual(KEYS_IN_ORDER);
    expect(res.body.results[0]).toEqual({
      id: expect.any(String),
      key: 'tier',
      label: 'Tier',
      field_type: 'dropdown',
      options: TIER.options,
      is_required: false,
      is_filterable: true,
      display_order: 1,
      created_at: expect.any(String),
    });
  });

  it('when they are defined for contacts, then leads do not have them (each entity its own)', async () => {
    expect((await system.api.get('/api/leads/custom-fields/', { token: admin.access })).body.count).toBe(0);
  });

  it('when a member tries to manage them, then 403; reading is allowed', async () => {
    const res = await system.api.post('/api/contacts/custom-fields/', { key: 'x', label: 'X', field_type: 'text' }, { token: seller.access });
    expect(res.status).toBe(403);
    expect((await system.api.get('/api/contacts/custom-fields/', { token: seller.access })).status).toBe(200);
  });

  it('when the key is taken, then 409; when it is malformed, then 400', async () => {
    expect((await system.api.post('/api/contacts/custom-fields/', BUDGET, { token: admin.access })).status).toBe(409);
    const bad = await system.api.post('/api/contacts/custom-fields/', { ...BUDGET, key: 'Bad Key' }, { token: admin.access });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('key');
  });

  it('when another tenant changes or deletes a definition, then 404 and it stays', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const mine = (await system.api.get('/api/contacts/custom-fields/', { token: admin.access })).body.results[0];
    for (const path of [`/api/contacts/custom-fields/${mine.id}/`, '/api/contacts/custom-fields/not-an-id/']) {
      expect((await system.api.patch(path, { label: 'Hijacked' }, { token: stranger.access })).status).toBe(404);
      expect((await system.api.delete(path, { token: stranger.access })).status).toBe(404);
    }
    expect((await system.api.get('/api/contacts/custom-fields/', { token: admin.access })).body.results[0]).toEqual(mine);
  });

  it('when the contact detail is read, then it carries the definitions', async () => {
    const contact = await createContact(system.api, seller.access, { first_name: 'Form' });
    const res = await system.api.get(`/api/contacts/${contact.id}/`, { token: seller.access });
    expect(res.body.custom_field_definitions.map((d: { key: string }) => d.key)).toEqual(KEYS_IN_ORDER);
  });
});

describe('custom field values on contacts', () => {
  it('when values match their definitions, then they are stored and returned', async () => {
    const values = { budget: 1500.5, tier: 'gold', internal_note: 'likes tea', birthday: '1815-12-10', newsletter: true };
    const contact = await createContact(system.api, admin.access, { first_name: 'Valued', custom_fields: values });
    expect(contact.custom_fields).toEqual(values);
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).body.custom_fields).toEqual(values);
  });

  it('when values are wrong, then 400 with a message per key under custom_fields', async () => {
    const res = await system.api.post(
      '/api/contacts/',
      { first_name: 'Bad', custom_fields: { budget: 'lots', tier: 'bronze', birthday: '2027-02-30', newsletter: 'yes', shoe_size: 44 } },
      { token: admin.access },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: true,
      errors: {
        custom_fields: {
          budget: expect.any(String),
          tier: expect.any(String),
          birthday: expect.any(String),
          newsletter: expect.any(String),
          shoe_size: expect.any(String),
        },
      },
    });
  });

  it('when PATCH sends some custom fields, then the others are kept; null clears one', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Patchy', custom_fields: { budget: 10, tier: 'silver', internal_note: 'x' } });
    const res = await system.api.patch(`/api/contacts/${contact.id}/`, { custom_fields: { tier: 'gold', budget: null } }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.custom_fields).toEqual({ tier: 'gold', internal_note: 'x' });
    const other = await system.api.patch(`/api/contacts/${contact.id}/`, { title: 'CTO' }, { token: admin.access });
    expect(other.body.custom_fields).toEqual({ tier: 'gold', internal_note: 'x' });
  });

  it('when PUT sends custom fields, then they replace the old set', async () => {
    const contact = await createContact(system.api, admin.access, { first_name: 'Put', custom_fields: { budget: 10, tier: 'silver' } });
    const res = await system.api.put(`/api/contacts/${contact.id}/`, { first_name: 'Put', custom_fields: { newsletter: false } }, { token: admin.access });
    expect(res.body.custom_fields).toEqual({ newsletter: false });
  });

  it('when PUT resends the same custom fields in another key order, then nothing changes and no event is written', async () => {
    // Stored as jsonb, which keeps its own key order (shorter keys first): the body's order differs from it.
    const contact = await createContact(system.api, admin.access, { first_name: 'Ordered', custom_fields: { tier: 'gold', budget: 1, internal_note: 'a' } });
    const res = await system.api.put(
      `/api/contacts/${contact.id}/`,
      { first_name: 'Ordered', custom_fields: { internal_note: 'a', budget: 1, tier: 'gold' } },
      { token: admin.access },
    );
    expect(res.status).toBe(200);
    expect(res.body.updated_at).toBe(contact.updated_at);
    expect((await outboxEvents(system, contact.id)).map((event) => event.type)).toEqual(['contact.created']);
  });

  it('when a required field is defined, then a contact without it is refused', async () => {
    const required = await system.api.post(
      '/api/contacts/custom-fields/',
      { key: 'region', label: 'Region', field_type: 'text', is_required: true },
      { token: admin.access },
    );
    expect(required.status).toBe(201);
    const res = await system.api.post('/api/contacts/', { first_name: 'No region' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ custom_fields: { region: expect.any(String) } });
    expect((await system.api.delete(`/api/contacts/custom-fields/${required.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.post('/api/contacts/', { first_name: 'No region' }, { token: admin.access })).status).toBe(201);
  });
});

describe('cf_ filters', () => {
  beforeAll(async () => {
    await createContact(system.api, admin.access, { first_name: 'CfTen', custom_fields: { budget: 10, tier: 'gold', newsletter: true, birthday: '1990-01-01' } });
    await createContact(system.api, admin.access, { first_name: 'CfTenPointFive', custom_fields: { budget: 10.5, tier: 'silver', newsletter: false } });
    await createContact(system.api, seller.access, { first_name: 'CfSellers', custom_fields: { budget: 10, tier: 'gold' } });
  });

  it.each([
    ['?cf_budget=10', ['CfSellers', 'CfTen']],
    ['?cf_budget=10.0', ['CfSellers', 'CfTen']],
    ['?cf_budget=10.5', ['CfTenPointFive']],
    ['?cf_tier=silver', ['CfTenPointFive']],
    // With the contacts the value tests above stored: Valued (gold, newsletter), Put (no newsletter).
    ['?cf_tier=gold&cf_newsletter=true', ['CfTen', 'Valued']],
    ['?cf_newsletter=false', ['CfTenPointFive', 'Put']],
    ['?cf_birthday=1990-01-01', ['CfTen']],
    ['?cf_budget=10&search=cften', ['CfTen']],
  ])('when filtered by %s, then the typed comparison picks the right contacts', async (query, expected) => {
    const res = await contactsWhere(query);
    expect(res.status).toBe(200);
    expect(res.names).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it('when a member filters, then only what they may open matches', async () => {
    const res = await system.api.get('/api/contacts/?cf_budget=10', { token: seller.access });
    expect(res.body.results.map((contact: { first_name: string }) => contact.first_name)).toEqual(['CfSellers']);
    expect(res.body.count).toBe(1);
  });

  it.each([
    ['?cf_internal_note=tea', 'cf_internal_note'],
    ['?cf_nothing=1', 'cf_nothing'],
    ['?cf_budget=ten', 'cf_budget'],
    ['?cf_tier=bronze', 'cf_tier'],
    ['?cf_newsletter=maybe', 'cf_newsletter'],
    ['?cf_birthday=tomorrow', 'cf_birthday'],
    ['?cf_budget=1&cf_budget=2', 'cf_budget'],
  ])('when the filter is %s, then 400 on %s', async (query, field) => {
    const res = await contactsWhere(query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('when a definition is deleted, then contacts no longer carry its values', async () => {
    const field = await system.api.post('/api/contacts/custom-fields/', { key: 'temp', label: 'Temp', field_type: 'text' }, { token: admin.access });
    const contact = await createContact(system.api, admin.access, { first_name: 'Temp', custom_fields: { temp: 'x', tier: 'gold' } });
    expect((await system.api.delete(`/api/contacts/custom-fields/${field.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).body.custom_fields).toEqual({ tier: 'gold' });
  });
});
