import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { listChecks } from '../../support/list-checks';

/**
 * What the lead list has of its own: its filters (`status`, `source`), its orderings (workflow status,
 * board, amount), search across e-mail, phone and company, its bad queries. What every list does is in
 * `conformance/lists.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, other: Member;
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
  ({ system, admin, seller, other } = await startWithTenant({ members: { seller: true, other: true } }));
  // Ada and Grace the seller's own; Alan assigned to the seller by the admin; the rest the admin's or the other member's.
  leads.push(await createLead(system.api, seller.access, SEED[0]!));
  leads.push(await createLead(system.api, seller.access, SEED[1]!));
  leads.push(await createLead(system.api, admin.access, { ...SEED[2], assigned_to_id: seller.profileId }));
  leads.push(await createLead(system.api, admin.access, SEED[3]!));
  leads.push(await createLead(system.api, other.access, SEED[4]!));
});
afterAll(() => system.stop());

const list = (query: string, token = admin.access) => system.api.get(`/api/leads/${query}`, { token });
const names = (body: { results: { first_name: string }[] }) => body.results.map((lead) => lead.first_name);
const check = listChecks(list, names);

describe('the lead list', () => {
  it.each([
    ['?status=qualified', ['Grace']],
    ['?status=new,contacted', ['Katherine', 'Alan', 'Ada']],
    ['?source=referral', ['Grace']],
    ['?search=bletchley', ['Alan']],
    ['?search=555-0104', ['Katherine']],
    ['?search=100%25_', ['Katherine']],
    ['?status=new&tags=vip', ['Ada']],
  ])('when filtered by %s, then exactly the matching leads come back', (query, expected) => check.matches(query, expected));

  it.each([
    ['last_name', ['Edsger', 'Grace', 'Katherine', 'Ada', 'Alan']],
    ['email', ['Ada', 'Alan', 'Edsger', 'Grace', 'Katherine']],
    ['board_position', ['Edsger', 'Grace', 'Alan', 'Katherine', 'Ada']],
    ['opportunity_amount', ['Edsger', 'Katherine', 'Ada', 'Grace', 'Alan']],
  ])('when ordered by %s, then ascending and descending are mirror images', (field, ascending) => check.mirrored(field, ascending));

  it('when ordered by status, then ties fall back to the id, in the same direction', async () => {
    const [ada, katherine] = [leads[0], leads[3]].sort((a, b) => (a.id < b.id ? -1 : 1));
    const ascending = ['Alan', ada.first_name, katherine.first_name, 'Grace', 'Edsger'];
    expect(names((await list('?ordering=status')).body)).toEqual(ascending);
    expect(names((await list('?ordering=-status')).body)).toEqual([...ascending].reverse());
  });

  it.each(['?status=won', '?source=pigeon', '?ordering=phone', '?status=new&status=qualified'])('when the query is %s, then 400 in the validation shape', (query) =>
    check.refused(query),
  );

  it('when a member searches by a company they may not open, then it never matches', async () => {
    expect((await list('?search=engines', seller.access)).body.count).toBe(1);
    expect((await list('?search=orbit', seller.access)).body).toMatchObject({ count: 0, results: [] });
  });
});
