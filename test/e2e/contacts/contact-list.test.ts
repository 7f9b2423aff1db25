import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { addAccount, createContact } from './support';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let other: Member;
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
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  other = await addMember(system.api, admin, true);
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
afterAll(async () => {
  await system.stop();
});

const list = (query: string, token = admin.access) => system.api.get(`/api/contacts/${query}`, { token });
const names = (body: { results: { first_name: string }[] }) => body.results.map((contact) => contact.first_name);

describe('the contact list', () => {
  it('when read without parameters, then the envelope holds every contact as shown, newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 5, next: null, previous: null, results: expect.any(Array) });
    expect(names(res.body)).toEqual(['Edsger', 'Katherine', 'Alan', 'Grace', 'Ada']);
    expect(res.body.results).toEqual([...contacts].reverse());
  });

  it('when paged, then next and previous are absolute gateway URLs that keep the filters and work', async () => {
    const first = await list('?page_size=2&ordering=first_name');
    expect(first.body.count).toBe(5);
    expect(names(first.body)).toEqual(['Ada', 'Alan']);
    expect(first.body.previous).toBeNull();
    const nextUrl = new URL(first.body.next);
    expect(`${nextUrl.protocol}//${nextUrl.host}`).toBe(system.gatewayUrl);
    expect(Object.fromEntries(nextUrl.searchParams)).toEqual({ page_size: '2', ordering: 'first_name', page: '2' });
    const second = await system.api.get(first.body.next, { token: admin.access });
    expect(names(second.body)).toEqual(['Edsger', 'Grace']);
    const third = await system.api.get(second.body.next, { token: admin.access });
    expect(names(third.body)).toEqual(['Katherine']);
    expect(third.body.next).toBeNull();
    const back = await system.api.get(third.body.previous, { token: admin.access });
    expect(names(back.body)).toEqual(names(second.body));
  });

  it('when the page is past the end, then 200 with no results', async () => {
    const res = await list('?page=9');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.results).toEqual([]);
  });

  it.each([
    ['?tags=vip', ['Grace', 'Ada']],
    ['?tags=uk,nl', ['Edsger', 'Alan']],
    ['?tags=nobody', []],
    ['?search=HOPPER', ['Grace']],
    ['?search=ada', ['Ada']],
    ['?search=bletchley.test', ['Alan']],
    ['?search=555-0104', ['Katherine']],
    ['?search=100%25_', ['Katherine']],
    ['?search=%25', ['Katherine']],
    ['?search=_', ['Katherine']],
    ['?search=nobody-at-all', []],
    ['?search=a&tags=vip', ['Grace', 'Ada']],
  ])('when filtered by %s, then exactly the matching contacts come back', async (query, expected) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it('when filtered by account, then only that account’s contacts; an unknown account matches none', async () => {
    expect(names((await list(`?account=${engines.id}`)).body)).toEqual(['Alan', 'Ada']);
    expect(names((await list(`?account=${navy.id}&tags=vip`)).body)).toEqual(['Grace']);
    expect((await list(`?account=${contacts[0].id}`)).body).toMatchObject({ count: 0, results: [] });
  });

  it('when filtered by owner and creation time, then the bounds hold', async () => {
    expect(names((await list(`?owner=${seller.profileId}`)).body)).toEqual(['Alan', 'Grace', 'Ada']);
    expect(names((await list(`?owner=${other.profileId}`)).body)).toEqual(['Edsger']);
    const grace = contacts[1];
    const at = encodeURIComponent(grace.created_at);
    expect(names((await list(`?created_at__gte=${at}`)).body)).toEqual(['Edsger', 'Katherine', 'Alan', 'Grace']);
    expect(names((await list(`?created_at__lte=${at}`)).body)).toEqual(['Grace', 'Ada']);
    expect(names((await list(`?created_at__gte=${at}&created_at__lte=${at}`)).body)).toEqual(['Grace']);
    expect((await list('?created_at__gte=2999-01-01')).body.count).toBe(0);
    expect((await list('?created_at__lte=2000-01-01')).body.count).toBe(0);
  });

  it.each([
    ['first_name', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
    ['last_name', ['Katherine', 'Edsger', 'Grace', 'Ada', 'Alan']],
    ['email', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
    ['created_at', ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']],
  ])('when ordered by %s, then ascending and descending are mirror images', async (field, ascending) => {
    const up = await list(`?ordering=${field}`);
    expect(up.status).toBe(200);
    expect(names(up.body)).toEqual(ascending);
    const down = await list(`?ordering=-${field}`);
    expect(names(down.body)).toEqual([...ascending].reverse());
  });

  it('when ordered by updated_at, then the last changed comes last ascending and first descending', async () => {
    const grace = contacts[1];
    const changed = await system.api.patch(`/api/contacts/${grace.id}/`, { title: 'Rear Admiral' }, { token: admin.access });
    expect(changed.status).toBe(200);
    const ascending = ['Ada', 'Alan', 'Katherine', 'Edsger', 'Grace'];
    expect(names((await list('?ordering=updated_at')).body)).toEqual(ascending);
    expect(names((await list('?ordering=-updated_at')).body)).toEqual([...ascending].reverse());
    // created_at did not move.
    expect(names((await list('?ordering=created_at')).body)).toEqual(['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']);
  });

  it('when names tie, then the id breaks the tie in the same direction', async () => {
    const tenant = await registerTenant(system.api, 'Twins');
    const twins = [];
    for (const title of ['one', 'two', 'three']) twins.push(await createContact(system.api, tenant.access, { first_name: 'Twin', title }));
    const byId = twins.map((twin) => twin.id).sort();
    const ids = async (query: string) => (await system.api.get(`/api/contacts/${query}`, { token: tenant.access })).body.results.map((c: { id: string }) => c.id);
    expect(await ids('?ordering=first_name')).toEqual(byId);
    expect(await ids('?ordering=-first_name')).toEqual([...byId].reverse());
  });

  it.each([
    '?account=not-a-uuid',
    '?owner=42',
    '?created_at__gte=yesterday',
    '?created_at__lte=2024-02-30',
    '?ordering=phone',
    '?ordering=-',
    '?ordering=title',
    '?page=0',
    '?page=abc',
    '?page_size=101',
    '?page_size=0',
    '?colour=red',
    '?assigned_to=00000000-0000-0000-0000-000000000000',
    '?tags=',
    '?tags=vip&tags=uk',
    `?search=${'x'.repeat(201)}`,
    '?cf_missing=1',
  ])('when the query is %s, then 400 in the validation shape', async (query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: expect.any(Object) });
    expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
  });

  it('when page_size is 100, then it is accepted', async () => {
    expect((await list('?page_size=100')).status).toBe(200);
  });
});

describe("a member's view", () => {
  it('when a member lists, then only contacts they created or own are listed and counted', async () => {
    const res = await list('', seller.access);
    expect(names(res.body)).toEqual(['Alan', 'Grace', 'Ada']);
    expect(res.body.count).toBe(3);
  });

  it('when a member searches or filters, then hidden contacts never match or count', async () => {
    expect((await list('?search=johnson', seller.access)).body).toMatchObject({ count: 0, results: [] });
    expect((await list('?search=dijkstra', seller.access)).body).toMatchObject({ count: 0, results: [] });
    expect((await list('?search=lovelace', seller.access)).body.count).toBe(1);
    expect((await list(`?owner=${admin.profileId}`, seller.access)).body.count).toBe(0);
    expect((await list('?tags=nl', seller.access)).body.count).toBe(0);
    expect(names((await list(`?account=${engines.id}`, seller.access)).body)).toEqual(['Alan', 'Ada']);
    expect(names((await list('', other.access)).body)).toEqual(['Edsger']);
  });

  it('when another tenant lists, then it sees none of these contacts', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const res = await list('?search=a', stranger.access);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await list(`?account=${engines.id}`, stranger.access)).body.count).toBe(0);
  });

  it('when a member without sales access lists, then 403', async () => {
    const clerk = await addMember(system.api, admin, false);
    const res = await list('', clerk.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});
