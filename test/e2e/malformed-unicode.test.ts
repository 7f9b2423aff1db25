import type { TestSystem } from '../support/system';
import type { TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

/**
 * Malformed Unicode (api-contract §2): a string with an unpaired UTF-16 surrogate (`"\ud800"` in JSON) is a 400
 * naming its field on every write of every entity, and nothing is stored (not a 500, not U+FFFD).
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

/** A JSON body as a client sends it, with the escape written out (JSON.stringify would too). */
const raw = (json: string) => ({ token: admin.access, rawBody: json, headers: { 'content-type': 'application/json' } });

const CASES: Array<{ path: string; body: string; field: string }> = [
  { path: '/api/leads/', body: '{"first_name":"\\ud800x"}', field: 'first_name' },
  { path: '/api/leads/', body: '{"first_name":"Ada","tags":["ok","x\\udc00"]}', field: 'tags.1' },
  { path: '/api/contacts/', body: '{"first_name":"\\udc00\\ud800"}', field: 'first_name' },
  { path: '/api/accounts/', body: '{"name":"ab\\ud83d"}', field: 'name' },
  { path: '/api/tasks/', body: '{"title":"\\ud800"}', field: 'title' },
  { path: '/api/opportunities/', body: '{"name":"Deal","custom_fields":{"note":"\\ud800"}}', field: 'custom_fields.note' },
];

describe.each(CASES)('a POST of $path with an unpaired surrogate in $field', ({ path, body, field }) => {
  it('answers 400 naming the field, and creates nothing', async () => {
    const before = (await system.api.get(path, { token: admin.access })).body.count;
    const res = await system.api.post(path, undefined, raw(body));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { [field]: expect.stringMatching(/surrogate/) } });
    expect((await system.api.get(path, { token: admin.access })).body.count).toBe(before);
  });
});

it('when a PATCH carries an unpaired surrogate, then 400 and the record keeps its value (no U+FFFD stored)', async () => {
  const lead = (await system.api.post('/api/leads/', { first_name: 'Ada' }, { token: admin.access })).body;
  const res = await system.api.patch(`/api/leads/${lead.id}/`, undefined, raw('{"first_name":"\\ud800x"}'));
  expect(res.status).toBe(400);
  expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.first_name).toBe('Ada');
});

it('when a string holds a proper surrogate pair (an emoji), then it is stored as sent', async () => {
  const res = await system.api.post('/api/leads/', undefined, raw('{"first_name":"Ada \\ud83d\\ude00"}'));
  expect(res.status).toBe(201);
  expect(res.body.first_name).toBe('Ada 😀');
});

it('when a JSON body carries bytes that are not UTF-8, then 400 on body and nothing is stored (not U+FFFD)', async () => {
  const before = (await system.api.get('/api/leads/', { token: admin.access })).body.count;
  const bytes = Buffer.concat([Buffer.from('{"first_name":"Ada'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  const res = await fetch(`${system.gatewayUrl}/api/leads/`, { method: 'POST', headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' }, body: bytes });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: true, errors: { body: expect.stringMatching(/UTF-8/) } });
  expect((await system.api.get('/api/leads/', { token: admin.access })).body.count).toBe(before);
});
