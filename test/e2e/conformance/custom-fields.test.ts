import { outboxEvents } from '../../support/events';
import type { TestSystem } from '../../support/system';
import { registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { ENTITIES } from './entities';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * Custom fields on every entity (api-contract §3): definitions per tenant and entity at
 * `/api/<entity>/custom-fields/`, values checked on every write, `cf_<key>` filters compared by type,
 * the definitions in the detail, a deleted definition's values gone. The cases run for all five entities
 * (`entities.ts`).
 */
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
const KEYS_IN_ORDER = ['tier', 'budget', 'internal_note', 'renewal', 'active'];

let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

describe.each(ENTITIES)('custom fields of $path', (entity) => {
  const records = `/api/${entity.path}/`;
  const definitions = `${records}custom-fields/`;
  const body = (label: string, customFields?: unknown) => ({ [entity.labelField]: label, ...(customFields === undefined ? {} : { custom_fields: customFields }) });
  const labels = (page: { results?: Record<string, string>[] }) => (page.results ?? []).map((record) => record[entity.labelField]);
  const keys = (page: { results: { key: string }[] }) => page.results.map((definition) => definition.key);

  const create = (token: string, label: string, customFields?: Record<string, unknown>): Promise<any> => createdRecord(system.api, records, body(label, customFields), token);

  beforeAll(async () => {
    for (const definition of [BUDGET, TIER, NOTE, RENEWAL, ACTIVE]) await createdRecord(system.api, definitions, definition, admin.access);
  });

  describe('definitions', () => {
    it('when an admin lists them, then they come in display order with every attribute', async () => {
      const res = await system.api.get(definitions, { token: admin.access });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(keys(res.body)).toEqual(KEYS_IN_ORDER);
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

    it('when a field is defined on this entity only, then the others neither list nor accept it; the same key may exist on another with its own type', async () => {
      const separate = await registerTenant(system.api, 'Separate');
      const field = await system.api.post(definitions, { key: 'duns', label: 'DUNS', field_type: 'text' }, { token: separate.access });
      expect(field.status).toBe(201);
      const [stored] = await system.services[entity.service]!.dataSource.query(`SELECT entity FROM custom_field_definitions WHERE id = $1`, [field.body.id]);
      expect(stored).toEqual({ entity: entity.entity });
      expect((await create(separate.access, 'Has DUNS', { duns: '123' })).custom_fields).toEqual({ duns: '123' });
      const others = ENTITIES.filter((other) => other !== entity);
      for (const other of others) {
        expect((await system.api.get(`/api/${other.path}/custom-fields/`, { token: separate.access })).body.count).toBe(0);
        const res = await system.api.post(`/api/${other.path}/`, { [other.labelField]: 'X', custom_fields: { duns: '123' } }, { token: separate.access });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ custom_fields: { duns: expect.any(String) } });
      }
      const next = others[0]!;
      const numeric = await system.api.post(`/api/${next.path}/custom-fields/`, { key: 'duns', label: 'DUNS count', field_type: 'number' }, { token: separate.access });
      expect(numeric.status).toBe(201);
      for (const [duns, status] of [['123', 400], [123, 201]] as const) {
        const res = await system.api.post(`/api/${next.path}/`, { [next.labelField]: 'Counted', custom_fields: { duns } }, { token: separate.access });
        expect(res.status).toBe(status);
      }
    });

    it('when a member tries to manage them, then 403; reading is allowed', async () => {
      const res = await system.api.post(definitions, { key: 'x', label: 'X', field_type: 'text' }, { token: seller.access });
      expect(res.status).toBe(403);
      const mine = (await system.api.get(definitions, { token: admin.access })).body.results[0];
      expect((await system.api.patch(`${definitions}${mine.id}/`, { label: 'No' }, { token: seller.access })).status).toBe(403);
      expect((await system.api.delete(`${definitions}${mine.id}/`, { token: seller.access })).status).toBe(403);
      expect((await system.api.get(definitions, { token: seller.access })).status).toBe(200);
    });

    it('when the key is taken, then 409; when it is malformed, then 400', async () => {
      expect((await system.api.post(definitions, BUDGET, { token: admin.access })).status).toBe(409);
      const bad = await system.api.post(definitions, { ...BUDGET, key: 'Bad Key' }, { token: admin.access });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('key');
    });

    it('when another tenant, or a malformed id, is used to change or delete a definition, then 404 and it stays', async () => {
      const mine = (await system.api.get(definitions, { token: admin.access })).body.results[0];
      for (const path of [`${definitions}${mine.id}/`, `${definitions}not-an-id/`]) {
        expect((await system.api.patch(path, { label: 'Hijacked' }, { token: stranger.access })).status).toBe(404);
        expect((await system.api.delete(path, { token: stranger.access })).status).toBe(404);
      }
      expect((await system.api.get(definitions, { token: stranger.access })).body.count).toBe(0);
      expect((await system.api.get(definitions, { token: admin.access })).body.results[0]).toEqual(mine);
    });

    it('when an admin changes a label at the Location of its create, then 200; key and type cannot change', async () => {
      const created = await system.api.post(definitions, { key: 'colour', label: 'Colour', field_type: 'text' }, { token: admin.access });
      expect(created.headers.get('location')).toBe(`${definitions}${created.body.id}/`);
      const renamed = await system.api.patch(created.headers.get('location')!, { label: 'Color' }, { token: admin.access });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: created.body.id, label: 'Color' });
      const retyped = await system.api.patch(`${definitions}${created.body.id}/`, { field_type: 'number', key: 'hue' }, { token: admin.access });
      expect(retyped.status).toBe(400);
      expect(Object.keys(retyped.body.errors).sort()).toEqual(['field_type', 'key']);
      expect((await system.api.delete(`${definitions}${created.body.id}/`, { token: admin.access })).status).toBe(204);
    });

    it('when the detail is read, by a member or an admin, then it carries this entity’s definitions', async () => {
      const record = await create(seller.access, 'Form');
      for (const token of [seller.access, admin.access]) {
        const res = await system.api.get(`${records}${record.id}/`, { token });
        expect(keys({ results: res.body.custom_field_definitions })).toEqual(KEYS_IN_ORDER);
      }
    });
  });

  describe('values', () => {
    it('when values match their definitions, then they are stored and returned', async () => {
      const values = { budget: 1500.5, tier: 'gold', internal_note: 'likes tea', renewal: '1815-12-10', active: true };
      const record = await create(admin.access, 'Valued', values);
      expect(record.custom_fields).toEqual(values);
      expect((await system.api.get(`${records}${record.id}/`, { token: admin.access })).body.custom_fields).toEqual(values);
    });

    it('when values are wrong, then 400 with a message per key under custom_fields', async () => {
      const wrong = { budget: 'lots', tier: 'bronze', renewal: '2027-02-30', active: 'yes', shoe_size: 44 };
      const res = await system.api.post(records, body('Bad', wrong), { token: admin.access });
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
      const res = await system.api.post(records, body('Bad', ['budget']), { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ custom_fields: expect.any(String) });
    });

    it('when PATCH sends some custom fields, then the others are kept; null clears one; another field leaves them be', async () => {
      const record = await create(admin.access, 'Patchy', { budget: 10, tier: 'silver', internal_note: 'x' });
      const res = await system.api.patch(`${records}${record.id}/`, { custom_fields: { tier: 'gold', budget: null } }, { token: admin.access });
      expect(res.status).toBe(200);
      expect(res.body.custom_fields).toEqual({ tier: 'gold', internal_note: 'x' });
      const other = await system.api.patch(`${records}${record.id}/`, { tags: ['t'] }, { token: admin.access });
      expect(other.body.custom_fields).toEqual({ tier: 'gold', internal_note: 'x' });
    });

    it('when PUT sends custom fields, then they replace the old set; without any, none are left', async () => {
      const record = await create(admin.access, 'Put', { budget: 10, tier: 'silver' });
      const replaced = await system.api.put(`${records}${record.id}/`, body('Put', { budget: 3 }), { token: admin.access });
      expect(replaced.body.custom_fields).toEqual({ budget: 3 });
      const bare = await system.api.put(`${records}${record.id}/`, body('Put'), { token: admin.access });
      expect(bare.body.custom_fields).toEqual({});
      // Left with a false checkbox for the cf_ filters below.
      const unchecked = await system.api.put(`${records}${record.id}/`, body('Put', { active: false }), { token: admin.access });
      expect(unchecked.body.custom_fields).toEqual({ active: false });
    });

    it('when PUT resends the same custom fields in another key order, then nothing changes and no event is written', async () => {
      // Stored as jsonb, which keeps its own key order (shorter keys first): the body's order differs from it.
      const record = await create(admin.access, 'Ordered', { tier: 'gold', budget: 1, internal_note: 'a' });
      const res = await system.api.put(`${records}${record.id}/`, body('Ordered', { internal_note: 'a', budget: 1, tier: 'gold' }), { token: admin.access });
      expect(res.status).toBe(200);
      expect(res.body.updated_at).toBe(record.updated_at);
      expect((await outboxEvents(system, entity.service, record.id)).map((event) => event.type)).toEqual([`${entity.entity}.created`]);
    });

    it('when a required field is defined, then a new record without it is refused', async () => {
      const required = await system.api.post(definitions, { key: 'region', label: 'Region', field_type: 'text', is_required: true }, { token: admin.access });
      expect(required.status).toBe(201);
      const res = await system.api.post(records, body('No region'), { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ custom_fields: { region: expect.any(String) } });
      expect((await system.api.delete(`${definitions}${required.body.id}/`, { token: admin.access })).status).toBe(204);
      expect((await system.api.post(records, body('No region'), { token: admin.access })).status).toBe(201);
    });
  });

  describe('cf_ filters', () => {
    const where = (query: string, token = admin.access) => system.api.get(`${records}${query}`, { token });

    beforeAll(async () => {
      await create(admin.access, 'CfTen', { budget: 10, tier: 'gold', active: true, renewal: '2027-01-01' });
      await create(admin.access, 'CfTenPointFive', { budget: 10.5, tier: 'silver', active: false });
      await create(seller.access, 'CfSellers', { budget: 10, tier: 'gold' });
    });

    // Newest first; with the records the value cases above stored: Valued (gold, active), Put (not active).
    it.each([
      ['?cf_budget=10', ['CfSellers', 'CfTen']],
      ['?cf_budget=10.0', ['CfSellers', 'CfTen']],
      ['?cf_budget=10.5', ['CfTenPointFive']],
      ['?cf_tier=silver', ['CfTenPointFive']],
      ['?cf_tier=silver&search=cften', ['CfTenPointFive']],
      ['?cf_tier=gold&cf_active=true', ['CfTen', 'Valued']],
      ['?cf_active=true&search=cften', ['CfTen']],
      ['?cf_active=false', ['CfTenPointFive', 'Put']],
      ['?cf_active=false&search=cften', ['CfTenPointFive']],
      ['?cf_renewal=2027-01-01', ['CfTen']],
      ['?cf_budget=10&search=cften', ['CfTen']],
      ['?cf_budget=10&cf_tier=silver', []],
      ['?cf_budget__gte=10.5', ['CfTenPointFive', 'Valued']],
      ['?cf_budget__lte=10', ['CfSellers', 'CfTen', 'Ordered']],
      ['?cf_budget__gte=10&cf_budget__lte=10.5', ['CfSellers', 'CfTenPointFive', 'CfTen']],
      ['?cf_budget__gte=1e3', ['Valued']],
      ['?cf_renewal__lte=2000-01-01', ['Valued']],
      ['?cf_renewal__gte=2027-01-01&cf_tier=gold', ['CfTen']],
    ])('when filtered by %s, then the typed comparison picks the right records', async (query, expected) => {
      const res = await where(query);
      expect(res.status).toBe(200);
      expect(labels(res.body)).toEqual(expected);
      expect(res.body.count).toBe(expected.length);
    });

    it.each([
      ['?cf_internal_note=tea', 'cf_internal_note'],
      ['?cf_nothing=1', 'cf_nothing'],
      ['?cf_budget=ten', 'cf_budget'],
      ['?cf_tier=bronze', 'cf_tier'],
      ['?cf_active=maybe', 'cf_active'],
      ['?cf_renewal=tomorrow', 'cf_renewal'],
      ['?cf_budget=1&cf_budget=2', 'cf_budget'],
      ['?cf_tier__gte=gold', 'cf_tier__gte'],
      ['?cf_active__lte=true', 'cf_active__lte'],
      ['?cf_budget__gte=ten', 'cf_budget__gte'],
      ['?cf_renewal__lte=2027-02-30', 'cf_renewal__lte'],
      ['?cf_nothing__gte=1', 'cf_nothing__gte'],
    ])('when the filter is %s, then 400 on %s', async (query, field) => {
      const res = await where(query);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    });

    it('when a member filters, then only records they may open match', async () => {
      const res = await where('?cf_budget=10', seller.access);
      expect(res.body).toEqual({ count: 1, next: null, previous: null, results: [expect.objectContaining({ [entity.labelField]: 'CfSellers' })] });
    });

    it('when a definition is deleted, then records no longer carry its values', async () => {
      const field = await system.api.post(definitions, { key: 'temp', label: 'Temp', field_type: 'text' }, { token: admin.access });
      const record = await create(admin.access, 'Temp', { temp: 'x', tier: 'gold' });
      expect((await system.api.delete(`${definitions}${field.body.id}/`, { token: admin.access })).status).toBe(204);
      expect((await system.api.get(`${records}${record.id}/`, { token: admin.access })).body.custom_fields).toEqual({ tier: 'gold' });
    });
  });
});
