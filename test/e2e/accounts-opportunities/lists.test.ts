import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { createContact } from '../contacts/support';
import { create, type EntityPath } from './support';
import { startWithTenant } from '../../support/suite';
import { listChecks } from '../../support/list-checks';

/**
 * The lists of accounts, opportunities and tasks (api-contract §2): each one's own filters and orderings
 * both ways, its bad queries, and what a member's filters may match. What every list does is in
 * `conformance/lists.test.ts`.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, other: Member;
const accounts: any[] = [];
const opportunities: any[] = [];
const tasks: any[] = [];
/** The seller's lead and contact, which the seller's tasks are about. */
let lead: string, contact: string;

beforeAll(async () => {
  ({ system, admin, seller, other } = await startWithTenant({ members: { seller: true, other: true } }));
  const api = system.api;
  lead = (await createLead(api, seller.access, { last_name: 'Lovelace' })).id;
  contact = (await createContact(api, seller.access, { last_name: 'Hopper' })).id;

  // Acme and Bolt the seller's own; Crane assigned to the seller by the admin; Delta the admin's; Echo the other member's.
  accounts.push(await create(api, seller.access, 'accounts', { name: 'Acme', email: 'hello@acme.test', phone: '555-0101', website: 'https://acme.test', tags: ['vip'] }));
  accounts.push(await create(api, seller.access, 'accounts', { name: 'Bolt', email: 'info@bolt.test', phone: '555-0102', website: 'https://bolt.example.io', tags: ['gov', 'vip'] }));
  accounts.push(await create(api, admin.access, 'accounts', { name: 'Crane', email: 'crane@birds.test', phone: '555-0103', tags: ['uk'], assigned_to_id: seller.profileId }));
  accounts.push(await create(api, admin.access, 'accounts', { name: 'Delta 100%_Done', email: 'd@delta.test', phone: '555-0104' }));
  accounts.push(await create(api, other.access, 'accounts', { name: 'Echo', email: 'echo@echo.test', phone: '555-0105', tags: ['nl'] }));

  const [acme, bolt] = accounts;
  opportunities.push(await create(api, seller.access, 'opportunities', { name: 'Alpha', account_id: acme.id, amount: '500.00', close_date: '2027-05-01', stage: 'closed_won', tags: ['vip'] }));
  opportunities.push(await create(api, seller.access, 'opportunities', { name: 'Beta', account_id: acme.id, amount: '12000.00', close_date: '2026-12-31', stage: 'prospecting' }));
  opportunities.push(await create(api, admin.access, 'opportunities', { name: 'Gamma', account_id: bolt.id, close_date: '2027-01-15', stage: 'negotiation', tags: ['uk'], assigned_to_id: seller.profileId }));
  opportunities.push(await create(api, admin.access, 'opportunities', { name: 'Delta', amount: '75.25', stage: 'qualification' }));
  opportunities.push(await create(api, other.access, 'opportunities', { name: 'Epsilon', amount: '0.00', close_date: '2027-03-01', stage: 'proposal', tags: ['nl'] }));

  const [alpha] = opportunities;
  tasks.push(await create(api, seller.access, 'tasks', { title: 'Call', status: 'done', priority: 'high', due_date: '2027-01-10', lead_id: lead, tags: ['phone'] }));
  tasks.push(await create(api, seller.access, 'tasks', { title: 'Email', status: 'open', priority: 'low', due_date: '2027-01-05', contact_id: contact }));
  tasks.push(await create(api, admin.access, 'tasks', { title: 'Meet', status: 'in_progress', priority: 'normal', account_id: acme.id, assigned_to_id: seller.profileId }));
  tasks.push(await create(api, admin.access, 'tasks', { title: 'Draft', status: 'open', priority: 'high', due_date: '2027-02-01', opportunity_id: alpha.id, tags: ['write'] }));
  tasks.push(await create(api, other.access, 'tasks', { title: 'Book 50%', status: 'in_progress', priority: 'low', due_date: '2026-12-01', tags: ['phone'] }));

  // A later change of the first of each, so updated_at orders differently from created_at.
  await api.patch(`/api/accounts/${acme.id}/`, { industry: 'Anvils' }, { token: admin.access });
  await api.patch(`/api/opportunities/${alpha.id}/`, { probability: 90 }, { token: admin.access });
  await api.patch(`/api/tasks/${tasks[0].id}/`, { tags: ['phone', 'urgent'] }, { token: admin.access });
});
afterAll(() => system.stop());

const list = (entity: EntityPath, query: string, token = admin.access) => system.api.get(`/api/${entity}/${query}`, { token });
const labels = (body: { results: { name?: string; title?: string }[] }) => body.results.map((r) => (r.name ?? r.title)!);
const checks = (entity: EntityPath) => listChecks((query) => list(entity, query), labels);

/** Ascending by a rank, ties by id (the stable order every list uses). */
const byRankThenId = (records: any[], rank: (record: any) => number) =>
  [...records].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1)).map((r) => r.name ?? r.title);

describe('the account list', () => {
  it.each([
    ['?tags=vip', ['Bolt', 'Acme']],
    ['?tags=uk,nl', ['Echo', 'Crane']],
    ['?search=BOLT', ['Bolt']],
    ['?search=birds.test', ['Crane']],
    ['?search=555-0104', ['Delta 100%_Done']],
    ['?search=example.io', ['Bolt']],
    ['?search=100%25_', ['Delta 100%_Done']],
    ['?search=%25', ['Delta 100%_Done']],
    ['?search=anvils', []],
    ['?search=nobody', []],
    ['?tags=vip&search=acme', ['Acme']],
  ])('when filtered by %s, then exactly the matching accounts', (query, expected) => checks('accounts').matches(query, expected));

  it.each([
    ['name', ['Acme', 'Bolt', 'Crane', 'Delta 100%_Done', 'Echo']],
    ['created_at', ['Acme', 'Bolt', 'Crane', 'Delta 100%_Done', 'Echo']],
    ['updated_at', ['Bolt', 'Crane', 'Delta 100%_Done', 'Echo', 'Acme']],
  ])('when ordered by %s, then ascending and descending are mirror images', (field, ascending) => checks('accounts').mirrored(field, ascending));
});

describe('the opportunity list', () => {
  it.each([
    ['?stage=negotiation', ['Gamma']],
    ['?stage=prospecting,closed_won', ['Beta', 'Alpha']],
    ['?account=ACME', ['Beta', 'Alpha']],
    ['?account=BOLT', ['Gamma']],
    [`?account=${randomUUID()}`, []],
    ['?tags=uk,vip', ['Gamma', 'Alpha']],
    ['?search=AMM', ['Gamma']],
    ['?search=acme', []],
    ['?stage=closed_won&tags=vip', ['Alpha']],
  ])('when filtered by %s, then exactly the matching opportunities', (query, expected) =>
    checks('opportunities').matches(query.replace('ACME', accounts[0].id).replace('BOLT', accounts[1].id), expected),
  );

  it.each([
    ['name', ['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']],
    ['amount', ['Epsilon', 'Delta', 'Alpha', 'Beta', 'Gamma']],
    ['close_date', ['Beta', 'Gamma', 'Epsilon', 'Alpha', 'Delta']],
    ['stage', ['Beta', 'Delta', 'Epsilon', 'Gamma', 'Alpha']],
    ['created_at', ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon']],
    ['updated_at', ['Beta', 'Gamma', 'Delta', 'Epsilon', 'Alpha']],
  ])('when ordered by %s, then ascending and descending are mirror images', (field, ascending) => checks('opportunities').mirrored(field, ascending));
});

describe('the task list', () => {
  it.each([
    ['?status=open', ['Draft', 'Email']],
    ['?status=in_progress,done', ['Book 50%', 'Meet', 'Call']],
    ['?priority=high', ['Draft', 'Call']],
    ['?priority=low,normal', ['Book 50%', 'Meet', 'Email']],
    ['?lead=LEAD', ['Call']],
    ['?contact=CONTACT', ['Email']],
    ['?account=ACME', ['Meet']],
    ['?opportunity=ALPHA', ['Draft']],
    ['?due_date__gte=2027-01-05', ['Draft', 'Email', 'Call']],
    ['?due_date__lte=2027-01-05', ['Book 50%', 'Email']],
    ['?due_date__gte=2027-01-06&due_date__lte=2027-01-31', ['Call']],
    ['?tags=phone', ['Book 50%', 'Call']],
    ['?tags=urgent,write', ['Draft', 'Call']],
    ['?search=mee', ['Meet']],
    ['?search=50%25', ['Book 50%']],
    ['?search=_', []],
    ['?status=open&priority=high', ['Draft']],
  ])('when filtered by %s, then exactly the matching tasks', (query, expected) =>
    checks('tasks').matches(query.replace('LEAD', lead).replace('CONTACT', contact).replace('ACME', accounts[0].id).replace('ALPHA', opportunities[0].id), expected),
  );

  const STATUS_RANK: Record<string, number> = { open: 0, in_progress: 1, done: 2 };
  const PRIORITY_RANK: Record<string, number> = { low: 0, normal: 1, high: 2 };

  it.each([
    ['title', () => ['Book 50%', 'Call', 'Draft', 'Email', 'Meet']],
    ['due_date', () => ['Book 50%', 'Email', 'Call', 'Draft', 'Meet']],
    ['created_at', () => ['Call', 'Email', 'Meet', 'Draft', 'Book 50%']],
    ['updated_at', () => ['Email', 'Meet', 'Draft', 'Book 50%', 'Call']],
    ['status', () => byRankThenId(tasks, (t) => STATUS_RANK[t.status]!)],
    ['priority', () => byRankThenId(tasks, (t) => PRIORITY_RANK[t.priority]!)],
  ])('when ordered by %s, then ascending and descending are mirror images', (field, expected) => checks('tasks').mirrored(field, expected()));

  it('when ordered by status or priority, then the workflow order holds, not the alphabet', async () => {
    const statuses = (await list('tasks', '?ordering=status')).body.results.map((t: { status: string }) => t.status);
    expect(statuses).toEqual(['open', 'open', 'in_progress', 'in_progress', 'done']);
    const priorities = (await list('tasks', '?ordering=-priority')).body.results.map((t: { priority: string }) => t.priority);
    expect(priorities).toEqual(['high', 'high', 'normal', 'low', 'low']);
  });
});

describe('bad queries', () => {
  const CASES: [EntityPath, string][] = [
    ['accounts', '?ordering=email'],
    ['accounts', '?stage=prospecting'],
    ['opportunities', '?stage=won'],
    ['opportunities', '?stage=prospecting,'],
    ['opportunities', '?account=acme'],
    ['opportunities', '?ordering=probability'],
    ['opportunities', '?status=open'],
    ['tasks', '?status=closed'],
    ['tasks', '?priority=urgent'],
    ['tasks', '?lead=x'],
    ['tasks', '?contact=x'],
    ['tasks', '?account=x'],
    ['tasks', '?opportunity=x'],
    ['tasks', '?due_date__gte=2027-02-30'],
    ['tasks', '?due_date__lte=soon'],
    ['tasks', '?ordering=lead_id'],
  ];
  it.each(CASES)('%s%s: 400 in the validation shape', (entity, query) => checks(entity).refused(query));
});

describe("a member's view", () => {
  it.each([
    ['accounts', '?search=echo'],
    ['accounts', '?search=delta'],
    ['accounts', '?tags=nl'],
    ['opportunities', '?search=epsilon'],
    ['opportunities', '?stage=qualification'],
    ['tasks', '?search=draft'],
    ['tasks', '?opportunity=ALPHA'],
    ['tasks', '?tags=write'],
  ] as const)('%s%s: a hidden record never matches, nor counts', async (entity, query) => {
    const res = await list(entity, query.replace('ALPHA', opportunities[0].id), seller.access);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
