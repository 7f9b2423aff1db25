import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { create, read, type EntityPath } from './support';

/**
 * Custom fields of accounts, opportunities and tasks (api-contract §5): definitions per tenant and entity at
 * `/api/<entity>/custom-fields/`, values validated on every write, `cf_<key>` filters typed, definitions
 * in the detail, a deleted definition's values gone.
 */
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

const ENTITIES = ['accounts', 'opportunities', 'tasks'] as const;
const named = (entity: EntityPath, label: string, extra: Record<string, unknown> = {}) => ({
  ...(entity === 'tasks' ? { title: label } : { name: label }),
  ...extra,
});
const labels = (body: { results?: { name?: string; title?: string }[] }) => (body.results ?? []).map((r) => r.name ?? r.title);

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  for (const entity of ENTITIES) {
    for (const definition of [BUDGET, TIER, NOTE, RENEWAL, ACTIVE]) {
      const res = await system.api.post(`/api/${entity}/custom-fields/`, definition, { token: admin.access });
      if (res.status !== 201) throw new Error(`definition failed: ${res.status} ${res.text}`);
    }
  }
});
afterAll(async () => {
  await system.stop();
});

describe.each(ENTITIES)('custom field definitions of %s', (entity) => {
  const base = `/api/${entity}/custom-fields/`;

  it('when an admin lists them, then they come in display order with every attribute', async () => {
    const res = await system.api.get(base, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
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
    const res = await system.api.post(base, { key: 'x', label: 'X', field_type: 'text' }, { token: seller.access });
    expect(res.status).toBe(403);
    const mine = (await system.api.get(base, { token: admin.access })).body.results[0];
    expect((await system.api.patch(`${base}${mine.id}/`, { label: 'No' }, { token: seller.access })).status).toBe(403);
    expect((await system.api.delete(`${base}${mine.id}/`, { token: seller.access })).status).toBe(403);
    expect((await system.api.get(base, { token: seller.access })).status).toBe(200);
  });

  it('when the key is taken, then 409; when it is malformed, then 400', async () => {
    expect((await system.api.post(base, BUDGET, { token: admin.access })).status).toBe(409);
    const bad = await system.api.post(base, { ...BUDGET, key: 'Bad Key' }, { token: admin.access });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('key');
  });

  it('when another tenant changes or deletes a definition, then 404 and it stays', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const mine = (await system.api.get(base, { token: admin.access })).body.results[0];
    expect((await system.api.patch(`${base}${mine.id}/`, { label: 'Hijacked' }, { token: stranger.access })).status).toBe(404);
    expect((await system.api.delete(`${base}${mine.id}/`, { token: stranger.access })).status).toBe(404);
    expect((await system.api.get(base, { token: stranger.access })).body.count).toBe(0);
    expect((await system.api.get(base, { token: admin.access })).body.results[0]).toEqual(mine);
  });

  it('when the detail is read, then it carries this entity’s definitions', async () => {
    const record = await create(system.api, admin.access, entity, named(entity, 'Form'));
    const res = await system.api.get(`/api/${entity}/${record.id}/`, { token: admin.access });
    expect(res.body.custom_field_definitions.map((d: { key: string }) => d.key)).toEqual(['tier', 'budget', 'internal_note', 'renewal', 'active']);
  });
});

describe('definitions are per entity', () => {
  it('when a field is defined on accounts only, then opportunities and tasks neither list nor accept it', async () => {
    const field = await system.api.post('/api/accounts/custom-fields/', { key: 'duns', label: 'DUNS', field_type: 'text' }, { token: admin.access });
    expect(field.status).toBe(201);
    const account = await create(system.api, admin.access, 'accounts', { name: 'Has DUNS', custom_fields: { duns: '123' } });
    expect(account.custom_fields).toEqual({ duns: '123' });
    for (const entity of ['opportunities', 'tasks'] as const) {
      const keys = (await system.api.get(`/api/${entity}/custom-fields/`, { token: admin.access })).body.results.map((d: { key: string }) => d.key);
      expect(keys).not.toContain('duns');
      const res = await system.api.post(`/api/${entity}/`, named(entity, 'X', { custom_fields: { duns: '123' } }), { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ custom_fields: { duns: expect.any(String) } });
    }
    // The same key may exist on another entity, with its own type.
    const other = await system.api.post('/api/tasks/custom-fields/', { key: 'duns', label: 'DUNS count', field_type: 'number' }, { token: admin.access });
    expect(other.status).toBe(201);
    expect((await system.api.post('/api/tasks/', { title: 'T', custom_fields: { duns: '123' } }, { token: admin.access })).status).toBe(400);
    expect((await system.api.post('/api/tasks/', { title: 'T', custom_fields: { duns: 123 } }, { token: admin.access })).status).toBe(201);
    await system.api.delete(`/api/tasks/custom-fields/${other.body.id}/`, { token: admin.access });
    await system.api.delete(`/api/accounts/custom-fields/${field.body.id}/`, { token: admin.access });
  });
});

describe.each(ENTITIES)('custom field values on %s', (entity) => {
  it('when values match their definitions, then they are stored and returned', async () => {
    const values = { budget: 1500.5, tier: 'gold', internal_note: 'likes tea', renewal: '2027-03-01', active: true };
    const record = await create(system.api, admin.access, entity, named(entity, 'Valued', { custom_fields: values }));
    expect(record.custom_fields).toEqual(values);
    expect((await read(system.api, admin.access, entity, record.id)).custom_fields).toEqual(values);
  });

  it('when values are wrong, then 400 with a message per key under custom_fields', async () => {
    const res = await system.api.post(
      `/api/${entity}/`,
      named(entity, 'Bad', { custom_fields: { budget: 'lots', tier: 'bronze', renewal: '2027-02-30', active: 'yes', shoe_size: 44 } }),
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

  it('when custom_fields is not an object, then 400 on custom_fields', async () => {
    const res = await system.api.post(`/api/${entity}/`, named(entity, 'Bad', { custom_fields: ['budget'] }), { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ custom_fields: expect.any(String) });
  });

  it('when PATCH sends some custom fields, then the others are kept; null clears one; PUT replaces them all', async () => {
    const record = await create(system.api, admin.access, entity, named(entity, 'Patchy', { custom_fields: { budget: 10, tier: 'silver', active: false } }));
    const res = await system.api.patch(`/api/${entity}/${record.id}/`, { custom_fields: { tier: 'gold', budget: null } }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.custom_fields).toEqual({ tier: 'gold', active: false });
    const other = await system.api.patch(`/api/${entity}/${record.id}/`, { tags: ['t'] }, { token: admin.access });
    expect(other.body.custom_fields).toEqual({ tier: 'gold', active: false });
    const put = await system.api.put(`/api/${entity}/${record.id}/`, named(entity, 'Patchy', { custom_fields: { budget: 3 } }), { token: admin.access });
    expect(put.body.custom_fields).toEqual({ budget: 3 });
    const bare = await system.api.put(`/api/${entity}/${record.id}/`, named(entity, 'Patchy'), { token: admin.access });
    expect(bare.body.custom_fields).toEqual({});
  });

  it('when a required field is defined, then a new record without it is refused', async () => {
    const base = `/api/${entity}/custom-fields/`;
    const required = await system.api.post(base, { key: 'region', label: 'Region', field_type: 'text', is_required: true }, { token: admin.access });
    expect(required.status).toBe(201);
    const res = await system.api.post(`/api/${entity}/`, named(entity, 'No region'), { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ custom_fields: { region: expect.any(String) } });
    expect((await system.api.delete(`${base}${required.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.post(`/api/${entity}/`, named(entity, 'No region'), { token: admin.access })).status).toBe(201);
  });

  it('when a definition is deleted, then records no longer carry its values', async () => {
    const base = `/api/${entity}/custom-fields/`;
    const field = await system.api.post(base, { key: 'temp', label: 'Temp', field_type: 'text' }, { token: admin.access });
    const record = await create(system.api, admin.access, entity, named(entity, 'Temp', { custom_fields: { temp: 'x', tier: 'gold' } }));
    expect((await system.api.delete(`${base}${field.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await read(system.api, admin.access, entity, record.id)).custom_fields).toEqual({ tier: 'gold' });
  });
});

describe.each(ENTITIES)('cf_ filters on %s', (entity) => {
  beforeAll(async () => {
    await create(system.api, admin.access, entity, named(entity, `CfTen ${entity}`, { custom_fields: { budget: 10, tier: 'gold', active: true, renewal: '2027-01-01' } }));
    await create(system.api, admin.access, entity, named(entity, `CfTenPointFive ${entity}`, { custom_fields: { budget: 10.5, tier: 'silver', active: false } }));
  });
  const where = (query: string) => system.api.get(`/api/${entity}/${query}`, { token: admin.access });

  it.each([
    ['?cf_budget=10', ['CfTen']],
    ['?cf_budget=10.0', ['CfTen']],
    ['?cf_budget=10.5', ['CfTenPointFive']],
    ['?cf_tier=silver&search=cften', ['CfTenPointFive']],
    ['?cf_active=true&search=cften', ['CfTen']],
    ['?cf_active=false&search=cften', ['CfTenPointFive']],
    ['?cf_renewal=2027-01-01', ['CfTen']],
    ['?cf_budget=10&cf_tier=silver', []],
  ])('when filtered by %s, then the typed comparison picks the right records', async (query, expected) => {
    const res = await where(query);
    expect(res.status).toBe(200);
    expect(labels(res.body)).toEqual(expected.map((label) => `${label} ${entity}`));
  });

  it.each([
    ['?cf_internal_note=tea', 'cf_internal_note'],
    ['?cf_nothing=1', 'cf_nothing'],
    ['?cf_budget=ten', 'cf_budget'],
    ['?cf_tier=bronze', 'cf_tier'],
    ['?cf_active=maybe', 'cf_active'],
    ['?cf_renewal=tomorrow', 'cf_renewal'],
  ])('when the filter is %s, then 400 on %s', async (query, field) => {
    const res = await where(query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('when a member filters, then only records they may open match', async () => {
    const res = await system.api.get(`/api/${entity}/?cf_budget=10`, { token: seller.access });
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
