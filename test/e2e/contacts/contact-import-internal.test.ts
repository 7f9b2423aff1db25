import { internalImportPaths } from '@crm/records';
import { outboxEvents } from '../../support/events';
import { callInternal, csvRows } from '../../support/internal-api';
import type { TestSystem } from '../../support/system';
import { registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { addAccount, createContact } from './support';
import { startWithTenant } from '../../support/suite';

/**
 * The contacts service's side of imports and exports (`shared/records/src/import-export/import-contract.ts`),
 * called as import-export calls it. The rules are the shared ones the leads suite covers in depth;
 * here, what is particular to contacts: the name rule, accounts and owners, the columns.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;
const paths = internalImportPaths('contacts');
const internal = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => callInternal(system, 'contacts', method, path, token, body);

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  const definition = { key: 'score', label: 'Score', field_type: 'number', is_required: true };
  expect((await system.api.post('/api/contacts/custom-fields/', definition, { token: admin.access })).status).toBe(201);
});
afterAll(() => system.stop());

const HEADER = ['first_name', 'last_name', 'email', 'account_id', 'owner_id', 'tags', 'cf_score'];

it('when contact rows are checked, then the name rule, accounts, owners and required custom fields are reported per cell', async () => {
  const account = await addAccount(system, admin, 'Known');
  const otherTenant = await registerTenant(system.api, 'Other');
  const res = await internal('POST', paths.validate, admin.access, {
    header: HEADER,
    rows: [
      ['Ada', '', '', account.id, seller.profileId, 'a;b', '3'],
      ['', '', 'nameless@example.test', '', '', '', '1'],
      ['Bob', '', '', '00000000-0000-4000-8000-000000000000', otherTenant.profileId, '', ''],
      ['Cy', '', '', 'not-an-id', '', '', '2'],
    ],
  });
  expect(res.status).toBe(200);
  expect(res.body.summary).toEqual({ total: 4, valid: 1, invalid: 3 });
  expect(res.body.errors).toEqual([
    { row: 2, field: 'first_name', message: 'Give at least one of first_name or last_name.' },
    { row: 3, field: 'cf_score', message: 'This field is required.' },
    { row: 4, field: 'account_id', message: expect.any(String) },
  ]);

  const references = await internal('POST', paths.validate, admin.access, {
    header: HEADER,
    rows: [['Bob', '', '', '00000000-0000-4000-8000-000000000000', otherTenant.profileId, '', '1']],
  });
  expect(references.body.errors).toEqual([
    { row: 1, field: 'owner_id', message: 'No member of this organisation has this id.' },
    { row: 1, field: 'account_id', message: 'No account of this organisation has this id.' },
  ]);
});

it('when a member imports contacts for someone else, then those rows are refused on owner_id', async () => {
  const res = await internal('POST', paths.validate, seller.access, { header: ['first_name', 'owner_id', 'cf_score'], rows: [['X', admin.profileId, '1']] });
  expect(res.body.errors).toEqual([{ row: 1, field: 'owner_id', message: expect.any(String) }]);
});

it('when a valid file is committed and exported, then the contacts come back in the export with the same cells', async () => {
  const account = await addAccount(system, admin, 'Round Trip Ltd');
  const res = await internal('POST', paths.commit, admin.access, {
    header: HEADER,
    rows: [
      ['Round', 'Trip', 'ROUND@example.test', account.id, seller.profileId, 'x; y', '7'],
      ['Second', '', '', '', '', '', '8.5'],
    ],
  });
  expect(res.status).toBe(201);
  expect(res.body.created).toBe(2);
  const [first] = res.body.ids;
  const contact = (await system.api.get(`/api/contacts/${first}/`, { token: admin.access })).body;
  expect(contact).toMatchObject({
    first_name: 'Round',
    email: 'round@example.test',
    account: { id: account.id, name: 'Round Trip Ltd' },
    owner: { id: seller.profileId },
    tags: ['x', 'y'],
    custom_fields: { score: 7 },
  });
  expect((await outboxEvents(system, 'contacts', first)).map((event) => event.type)).toEqual(['contact.created']);

  const exported = csvRows((await internal('GET', `${paths.export}?search=round`, admin.access)).text);
  expect(exported[0]).toEqual(['id', 'first_name', 'last_name', 'email', 'phone', 'title', 'account_id', 'linkedin_url', 'tags', 'owner_id', 'cf_score', 'created_at']);
  expect(exported.slice(1)).toEqual([[first, 'Round', 'Trip', 'round@example.test', '', '', account.id, '', 'x;y', seller.profileId, '7', contact.created_at]]);
});

it('when a member exports, then only the contacts they may open are in it', async () => {
  const own = await createContact(system.api, seller.access, { first_name: 'Sellers own', custom_fields: { score: 1 } });
  await createContact(system.api, admin.access, { first_name: 'Admins own', custom_fields: { score: 1 } });
  const ids = csvRows((await internal('GET', `${paths.export}?search=s%20own`, seller.access)).text)
    .slice(1)
    .map((cells) => cells[0]);
  expect(ids).toEqual([own.id]);
});
