import type { TestSystem } from '../../support/system';
import { registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { addAccount, createContact } from './support';
import { startWithTenant } from '../../support/suite';
import { listChecks } from '../../support/list-checks';

/**
 * What the contact list has of its own: the `account` filter, search across e-mail and phone, its
 * orderings, its bad queries. What every list does is in `conformance/lists.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, other: Member;
let engines: { id: string; name: string };
let navy: { id: string; name: string };
/** The tenant's contacts as created, oldest first. */
const contacts: any[] = [];

const SEED = () => [
  { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@engines.test', phone: '555-0101', account_id: engines.id, tags: ['vip'] },
  { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.test', phone: '555-0102', account_id: navy.id, tags: ['gov', 'vip'] },
  { first_name: 'Alan', last_name: 'Turing', email: 'alan@bletchley.test', phone: '555-0103', account_id: engines.id, tags: ['uk'] },
  { first_name: 'Katherine', last_name: '100%_Johnson', email: 'kj@nasa.test', phone: '555-0104', tags: [] },
  { first_name: 'Edsger', last_name: 'Dijkstra', email: 'ewd@tue.test', phone: '555-0105', tags: ['nl'] },
];

beforeAll(async () => {
  ({ system, admin, seller, other } = await startWithTenant({ members: { seller: true, other: true } }));
  // The seller's: a member names only accounts they may open.
  engines = await addAccount(system, seller, 'Engines');
  navy = await addAccount(system, seller, 'Navy');
  const seed = SEED();
  // Ada and Grace the seller's own; Alan owned by the seller, created by the admin; the rest the admin's or the other member's.
  contacts.push(await createContact(system.api, seller.access, seed[0]!));
  contacts.push(await createContact(system.api, seller.access, seed[1]!));
  contacts.push(await createContact(system.api, admin.access, { ...seed[2], owner_id: seller.profileId }));
  contacts.push(await createContact(system.api, admin.access, seed[3]!));
  contacts.push(await createContact(system.api, other.access, seed[4]!));
});
afterAll(() => system.stop());

const list = (query: string, token = admin.access) => system.api.get(`/api/contacts/${query}`, { token });
const names = (body: { results: { first_name: string }[] }) => body.results.map((contact) => contact.first_name);
const check = listChecks(list, names);

describe('the contact list', () => {
  it('when read without parameters, then each contact shows as created, its account and leads included', async () => {
    expect((await list('')).body.results).toEqual([...contacts].reverse());
  });

  it.each([
    ['?search=ada', ['Ada']],
    ['?search=bletchley.test', ['Alan']],
    ['?search=555-0104', ['Katherine']],
    ['?search=100%25_', ['Katherine']],
  ])('when filtered by %s, then exactly the matching contacts come back', (query, expected) => check.matches(query, expected));

  it('when filtered by account, then only that account’s contacts; an unknown account matches none', async () => {
    expect(names((await list(`?account=${engines.id}`)).body)).toEqual(['Alan', 'Ada']);
    expect(names((await list(`?account=${navy.id}&tags=vip`)).body)).toEqual(['Grace']);
    expect((await list(`?account=${contacts[0].id}`)).body).toMatchObject({ count: 0, results: [] });
  });

  it.each([
    ['last_name', ['Katherine', 'Edsger', 'Grace', 'Ada', 'Alan']],
    ['email', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
  ])('when ordered by %s, then ascending and descending are mirror images', (field, ascending) => check.mirrored(field, ascending));

  it.each(['?account=not-a-uuid', '?ordering=phone', '?ordering=title', '?assigned_to=00000000-0000-0000-0000-000000000000'])(
    'when the query is %s, then 400 in the validation shape',
    (query) => check.refused(query),
  );

  it('when a member filters by account, then only contacts they may open come back; another tenant sees none', async () => {
    expect((await list('?search=lovelace', seller.access)).body.count).toBe(1);
    expect(names((await list(`?account=${engines.id}`, seller.access)).body)).toEqual(['Alan', 'Ada']);
    const stranger = await registerTenant(system.api, 'Stranger');
    expect((await list(`?account=${engines.id}`, stranger.access)).body.count).toBe(0);
  });
});
