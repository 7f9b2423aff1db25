import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * One thing spelled two ways is found either way (api-contract §2). Text: "Müller" may be typed composed
 * (ü, U+00FC) or decomposed (u + U+0308, as macOS file names and some keyboards give it); bodies and
 * queries are put in composed form (NFC), so either spelling is stored alike, and a search or a duplicate
 * check in the other finds it. Phone numbers: a search of digits finds a number typed with punctuation.
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const COMPOSED = 'M\u00fcller';
const DECOMPOSED = 'Mu\u0308ller';

describe.each(['leads', 'contacts'])('%s', (path) => {
  let record: { id: string; last_name: string };
  beforeAll(async () => {
    record = await createdRecord(system.api, `/api/${path}/`, { first_name: 'Greta', last_name: DECOMPOSED, email: `greta.${path}@example.test` }, admin.access);
  });

  it('when a name is sent decomposed, then it is stored and shown composed', async () => {
    expect(record.last_name).toBe(COMPOSED);
    expect((await system.api.get(`/api/${path}/${record.id}/`, { token: admin.access })).body.last_name).toBe(COMPOSED);
  });

  it.each([
    ['composed', COMPOSED],
    ['decomposed', DECOMPOSED],
  ])('when searched %s, then it is found', async (_form, spelling) => {
    const res = await system.api.get(`/api/${path}/?search=${encodeURIComponent(spelling)}`, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.results.map((found: { id: string }) => found.id)).toEqual([record.id]);
  });

  it('when a duplicate check names the person in the other form, then it matches on the name', async () => {
    const res = await system.api.post(`/api/${path}/duplicates/`, { first_name: 'Greta', last_name: COMPOSED }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: record.id, matched_on: expect.arrayContaining(['name']) })]);
  });
});

describe.each([
  ['leads', { first_name: 'Dial' }],
  ['contacts', { first_name: 'Dial' }],
  ['accounts', { name: 'Dial Ltd' }],
])('a phone number on %s', (path, body) => {
  let record: { id: string };
  beforeAll(async () => {
    record = await createdRecord(system.api, `/api/${path}/`, { ...body, phone: '+1 (555) 010-9999' }, admin.access);
    await createdRecord(system.api, `/api/${path}/`, { ...body, phone: '+44 20 7946 0958' }, admin.access);
  });

  it.each(['5550109999', '555-010-9999', '(555) 010 9999', '+15550109999', '0109', '+1 (555) 010-9999'])('when searched as %s, then it is found, and only it', async (search) => {
    const res = await system.api.get(`/api/${path}/?search=${encodeURIComponent(search)}`, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body.results.map((found: { id: string }) => found.id)).toEqual([record.id]);
  });

  it('when fewer than four digits are searched, then they are text like any other: matched only where typed so', async () => {
    expect((await system.api.get(`/api/${path}/?search=010`, { token: admin.access })).body.count).toBe(1);
    expect((await system.api.get(`/api/${path}/?search=550`, { token: admin.access })).body.count).toBe(0);
  });
});
