import { randomUUID } from 'node:crypto';
import { csv, csvForm, upload } from '../import-export/support';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * Idempotency-Key (api-contract §6) where it is more than a record's own route: keys that are refused, keys
 * of another caller, two requests with one key at once, imports and conversions. The keyed create, PATCH
 * and DELETE of every entity are in `conformance/safe-writes.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;

beforeAll(async () => ({ system, admin, seller } = await startWithTenant({ members: { seller: true } })));
afterAll(() => system.stop());

const keyed = (key: string, token = admin.access) => ({ token, headers: { 'Idempotency-Key': key } });

async function leadsNamed(lastName: string, token = admin.access): Promise<number> {
  return (await system.api.get(`/api/leads/?search=${encodeURIComponent(lastName)}`, { token })).body.count;
}

describe('a write repeated with its Idempotency-Key', () => {
  it('when a key is over 255 characters, then 400 on the header and nothing is created', async () => {
    const name = `Long-${randomUUID().slice(0, 8)}`;
    const res = await system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed('k'.repeat(256)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, errors: { 'Idempotency-Key': expect.any(String) } });
    expect(await leadsNamed(name)).toBe(0);
    // An empty key is a client's mistake too (a variable left unset), never a key shared by every such request.
    expect((await system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed(''))).status).toBe(400);
    expect(await leadsNamed(name)).toBe(0);
    expect((await system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed('k'.repeat(255)))).status).toBe(201);
  });

  it('when an import commit carries a key over 255 characters, then its 400 is an import refusal (created: 0) on the header', async () => {
    const file = csv([['first_name'], ['Ada']]);
    const res = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed('k'.repeat(256)), rawBody: csvForm(file) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, created: 0, errors: [{ row: 0, field: 'Idempotency-Key', message: expect.any(String) }] });
  });

  it('when another caller sends the same key, then it is theirs alone: a request of its own', async () => {
    const key = randomUUID();
    const name = `Shared-${randomUUID().slice(0, 8)}`;
    const mine = await system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed(key));
    const theirs = await system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed(key, seller.access));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('when the same keyed create is sent twice at once, then one lead is created and the other answer is the same or a 409', async () => {
    const key = randomUUID();
    const name = `Race-${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all([1, 2].map(() => system.api.post('/api/leads/', { first_name: 'Ada', last_name: name }, keyed(key))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    const conflict = answers.find((answer) => answer.status === 409);
    if (conflict) expect(conflict.headers.get('retry-after')).toBe('1');
    expect(await leadsNamed(name)).toBe(1);
  });

  it('when an import commit is repeated, then its rows are created once; another file with the key is a 422', async () => {
    const name = `Imported-${randomUUID().slice(0, 8)}`;
    const file = csv([['first_name', 'last_name'], ['Ada', name], ['Grace', name]]);
    const key = randomUUID();
    const first = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed(key), rawBody: csvForm(file) });
    const again = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed(key), rawBody: csvForm(file) });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await leadsNamed(name)).toBe(2);
    const otherFile = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed(key), rawBody: csvForm(`${file}Alan,${name}\n`) });
    expect(otherFile.status).toBe(422);
    expect(await leadsNamed(name)).toBe(2);
    // Without a key, the same file is imported again: the key is what makes a repeat a repeat.
    expect((await upload(system.api, '/api/leads/import/commit/', admin.access, csvForm(file))).status).toBe(201);
    expect(await leadsNamed(name)).toBe(4);
  });

  it('when import-export lost its record of a keyed commit (its database away as it stored it), then the repeat is the owner\'s replay, marked as one, and nothing is imported twice', async () => {
    const name = `Relayed-${randomUUID().slice(0, 8)}`;
    const file = csv([['first_name', 'last_name'], ['Ada', name]]);
    const key = randomUUID();
    const first = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed(key), rawBody: csvForm(file) });
    expect(first.status).toBe(201);
    await system.services['import-export']!.dataSource.query('DELETE FROM idempotency_keys');
    const again = await system.api.post('/api/leads/import/commit/', undefined, { ...keyed(key), rawBody: csvForm(file) });
    expect({ status: again.status, replayed: again.headers.get('idempotent-replayed'), body: again.body }).toEqual({ status: 201, replayed: 'true', body: first.body });
    expect(await leadsNamed(name)).toBe(1);
  });

  it('when a conversion is repeated with its key, then the first answer comes again, ids included, and nothing is created twice', async () => {
    const name = `Converted-${randomUUID().slice(0, 8)}`;
    const lead = await createLead(system.api, admin.access, { first_name: 'Ada', last_name: name, company_name: name, opportunity_amount: '10.00' });
    const key = randomUUID();
    const body = { first_name: 'Ada', last_name: name, company_name: name, opportunity_amount: '10.00', status: 'converted' };
    const first = await system.api.put(`/api/leads/${lead.id}/`, body, keyed(key));
    expect(first.status).toBe(200);
    expect(first.body.contact_id).toEqual(expect.any(String));
    const again = await system.api.put(`/api/leads/${lead.id}/`, body, keyed(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await system.api.get(`/api/accounts/?search=${encodeURIComponent(name)}`, { token: admin.access })).body.count).toBe(1);
  });
});
