import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

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
const RENEWAL = { key: 'renewal', label: 'Renewal', field_type: 'date', is_filterable: true, display_order: 4 };
const ACTIVE = { key: 'active', label: 'Active', field_type: 'checkbox', is_filterable: true, display_order: 5 };

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  for (const definition of [BUDGET, TIER, NOTE, RENEWAL, ACTIVE]) {
    const res = await system.api.post('/api/leads/custom-fields/', definition, { token: admin.access });
    if (res.status !== 201) throw new Error(`definition failed: ${res.status} ${res.text}`);
  }
});
afterAll(async () => {
  await system.stop();
});

const leadsWhere = async (query: string) => {
  const res = await system.api.get(`/api/leads/${query}`, { token: admin.access });
  return { status: res.status, body: res.body, names: (res.body.results ?? []).map((lead: { first_name: string }) => lead.first_name) };
};

describe('custom field definitions', () => {
  it('when an admin lists them, then they come in display order with every attribute', async () => {
    const res = await system.api.get('/api/leads/custom-fields/', { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.results.map((d: { key: string }) => d.key)).toEqual(['tier', 'budget', 'internal_note', 'renewal', 'active']);
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

  it('when a member tries to manage them, then 403; reading is allowed', async () => {
    const res = await system.api.post('/api/leads/custom-fields/', { key: 'x', label: 'X', field_type: 'text' }, { token: seller.access });
    expect(res.status).toBe(403);
    expect((await system.api.get('/api/leads/custom-fields/', { token: seller.access })).status).toBe(200);
  });

  it('when the key is taken, then 409; when it is malformed, then 400', async () => {
    expect((await system.api.post('/api/leads/custom-fields/', BUDGET, { token: admin.access })).status).toBe(409);
    const bad = await system.api.post('/api/leads/custom-fields/', { ...BUDGET, key: 'Bad Key' }, { token: admin.access });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('key');
  });

  it('when another tenant, or a malformed id, is used to change or delete a definition, then 404 and it stays', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const mine = (await system.api.get('/api/leads/custom-fields/', { token: admin.access })).body.results[0];
    for (const path of [`/api/leads/custom-fields/${mine.id}/`, '/api/leads/custom-fields/not-an-id/']) {
      expect((await system.api.patch(path, { label: 'Hijacked' }, { token: stranger.access })).status).toBe(404);
      expect((await system.api.delete(path, { token: stranger.access })).status).toBe(404);
    }
    expect((await system.api.get('/api/leads/custom-fields/', { token: stranger.access })).body.count).toBe(0);
    const still = (await system.api.get('/api/leads/custom-fields/', { token: admin.access })).body.results[0];
    expect(still).toEqual(mine);
  });

  it('when an admin changes a label, then 200; key and type cannot change', async () => {
    const created = await system.api.post('/api/leads/custom-fields/', { key: 'colour', label: 'Colour', field_type: 'text' }, { token: admin.access });
    const renamed = await system.api.patch(`/api/leads/custom-fields/${created.body.id}/`, { label: 'Color' }, { token: admin.access });
    expect(renamed.status).toBe(200);
    expect(renamed.body.label).toBe('Color');
    const retyped = await system.api.patch(`/api/leads/custom-fields/${created.body.id}/`, { field_type: 'number', key: 'hue' }, { token: admin.access });
    expect(retyped.status).toBe(400);
    expect(Object.keys(retyped.body.errors).sort()).toEqual(['field_type', 'key']);
    await system.api.delete(`/api/leads/custom-fields/${created.body.id}/`, { token: admin.access });
  });

  it('when the lead detail is read, then it carries the definitions', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Form' });
    const res = await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access });
    expect(res.body.custom_field_definitions.map((d: { key: string }) => d.key)).toEqual(['tier', 'budget', 'internal_note', 'renewal', 'active']);
  });
});

describe('custom field values on leads', () => {
  it('when values match their definitions, then they are stored and returned', async () => {
    const lead = await createLead(system.api, admin.access, {
      first_name: 'Valued',
      custom_fields: { budget: 1500.5, tier: 'gold', internal_note: 'likes tea', renewal: '2027-03-01', active: true },
    });
    expect(lead.custom_fields).toEqual({ budget: 1500.5, tier: 'gold', internal_note: 'likes tea', renewal: '2027-03-01', active: true });
  });

  it('when values are wrong, then 400 with a message per key under custom_fields', async () => {
    const res = await system.api.post(
      '/api/leads/',
      { first_name: 'Bad', custom_fields: { budget: 'lots', tier: 'bronze', renewal: '2027-02-30', active: 'yes', shoe_size: 44 } },
      { token: admin.access },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: true,
      errors: {
        custom_fields: {
          budget: expect.any(String),
          tier: expect.any(String),
          renewal: expect.any(String),
          active: expect.any(String),
          shoe_size: expect.any(String),
        },
      },
    });
  });

  it('when PATCH sends some custom fields, then the others are kept; null clears one', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Patchy', custom_fields: { budget: 10, tier: 'silver' } });
    const res = await system.api.patch(`/api/leads/${lead.id}/`, { custom_fields: { tier: 'gold', budget: null } }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.custom_fields).toEqual({ tier: 'gold' });
  });

  it('when a required field is defined, then a new lead without it is refused', async () => {
    const required = await system.api.post(
      '/api/leads/custom-fields/',
      { key: 'region', label: 'Region', field_type: 'text', is_required: true },
      { token: admin.access },
    );
    expect(required.status).toBe(201);
    const res = await system.api.post('/api/leads/', { first_name: 'No region' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ custom_fields: { region: expect.any(String) } });
    expect((await system.api.delete(`/api/leads/custom-fields/${required.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.post('/api/leads/', { first_name: 'No region' }, { token: admin.access })).status).toBe(201);
  });
});

describe('cf_ filters', () => {
  beforeAll(async () => {
    await createLead(system.api, admin.access, { first_name: 'CfTen', custom_fields: { budget: 10, tier: 'gold', active: true, renewal: '2027-01-01' } });
    await createLead(system.api, admin.access, { first_name: 'CfTenPointFive', custom_fields: { budget: 10.5, tier: 'silver', active: false } });
  });

  it.each([
    ['?cf_budget=10', ['CfTen']],
    ['?cf_budget=10.0', ['CfTen']],
    ['?cf_budget=10.5', ['CfTenPointFive']],
    ['?cf_tier=silver', ['CfTenPointFive']],
    ['?cf_active=true&search=cften', ['CfTen']],
    ['?cf_active=false', ['CfTenPointFive']],
    ['?cf_renewal=2027-01-01', ['CfTen']],
  ])('when filtered by %s, then the typed comparison picks the right leads', async (query, expected) => {
    const res = await leadsWhere(query);
    expect(res.status).toBe(200);
    expect(res.names).toEqual(expected);
  });

  it.each([
    ['?cf_internal_note=tea', 'cf_internal_note'],
    ['?cf_nothing=1', 'cf_nothing'],
    ['?cf_budget=ten', 'cf_budget'],
    ['?cf_tier=bronze', 'cf_tier'],
    ['?cf_active=maybe', 'cf_active'],
    ['?cf_renewal=tomorrow', 'cf_renewal'],
  ])('when the filter is %s, then 400 on %s', async (query, field) => {
    const res = await leadsWhere(query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('when a definition is deleted, then leads no longer carry its values', async () => {
    const field = await system.api.post('/api/leads/custom-fields/', { key: 'temp', label: 'Temp', field_type: 'text' }, { token: admin.access });
    const lead = await createLead(system.api, admin.access, { first_name: 'Temp', custom_fields: { temp: 'x', tier: 'gold' } });
    await system.api.delete(`/api/leads/custom-fields/${field.body.id}/`, { token: admin.access });
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.custom_fields).toEqual({ tier: 'gold' });
  });
});
