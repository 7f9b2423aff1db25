import { randomUUID } from 'node:crypto';
import { customFieldRoutes } from '../../src/custom-fields';
import { TenantQuotas } from '../../src/quotas/tenant-quotas';
import type { DataSource } from '@crm/platform';
import { createServiceApp, listen, type RunningServer } from '@crm/platform';
import { createLogger } from '@crm/platform';
import type { Caller } from '@crm/platform';
import { AUDIENCE, callerIn, internalToken, openCustomFieldsTestDatabase } from './helpers';

const BASE = '/api/things/custom-fields/';
const tenantA = randomUUID();
const tenantB = randomUUID();
const admin = callerIn(tenantA, 'admin', false);
const member = callerIn(tenantA, 'member', true);
const outsider = callerIn(tenantA, 'member', false);
const otherAdmin = callerIn(tenantB, 'admin', false);

let dataSource: DataSource, server: RunningServer;

beforeAll(async () => {
  dataSource = await openCustomFieldsTestDatabase('cftest_routes');
  // One second apart per write, so "then by creation" never depends on two requests' milliseconds.
  let tick = 0;
  const clock = () => new Date(Date.UTC(2026, 0, 1) + 1000 * tick++);
  const routes = customFieldRoutes({ dataSource, entity: 'thing', basePath: BASE, recordTable: 'things', clock, quotas: new TenantQuotas() });
  const app = createServiceApp({
    logger: createLogger('cftest', 'silent'),
    health: { draining: false },
    internalToken: { audience: AUDIENCE },
    routes,
  });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server?.close(100);
  await dataSource?.destroy();
});

async function call(caller: Caller, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'x-crm-internal-token': await internalToken(caller), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const create = (caller: Caller, body: Record<string, unknown>) => call(caller, 'POST', BASE, body);
const entryPath = (id: string) => `${BASE}${id}/`;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('custom-field definitions of an entity', () => {
  it('when an admin creates a definition, then 201 with the API entry and defaults filled in', async () => {
    const res = await create(admin, { key: 'budget', label: ' Budget ', field_type: 'number' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key: 'budget',
      label: 'Budget',
      field_type: 'number',
      options: [],
      is_required: false,
      is_filterable: false,
      display_order: 0,
      created_at: expect.stringMatching(ISO_MS),
    });
  });

  it('when an admin creates a dropdown, then its options are kept in order', async () => {
    const tier = { key: 'tier', label: 'Tier', field_type: 'dropdown', options: [{ value: 'gold', label: 'Gold' }, { value: 'silver', label: 'Silver' }], is_required: true, is_filterable: true, display_order: 5 };
    const res = await create(admin, tier);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(tier);
  });

  it('when the key is taken in the tenant and entity, then 409 on key; another tenant may use it', async () => {
    await create(admin, { key: 'region', label: 'Region', field_type: 'text' });
    const again = await create(admin, { key: 'region', label: 'Other', field_type: 'date' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'A custom field with this key already exists.',
      error: true,
      errors: { key: 'A custom field with this key already exists.' },
    });
    expect((await create(otherAdmin, { key: 'region', label: 'Region', field_type: 'text' })).status).toBe(201);
  });

  it('when the body is wrong, then 400 with a message on each field', async () => {
    const res = await create(admin, { key: '9lives', label: '', field_type: 'colour', is_required: 'yes', display_order: 1.5, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: true,
      errors: {
        key: expect.any(String),
        label: expect.any(String),
        field_type: 'Choose one of: text, number, date, checkbox, dropdown.',
        is_required: 'Must be true or false.',
        display_order: 'Must be a whole number.',
        extra: 'Unknown field.',
      },
    });
    // Past the range of a whole number it takes: that bound, not "not a whole number" (issue 35.12).
    for (const [displayOrder, message] of [[2 ** 31, 'Must be 2147483647 or less.'], [1e20, 'Must be 2147483647 or less.'], ['1', 'Must be a whole number.']] as const) {
      const res = await create(admin, { key: 'ordered', label: 'Ordered', field_type: 'text', display_order: displayOrder });
      expect(res.body).toEqual({ error: true, errors: { display_order: message } });
    }
    const missing = await create(admin, {});
    expect(missing.body.errors).toEqual({
      key: 'This field is required.',
      label: 'This field is required.',
      field_type: 'This field is required.',
    });
  });

  it('when a key breaks the pattern, then 400 on key', async () => {
    for (const key of ['Budget', '_x', 'a-b', 'a'.repeat(65), '']) {
      const res = await create(admin, { key, label: 'X', field_type: 'text' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['key']);
    }
    expect((await create(admin, { key: 'a'.repeat(64), label: 'X', field_type: 'text' })).status).toBe(201);
  });

  it('when options do not fit the type, then 400 on options', async () => {
    const none = await create(admin, { key: 'size', label: 'Size', field_type: 'dropdown' });
    expect(none.body).toEqual({ error: true, errors: { options: 'A dropdown needs at least one option.' } });
    const onText = await create(admin, { key: 'size', label: 'Size', field_type: 'text', options: [{ value: 'a', label: 'A' }] });
    expect(onText.body).toEqual({ error: true, errors: { options: 'Only dropdown fields have options.' } });
    const twice = await create(admin, {
      key: 'size',
      label: 'Size',
      field_type: 'dropdown',
      options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'Again' }],
    });
    expect(twice.body).toEqual({ error: true, errors: { options: 'Option values must be unique.' } });
    const shapeless = await create(admin, { key: 'size', label: 'Size', field_type: 'dropdown', options: ['a'] });
    expect(shapeless.status).toBe(400);
    expect(Object.keys(shapeless.body.errors)).toEqual(['options']);
  });

  it('when a member (even with sales access) writes, then 403 on POST, PATCH and DELETE', async () => {
    const { body: field } = await create(admin, { key: 'member_probe', label: 'Probe', field_type: 'text' });
    for (const caller of [member, outsider]) {
      expect((await create(caller, { key: 'mine', label: 'Mine', field_type: 'text' })).status).toBe(403);
      expect((await call(caller, 'PATCH', entryPath(field.id), { label: 'Changed' })).status).toBe(403);
      expect((await call(caller, 'DELETE', entryPath(field.id))).status).toBe(403);
    }
    const { body: list } = await call(admin, 'GET', BASE);
    expect(list.results.find((entry: { key: string }) => entry.key === 'member_probe').label).toBe('Probe');
    expect(list.results.some((entry: { key: string }) => entry.key === 'mine')).toBe(false);
  });

  it('when a member writes with a broken body or id, then still 403 (permission is checked first)', async () => {
    expect((await call(member, 'PATCH', entryPath('not-an-id'), { key: 'x' })).status).toBe(403);
    expect((await create(member, { nonsense: true })).status).toBe(403);
  });

  describe('the list', () => {
    const tenant = randomUUID();
    const listAdmin = callerIn(tenant, 'admin', false);
    const seller = callerIn(tenant, 'member', true);
    const bystander = callerIn(tenant, 'member', false);

    beforeAll(async () => {
      for (const [key, display_order] of [['third', 2], ['first', 0], ['second', 1], ['fourth', 2]] as const) {
        await create(listAdmin, { key, label: key, field_type: 'text', display_order });
      }
    });

    it('when read by an admin or a member with sales access, then the tenant’s entries by display order, then creation', async () => {
      for (const caller of [listAdmin, seller]) {
        const res = await call(caller, 'GET', BASE);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ count: 4, next: null, previous: null });
        expect(res.body.results.map((entry: { key: string }) => entry.key)).toEqual(['first', 'second', 'third', 'fourth']);
      }
    });

    it('when read by a member without sales access, then 403', async () => {
      const res = await call(bystander, 'GET', BASE);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    });

    it('when paged, then the envelope links the pages and keeps the order', async () => {
      const first = await call(listAdmin, 'GET', `${BASE}?page_size=3`);
      expect(first.body.results.map((entry: { key: string }) => entry.key)).toEqual(['first', 'second', 'third']);
      expect(first.body.next).toMatch(/page=2/);
      const second = await call(listAdmin, 'GET', `${BASE}?page_size=3&page=2`);
      expect(second.body).toMatchObject({ count: 4, next: null, results: [{ key: 'fourth' }] });
    });

    it('when the query has an unknown parameter or a bad page, then 400', async () => {
      expect((await call(listAdmin, 'GET', `${BASE}?colour=red`)).body).toEqual({ error: true, errors: { colour: 'Unknown field.' } });
      expect((await call(listAdmin, 'GET', `${BASE}?page=0`)).status).toBe(400);
    });

    it('when another tenant lists, then it sees none of these', async () => {
      const res = await call(callerIn(randomUUID(), 'admin', false), 'GET', BASE);
      expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });
  });

  describe('changing a definition', () => {
    it('when an admin patches some fields, then only those change', async () => {
      const { body: field } = await create(admin, { key: 'stage', label: 'Stage', field_type: 'text', display_order: 3 });
      const res = await call(admin, 'PATCH', entryPath(field.id), { label: 'Pipeline stage', is_filterable: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...field, label: 'Pipeline stage', is_filterable: true });
      const empty = await call(admin, 'PATCH', entryPath(field.id), {});
      expect(empty.body).toEqual(res.body);
    });

    it('when the patch sends key or field_type, then 400 on each, even unchanged, and nothing changes', async () => {
      const { body: field } = await create(admin, { key: 'fixed', label: 'Fixed', field_type: 'text' });
      const res = await call(admin, 'PATCH', entryPath(field.id), { key: 'fixed', field_type: 'number', label: 'New' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: true,
        errors: {
          key: 'The key of a custom field cannot be changed.',
          field_type: 'The type of a custom field cannot be changed.',
        },
      });
      const { body: list } = await call(admin, 'GET', `${BASE}?page_size=100`);
      expect(list.results.find((entry: { id: string }) => entry.id === field.id)).toEqual(field);
    });

    it('when the patch has unknown or server-set fields or wrong types, then 400 on them', async () => {
      const { body: field } = await create(admin, { key: 'typed', label: 'Typed', field_type: 'text' });
      const res = await call(admin, 'PATCH', entryPath(field.id), { id: randomUUID(), created_at: 'x', is_required: 1, label: null });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        id: 'Unknown field.',
        created_at: 'Unknown field.',
        is_required: 'Must be true or false.',
        label: 'Must be a string.',
      });
    });

    it('when options are patched, then they are checked against the stored type', async () => {
      const { body: drop } = await create(admin, { key: 'colour', label: 'Colour', field_type: 'dropdown', options: [{ value: 'red', label: 'Red' }] });
      const cleared = await call(admin, 'PATCH', entryPath(drop.id), { options: [] });
      expect(cleared.body).toEqual({ error: true, errors: { options: 'A dropdown needs at least one option.' } });
      const more = await call(admin, 'PATCH', entryPath(drop.id), { options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }] });
      expect(more.status).toBe(200);
      expect(more.body.options).toHaveLength(2);

      const { body: text } = await create(admin, { key: 'remark', label: 'Remark', field_type: 'text' });
      const onText = await call(admin, 'PATCH', entryPath(text.id), { options: [{ value: 'a', label: 'A' }] });
      expect(onText.body).toEqual({ error: true, errors: { options: 'Only dropdown fields have options.' } });
    });

    it('when the id is unknown, another tenant’s or malformed, then 404 on PATCH and DELETE, and theirs is untouched', async () => {
      const { body: theirs } = await create(otherAdmin, { key: 'theirs', label: 'Theirs', field_type: 'text' });
      for (const id of [randomUUID(), theirs.id, 'not-an-id', theirs.id.toUpperCase()]) {
        const patched = await call(admin, 'PATCH', entryPath(id), { label: 'Mine now' });
        expect(patched).toEqual({ status: 404, body: { detail: 'Not found.' } });
        expect((await call(admin, 'DELETE', entryPath(id))).status).toBe(404);
      }
      // A hidden id is a 404 before the body is read, so a bad body does not reveal it exists.
      expect((await call(admin, 'PATCH', entryPath(theirs.id), { key: 'x' })).status).toBe(404);
      const { body: list } = await call(otherAdmin, 'GET', `${BASE}?page_size=100`);
      expect(list.results.find((entry: { id: string }) => entry.id === theirs.id)).toEqual(theirs);
    });

    it('when the same definitions live under another entity, then they are not reachable here', async () => {
      const [row] = await dataSource.query(
        `INSERT INTO custom_field_definitions (tenant_id, entity, key, label, field_type) VALUES ($1, 'other', 'elsewhere', 'E', 'text') RETURNING id`,
        [tenantA],
      );
      expect((await call(admin, 'PATCH', entryPath(row.id), { label: 'X' })).status).toBe(404);
      expect((await call(admin, 'DELETE', entryPath(row.id))).status).toBe(404);
      expect((await create(admin, { key: 'elsewhere', label: 'Here', field_type: 'text' })).status).toBe(201);
    });
  });

  describe('deleting a definition', () => {
    it('when an admin deletes one, then 204, it is gone, and the tenant’s records lose that key only', async () => {
      const { body: field } = await create(admin, { key: 'doomed', label: 'Doomed', field_type: 'number' });
      const [mine] = await dataSource.query(
        `INSERT INTO things (tenant_id, custom_fields) VALUES ($1, '{"doomed": 1, "kept": "x"}') RETURNING id`,
        [tenantA],
      );
      const [other] = await dataSource.query(
        `INSERT INTO things (tenant_id, custom_fields) VALUES ($1, '{"doomed": 2}') RETURNING id`,
        [tenantB],
      );
      const res = await call(admin, 'DELETE', entryPath(field.id));
      expect(res).toEqual({ status: 204, body: undefined });

      const fieldsOf = async (id: string) => (await dataSource.query('SELECT custom_fields FROM things WHERE id = $1', [id]))[0].custom_fields;
      expect(await fieldsOf(mine.id)).toEqual({ kept: 'x' });
      expect(await fieldsOf(other.id)).toEqual({ doomed: 2 });
      expect((await call(admin, 'DELETE', entryPath(field.id))).status).toBe(404);
      // The key is free again.
      expect((await create(admin, { key: 'doomed', label: 'Back', field_type: 'text' })).status).toBe(201);
    });
  });
});
