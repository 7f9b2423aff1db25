import { DEFAULT_TENANT_QUOTAS } from '@crm/records';
import { applyTenantQuotas, parseQuotaChanges } from '@crm/system';
import { bodyOf, ENTITIES } from '../conformance/entities';
import { csv, csvForm, upload } from '../import-export/support';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

/**
 * Per-tenant quotas through the gateway (docs/security.md §10.5, api-contract §11): with small overrides set
 * for a tenant as the operator's command sets them, each quota refuses the write past it with 403
 * `{detail, code: "quota_exceeded"}` and writes nothing; two creates racing for the last place do not both
 * pass; an import past the quota is refused whole; other tenants keep the defaults; admins read the usage.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

/** Sets `tenant`'s overrides as `npm run tenant-quotas -- <tenant> ...changes` does, through the services' own databases. */
const setQuotas = (tenant: TenantAdmin, ...changes: string[]) =>
  applyTenantQuotas(
    Object.fromEntries(Object.entries(system.services).map(([name, service]) => [name, service.dataSource])),
    tenant.orgId,
    parseQuotaChanges(changes),
    DEFAULT_TENANT_QUOTAS,
  );

const expectQuotaRefusal = (res: { status: number; body: any }) => {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ detail: expect.stringContaining('quota'), code: 'quota_exceeded' });
};

/** How many of the collection the tenant holds, as its list counts them. */
const countOf = async (admin: TenantAdmin | Member, path: string): Promise<number> => {
  const res = await system.api.get(path, { token: admin.access });
  expect(res.status).toBe(200);
  return res.body.count;
};

describe.each(ENTITIES)('the $path quota', (entity) => {
  const base = `/api/${entity.path}/`;
  let admin: TenantAdmin;
  beforeAll(async () => {
    admin = await registerTenant(system.api, `Quota ${entity.path}`);
    await setQuotas(admin, `${entity.path}=2`, 'custom_fields=1', 'file_bytes=100');
  });
  const create = (label: string) => system.api.post(base, bodyOf(entity, label), { token: admin.access });

  it('when the tenant holds its limit of records, then a create is 403 quota_exceeded and nothing is written; a delete makes room', async () => {
    expect((await create('one')).status).toBe(201);
    const second = await create('two');
    expect(second.status).toBe(201);
    expectQuotaRefusal(await create('three'));
    expect(await countOf(admin, base)).toBe(2);
    expect((await system.api.delete(`${base}${second.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await create('three again')).status).toBe(201);
  });

  it('when two creates race for the last place, then one passes and the other is refused', async () => {
    await setQuotas(admin, `${entity.path}=3`);
    const answers = await Promise.all([create('racer a'), create('racer b')]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 403]);
    expect(await countOf(admin, base)).toBe(3);
  });

  it('when the tenant holds its limit of custom fields, then a definition more is 403 and none is stored', async () => {
    const definitions = `${base}custom-fields/`;
    expect((await system.api.post(definitions, { key: 'first', label: 'First', field_type: 'text' }, { token: admin.access })).status).toBe(201);
    expectQuotaRefusal(await system.api.post(definitions, { key: 'second', label: 'Second', field_type: 'text' }, { token: admin.access }));
    expect(await countOf(admin, definitions)).toBe(1);
  });

  it('when a file would take the tenant past its bytes, then the upload is 403 and no file is stored', async () => {
    const [record] = (await system.api.get(base, { token: admin.access })).body.results;
    const attach = (bytes: number) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'file.bin');
      return system.api.post(`${base}${record.id}/attachments/`, undefined, { token: admin.access, rawBody: form });
    };
    expect((await attach(60)).status).toBe(201);
    expectQuotaRefusal(await attach(41));
    expect((await attach(40)).status).toBe(201);
    expect(await countOf(admin, `${base}${record.id}/attachments/`)).toBe(2);
  });
});

describe('an import past the quota', () => {
  it('when its rows would take the tenant past its leads, then the commit is 403 and no row is imported', async () => {
    const admin = await registerTenant(system.api, 'Quota import');
    await setQuotas(admin, 'leads=3');
    expect((await system.api.post('/api/leads/', { first_name: 'Kept' }, { token: admin.access })).status).toBe(201);
    const three = csv([['first_name'], ['Ada'], ['Alan'], ['Grace']]);
    expectQuotaRefusal(await upload(system.api, '/api/leads/import/commit/', admin.access, csvForm(three)));
    expect(await countOf(admin, '/api/leads/')).toBe(1);
    const two = csv([['first_name'], ['Ada'], ['Alan']]);
    expect((await upload(system.api, '/api/leads/import/commit/', admin.access, csvForm(two))).status).toBe(201);
    expect(await countOf(admin, '/api/leads/')).toBe(3);
  });
});

describe('web forms and API tokens', () => {
  let admin: TenantAdmin;
  beforeAll(async () => {
    admin = await registerTenant(system.api, 'Quota forms');
    await setQuotas(admin, 'web_forms=1', 'api_tokens=1');
  });

  it('when the tenant holds its limit of web forms, then a form more is 403 and none is stored', async () => {
    expect((await system.api.post('/api/web-forms/', { name: 'Contact us' }, { token: admin.access })).status).toBe(201);
    expectQuotaRefusal(await system.api.post('/api/web-forms/', { name: 'Second' }, { token: admin.access }));
    expect(await countOf(admin, '/api/web-forms/')).toBe(1);
  });

  it("when a visitor's submission would create a lead past the quota, then 403 and neither the lead nor the submission is stored", async () => {
    await setQuotas(admin, 'leads=0');
    const [form] = (await system.api.get('/api/web-forms/', { token: admin.access })).body.results;
    expectQuotaRefusal(await system.api.post(`/api/public/web-forms/${form.public_key}/submissions/`, { first_name: 'Ada', email: 'ada@visitor.test' }));
    expect(await countOf(admin, '/api/leads/')).toBe(0);
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(0);
  });

  it("when the tenant's members hold its limit of live API tokens, then another member's token is 403; a revoke makes room", async () => {
    const member = await addMember(system.api, admin, true);
    const first = await system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['leads:read'] }, { token: admin.access });
    expect(first.status).toBe(201);
    expectQuotaRefusal(await system.api.post('/api/auth/api-tokens/', { name: 'mine', scopes: ['leads:read'] }, { token: member.access }));
    expect(await countOf(member, '/api/auth/api-tokens/')).toBe(0);
    expect((await system.api.delete(`/api/auth/api-tokens/${first.body.id}/`, { token: admin.access })).status).toBe(204);
    expect((await system.api.post('/api/auth/api-tokens/', { name: 'mine', scopes: ['leads:read'] }, { token: member.access })).status).toBe(201);
  });
});

describe('GET /api/auth/tenant/usage/', () => {
  it("when an admin asks, then 200 with each quota's use and limit, the overrides and the defaults; a member gets 403", async () => {
    const admin = await registerTenant(system.api, 'Quota usage');
    // `records` is every collection's, a collection's own winning.
    await setQuotas(admin, 'records=4', 'contacts=7', 'file_bytes=1MiB');
    expect((await system.api.post('/api/contacts/', { first_name: 'Ada' }, { token: admin.access })).status).toBe(201);
    expect((await system.api.post('/api/tasks/custom-fields/', { key: 'size', label: 'Size', field_type: 'number' }, { token: admin.access })).status).toBe(201);
    const res = await system.api.get('/api/auth/tenant/usage/', { token: admin.access });
    expect(res.status).toBe(200);
    const defaults = DEFAULT_TENANT_QUOTAS;
    const perCollection = (used: (path: string) => number, limit: number) =>
      Object.fromEntries(ENTITIES.map(({ path }) => [path, { used: used(path), limit }]));
    expect(res.body).toEqual({
      records: Object.fromEntries(ENTITIES.map(({ path }) => [path, { used: path === 'contacts' ? 1 : 0, limit: path === 'contacts' ? 7 : 4 }])),
      custom_fields: perCollection((path) => (path === 'tasks' ? 1 : 0), defaults.custom_fields),
      file_bytes: perCollection(() => 0, 1024 * 1024),
      web_forms: { used: 0, limit: defaults.web_forms },
      api_tokens: { used: 0, limit: defaults.api_tokens },
    });
    const member = await addMember(system.api, admin, true);
    expect((await system.api.get('/api/auth/tenant/usage/', { token: member.access })).status).toBe(403);
  });
});
