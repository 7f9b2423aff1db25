import type { TestSystem } from '../../support/system';
import { addMember, eventually, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * The lists that are not an entity's (api-contract §7): the audit log, a record's notes and files, custom
 * field definitions, API tokens and members page by cursors too. Followed one item at a time through the
 * gateway, `next` gives what one page of all gives, in the same order, and `previous` walks back.
 */
let system: TestSystem, admin: TenantAdmin;
let lead: { id: string };

beforeAll(async () => {
  ({ system, admin } = await startWithTenant());
  lead = await createdRecord(system.api, '/api/leads/', { first_name: 'Listed' }, admin.access);
  for (let i = 0; i < 3; i += 1) {
    await createdRecord(system.api, `/api/leads/${lead.id}/notes/`, { body: `Note ${i}` }, admin.access);
    const form = new FormData();
    form.append('file', new Blob([`file ${i}`], { type: 'text/plain' }), `file-${i}.txt`);
    expect((await system.api.post(`/api/leads/${lead.id}/attachments/`, undefined, { token: admin.access, rawBody: form })).status).toBe(201);
    await createdRecord(system.api, '/api/leads/custom-fields/', { key: `field_${i}`, label: `Field ${i}`, field_type: 'text' }, admin.access);
    await createdRecord(system.api, '/api/auth/api-tokens/', { name: `token ${i}`, scopes: ['leads:read'] }, admin.access);
    await addMember(system.api, admin, true);
    if (i > 0) await createdRecord(system.api, '/api/leads/', { first_name: `Listed ${i}` }, admin.access);
  }
});
afterAll(() => system.stop());

const ids = (body: { results: Array<{ id: string }> }) => body.results.map((item) => item.id);

it.each([
  ['notes', () => `/api/leads/${lead.id}/notes/`],
  ['files', () => `/api/leads/${lead.id}/attachments/`],
  ['custom field definitions', () => '/api/leads/custom-fields/'],
  ['API tokens', () => '/api/auth/api-tokens/'],
  ['members', () => '/api/auth/users/'],
  ['the audit log', () => '/api/audit-logs/?type=lead.created'],
])('when the list of %s is followed a page of one at a time, then it is the whole list, and previous walks it back', async (_list, pathOf) => {
  const path = pathOf();
  const separator = path.includes('?') ? '&' : '?';
  // The audit log hears of changes through events: it holds all three once they have arrived.
  const whole = await eventually(async () => {
    const res = await system.api.get(`${path}${separator}page_size=100`, { token: admin.access });
    return res.body.count >= 3 ? res.body : undefined;
  });
  const pages = [(await system.api.get(`${path}${separator}page_size=1`, { token: admin.access })).body];
  while (pages[pages.length - 1].next) {
    expect(new URL(pages[pages.length - 1].next).searchParams.get('cursor')).toEqual(expect.any(String));
    const res = await system.api.get(pages[pages.length - 1].next, { token: admin.access });
    expect(res.status).toBe(200);
    pages.push(res.body);
  }
  expect(pages.flatMap(ids)).toEqual(ids(whole));
  const back = [pages[pages.length - 1]];
  while (back[0].previous) back.unshift((await system.api.get(back[0].previous, { token: admin.access })).body);
  expect(back.flatMap(ids)).toEqual(ids(whole));
});
