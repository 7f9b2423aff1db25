import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let other: Member;
/** The tenant's leads as created, oldest first. */
const leads: any[] = [];

const SEED = [
  { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@engines.test', phone: '555-0101', company_name: 'Engines', status: 'new', source: 'website_form', tags: ['vip'], opportunity_amount: '500.00', board_position: 4 },
  { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.test', phone: '555-0102', company_name: 'Navy', status: 'qualified', source: 'referral', tags: ['gov', 'vip'], opportunity_amount: '12000.00', board_position: 1 },
  { first_name: 'Alan', last_name: 'Turing', email: 'alan@bletchley.test', phone: '555-0103', company_name: 'Bletchley', status: 'contacted', source: 'event', tags: ['uk'], opportunity_amount: null, board_position: 2 },
  { first_name: 'Katherine', last_name: 'Johnson', email: 'kj@nasa.test', phone: '555-0104', company_name: '100%_Orbit', status: 'new', source: 'call', tags: [], opportunity_amount: '75.25', board_position: 3 },
  { first_name: 'Edsger', last_name: 'Dijkstra', email: 'ewd@tue.test', phone: '555-0105', company_name: 'TU Eindhoven', status: 'unqualified', source: null, tags: ['nl'], opportunity_amount: '0.00', board_position: 0 },
];

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  other = await addMember(system.api, admin, true);
  // Ada and Grace the seller's own; Alan assigned to the seller by the admin; the rest the admin's or the other member's.
  leads.push(await createLead(system.api, seller.access, SEED[0]!));
  leads.push(await createLead(system.api, seller.access, SEED[1]!));
  leads.push(await createLead(system.api, admin.access, { ...SEED[2], assigned_to_id: seller.profileId }));
  leads.push(await createLead(system.api, admin.access, SEED[3]!));
  leads.push(await createLead(system.api, other.access, SEED[4]!));
});
afterAll(async () => {
  await system.stop();
});

const list = (query: string, token = admin.access) => system.api.get(`/api/leads/${query}`, { token });
const names = (body: { results: { first_name: string }[] }) => body.results.map((lead) => lead.first_name);

describe('the lead list', () => {
  it('when read without parameters, then the envelope holds every lead, newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 5, next: null, previous: null, results: expect.any(Array) });
    expect(names(res.body)).toEqual(['Edsger', 'Katherine', 'Alan', 'Grace', 'Ada']);
    expect(res.body.results[0]).toEqual(leads[4]);
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
    const backToFirst = await system.api.get(second.body.previous, { token: admin.access });
    expect(names(backToFirst.body)).toEqual(['Ada', 'Alan']);
  });

  it('when the page is past the end, then 200 with no results', async () => {
    const res = await list('?page=9');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(5);
    expect(res.body.results).toEqual([]);
  });

  it.each([
    ['?status=qualified', ['Grace']],
    ['?status=new,contacted', ['Katherine', 'Alan', 'Ada']],
    ['?source=referral', ['Grace']],
    ['?tags=vip', ['Grace', 'Ada']],
    ['?tags=uk,nl', ['Edsger', 'Alan']],
    ['?search=HOPPER', ['Grace']],
    ['?search=bletchley', ['Alan']],
    ['?search=555-0104', ['Katherine']],
    ['?search=100%25_', ['Katherine']],
    ['?search=%25', ['Katherine']],
    ['?search=nobody-at-all', []],
    ['?status=new&tags=vip', ['Ada']],
  ])('when filtered by %s, then exactly the matching leads come back', async (query, expected) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it('when filtered by assigned_to and creation time, then the bounds hold', async () => {
    expect(names((await list(`?assigned_to=${seller.profileId}`)).body)).toEqual(['Alan', 'Grace', 'Ada']);
    const grace = leads[1];
    const from = encodeURIComponent(grace.created_at);
    expect(names((await list(`?created_at__gte=${from}`)).body)).toEqual(['Edsger', 'Katherine', 'Alan', 'Grace']);
    expect(names((await list(`?created_at__lte=${from}`)).body)).toEqual(['Grace', 'Ada']);
    expect((await list('?created_at__gte=2999-01-01')).body.count).toBe(0);
  });

  it.each([
    ['first_name', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
    ['last_name', ['Edsger', 'Grace', 'Katherine', 'Ada', 'Alan']],
    ['email', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
    ['board_position', ['Edsger', 'Grace', 'Alan', 'Katherine', 'Ada']],
    ['opportunity_amount', ['Edsger', 'Katherine', 'Ada', 'Grace', 'Alan']],
    ['created_at', ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']],
    ['updated_at', ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger']],
  ])('when ordered by %s, then ascending and descending are mirror images', async (field, ascending) => {
    const up = await list(`?ordering=${field}`);
    expect(up.status).toBe(200);
    expect(names(up.body)).toEqual(ascending);
    const down = await list(`?ordering=-${field}`);
    expect(names(down.body)).toEqual([...ascending].reverse());
  });

  it('when ordered by status, then ties fall back to the id, in the same direction', async () => {
    const [ada, katherine] = [leads[0], leads[3]].sort((a, b) => (a.id < b.id ? -1 : 1));
    const ascending = ['Alan', ada.first_name, katherine.first_name, 'Grace', 'Edsger'];
    expect(names((await list('?ordering=status')).body)).toEqual(ascending);
    expect(names((await list('?ordering=-status')).body)).toEqual([...ascending].reverse());
  });

  it.each([
    '?status=won',
    '?source=pigeon',
    '?assigned_to=not-a-uuid',
    '?created_at__gte=yesterday',
    '?created_at__lte=2024-02-30',
    '?ordering=phone',
    '?ordering=-',
    '?page=0',
    '?page=abc',
    '?page_size=101',
    '?page_size=0',
    '?colour=red',
    '?tags=',
    '?status=new&status=qualified',
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
  it('when a member lists, then only leads they created or own are listed and counted', async () => {
    const res = await list('', seller.access);
    expect(names(res.body)).toEqual(['Alan', 'Grace', 'Ada']);
    expect(res.body.count).toBe(3);
  });

  it('when a member searches or filters, then hidden leads never match', async () => {
    expect((await list('?search=johnson', seller.access)).body).toMatchObject({ count: 0, results: [] });
    expect((await list('?search=engines', seller.access)).body.count).toBe(1);
    expect((await list(`?assigned_to=${admin.profileId}`, seller.access)).body.count).toBe(0);
    expect((await list('?tags=nl', seller.access)).body.count).toBe(0);
  });

  it('when another tenant lists, then it sees none of these leads', async () => {
    const stranger = await registerTenant(system.api, 'Stranger');
    const res = await list('?search=a', stranger.access);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('when a member without sales access lists, then 403', async () => {
    const clerk = await addMember(system.api, admin, false);
    const res = await list('', clerk.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});
