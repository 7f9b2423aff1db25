import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { create, read, type EntityPath } from './support';

/**
 * architecture §3 on every route and method of accounts, opportunities and tasks: a record of another tenant,
 * one the caller may not open, a random id and a malformed id all answer 404 with one body; a member
 * without sales access gets 403; an openable record the role may not delete gets 403.
 */
let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let otherSeller: Member;
let clerk: Member;
let stranger: TenantAdmin;

interface Fixture {
  sellers: any;
  assigned: any;
  admins: any;
  strangers: any;
}
const fixtures = {} as Record<EntityPath, Fixture>;

/** A valid body for each entity: only access decides the answer. */
const BODY: Record<EntityPath, (label: string) => Record<string, unknown>> = {
  accounts: (label) => ({ name: label }),
  opportunities: (label) => ({ name: label }),
  tasks: (label) => ({ title: label }),
};

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  otherSeller = await addMember(system.api, admin, true);
  clerk = await addMember(system.api, admin, false);
  stranger = await registerTenant(system.api, 'Stranger');
  for (const entity of ['accounts', 'opportunities', 'tasks'] as const) {
    fixtures[entity] = {
      sellers: await create(system.api, seller.access, entity, BODY[entity]('Seller owns')),
      assigned: await create(system.api, admin.access, entity, { ...BODY[entity]('Assigned to seller'), assigned_to_id: seller.profileId }),
      admins: await create(system.api, admin.access, entity, BODY[entity]('Admin only')),
      strangers: await create(system.api, stranger.access, entity, BODY[entity]('Stranger owns')),
    };
  }
});
afterAll(async () => {
  await system.stop();
});

interface Call {
  name: string;
  method: 'get' | 'patch' | 'put' | 'delete';
  body?: (entity: EntityPath) => unknown;
}

/** Every route under a record id. */
const ROUTES: Call[] = [
  { name: 'detail', method: 'get' },
  { name: 'patch', method: 'patch', body: () => ({ tags: ['changed'] }) },
  { name: 'put', method: 'put', body: (entity) => BODY[entity]('Replaced') },
  { name: 'delete', method: 'delete' },
];

const MATRIX = (['accounts', 'opportunities', 'tasks'] as const).flatMap((entity) => ROUTES.map((route) => ({ entity, ...route })));

async function call(entity: EntityPath, route: Call, id: string, token: string) {
  const path = `/api/${entity}/${id}/`;
  if (route.method === 'get' || route.method === 'delete') return system.api[route.method](path, { token });
  return system.api[route.method](path, route.body!(entity), { token });
}

async function notFoundBody(entity: EntityPath, route: Call, token: string) {
  const res = await call(entity, route, randomUUID(), token);
  expect(res.status).toBe(404);
  return res.body;
}

describe.each(MATRIX)('$entity $name', ({ entity, ...route }) => {
  it('when the record is another tenant’s, then 404 with the body of a random id, and it is unchanged', async () => {
    const { strangers } = fixtures[entity];
    const res = await call(entity, route, strangers.id, admin.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(entity, route, admin.access));
    expect(await read(system.api, stranger.access, entity, strangers.id)).toEqual(strangers);
  });

  it('when a member may not open the record, then 404 with the same body, and it is unchanged', async () => {
    const { admins } = fixtures[entity];
    const res = await call(entity, route, admins.id, seller.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(entity, route, seller.access));
    expect(await read(system.api, admin.access, entity, admins.id)).toEqual(admins);
  });

  it('when the id is malformed, then 404 with the same body', async () => {
    for (const id of ['not-a-uuid', fixtures[entity].admins.id.toUpperCase(), '1']) {
      const res = await call(entity, route, id, admin.access);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(await notFoundBody(entity, route, admin.access));
    }
  });

  it('when the member has no sales access, then 403', async () => {
    const res = await call(entity, route, fixtures[entity].sellers.id, clerk.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe.each(['accounts', 'opportunities', 'tasks'] as const)('what an openable %s allows', (entity) => {
  it('when a member opens a record assigned to them, then they can read and edit it', async () => {
    const { assigned } = fixtures[entity];
    expect((await system.api.get(`/api/${entity}/${assigned.id}/`, { token: seller.access })).status).toBe(200);
    const res = await system.api.patch(`/api/${entity}/${assigned.id}/`, { tags: ['edited-by-owner'] }, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(['edited-by-owner']);
  });

  it('when a member deletes a record they own but did not create, then 403 and it stays', async () => {
    const { assigned } = fixtures[entity];
    const res = await system.api.delete(`/api/${entity}/${assigned.id}/`, { token: seller.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await system.api.get(`/api/${entity}/${assigned.id}/`, { token: admin.access })).status).toBe(200);
  });

  it('when a hidden record is sent a bad body, then still 404: nothing about it leaks', async () => {
    const { admins, strangers } = fixtures[entity];
    for (const [id, token] of [[admins.id, seller.access], [strangers.id, admin.access]]) {
      for (const method of ['patch', 'put'] as const) {
        const res = await system.api[method](`/api/${entity}/${id}/`, { nonsense: true, id: 'x' }, { token });
        expect(res.status).toBe(404);
      }
    }
  });

  it('when another member tries the record of a colleague, then 404', async () => {
    expect((await system.api.get(`/api/${entity}/${fixtures[entity].sellers.id}/`, { token: otherSeller.access })).status).toBe(404);
  });

  it('when a member without sales access lists, creates or reads custom fields, then 403', async () => {
    expect((await system.api.get(`/api/${entity}/`, { token: clerk.access })).status).toBe(403);
    expect((await system.api.post(`/api/${entity}/`, BODY[entity]('Clerk'), { token: clerk.access })).status).toBe(403);
    expect((await system.api.get(`/api/${entity}/custom-fields/`, { token: clerk.access })).status).toBe(403);
  });

  it('when an API token has only the read scope, then it reads but may not write', async () => {
    const scope = `${entity}:read`;
    const token = await system.api.post('/api/auth/api-tokens/', { name: `reader-${entity}`, scopes: [scope] }, { token: admin.access });
    expect(token.status).toBe(201);
    const { admins } = fixtures[entity];
    expect((await system.api.get(`/api/${entity}/${admins.id}/`, { token: token.body.token })).status).toBe(200);
    expect((await system.api.patch(`/api/${entity}/${admins.id}/`, { tags: ['x'] }, { token: token.body.token })).status).toBe(403);
    const other = entity === 'tasks' ? 'accounts' : 'tasks';
    expect((await system.api.get(`/api/${other}/`, { token: token.body.token })).status).toBe(403);
  });

  it('when the creator deletes their record, then 204', async () => {
    const record = await create(system.api, seller.access, entity, BODY[entity]('Short-lived'));
    expect((await system.api.delete(`/api/${entity}/${record.id}/`, { token: seller.access })).status).toBe(204);
    expect((await system.api.get(`/api/${entity}/${record.id}/`, { token: admin.access })).status).toBe(404);
  });
});
