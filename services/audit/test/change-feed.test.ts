import { randomUUID } from 'node:crypto';
import { auditService } from '@crm/audit';
import { scopesForRole } from '@crm/auth';
import type { Caller, CrmEvent } from '@crm/platform';
import { callerOf, eventually, newTenant, startComponent, type EventInput, type Member, type ServiceComponent } from '@crm/testing';

/**
 * The change feed, `GET /api/changes/` (docs/events.md §4): the audit log's entries of a tenant, each once,
 * in the order recorded, read on from a cursor; admins only, with `audit:read` or an entity's read scope.
 */
let audit: ServiceComponent;
beforeAll(async () => (audit = await startComponent(auditService)));
afterAll(() => audit?.stop());

const PRODUCERS: Record<string, string> = { lead: 'leads', contact: 'contacts', account: 'accounts-opportunities' };

/** A change of `type` to a new record, by `actor`, as its producer publishes it. */
const change = (actor: Member, type: string): EventInput => {
  const subject = randomUUID();
  return { source: PRODUCERS[type.split('.')[0]!]!, type, tenantId: actor.tenantId, subject, actor: actor.actor, data: { id: subject, version: 1 } };
};

/** Delivers the changes one after the other: each is recorded before the next is published. */
async function recordInTurn(actor: Member, types: string[]): Promise<CrmEvent[]> {
  const events: CrmEvent[] = [];
  for (const type of types) events.push(await audit.deliver(change(actor, type)));
  return events;
}

const recordIdsOf = (page: { body: { results: Array<{ record_id: string }> } }) => page.body.results.map((entry) => entry.record_id);

const feed = (as: Caller, query = '') => audit.call('GET', `/api/changes/${query}`, { as });

/**
 * Waits until the feed shows the tenant's `count` changes: one shows once every transaction older than
 * it has ended (on the whole database server, so another test file's can hold it back a moment).
 */
const feedShows = (as: Caller, count: number) =>
  eventually(async () => ((await feed(as, '?page_size=100')).body.count === count ? true : undefined), `${count} changes in the feed`);

describe('reading the feed', () => {
  it('when read page by page from the start, then each change comes once (a redelivered one too), in the order recorded, and next is null once caught up', async () => {
    const admin = newTenant(scopesForRole).admin();
    const recorded = await recordInTurn(admin, ['lead.created', 'contact.created', 'lead.updated', 'account.created', 'contact.updated']);
    await audit.redeliver(recorded[2]!);
    await feedShows(admin.caller, 5);

    const seen: string[] = [];
    const pages: Array<{ count: number; next: boolean }> = [];
    let after = '';
    for (;;) {
      const page = await feed(admin.caller, `?page_size=2${after}`);
      expect(page.status).toBe(200);
      seen.push(...recordIdsOf(page));
      pages.push({ count: page.body.count, next: page.body.next !== null });
      after = `&after=${page.body.cursor}`;
      if (page.body.next === null) break;
    }
    expect(seen).toEqual(recorded.map((event) => event.subject));
    // `count` is the matches (api-contract §2): the changes after the cursor, this page's and the rest (issue 35.12).
    expect(pages).toEqual([
      { count: 5, next: true },
      { count: 3, next: true },
      { count: 1, next: false },
    ]);
  });

  it('when read on while changes come, then each count is the changes after the cursor of the types asked for, those come since included', async () => {
    const admin = newTenant(scopesForRole).admin();
    await recordInTurn(admin, ['lead.created', 'contact.created', 'lead.updated', 'lead.updated', 'contact.updated']);
    await feedShows(admin.caller, 5);
    const first = await feed(admin.caller, '?types=lead.*&page_size=2');
    expect({ count: first.body.count, results: first.body.results.length }).toEqual({ count: 3, results: 2 });
    await recordInTurn(admin, ['lead.deleted', 'contact.deleted', 'lead.created']);
    await feedShows(admin.caller, 8);
    // Read on from the first page's cursor: the lead change left of the three, and the two lead changes since.
    const second = await feed(admin.caller, `?types=lead.*&page_size=2&after=${first.body.cursor}`);
    expect({ count: second.body.count, results: second.body.results.length }).toEqual({ count: 3, results: 2 });
    const third = await feed(admin.caller, `?types=lead.*&page_size=2&after=${second.body.cursor}`);
    expect({ count: third.body.count, results: third.body.results.length, next: third.body.next }).toEqual({ count: 1, results: 1, next: null });
    // Another filter counts its own: every type, and one of contact's.
    expect((await feed(admin.caller, `?after=${first.body.cursor}`)).body.count).toBe(5);
    expect((await feed(admin.caller, '?types=contact.deleted')).body.count).toBe(1);
  });

  it('when read on from a cursor, then only the changes recorded after it come, and with none the same cursor is answered', async () => {
    const admin = newTenant(scopesForRole).admin();
    await recordInTurn(admin, ['lead.created', 'lead.updated']);
    await feedShows(admin.caller, 2);
    const caughtUp = await feed(admin.caller);
    const nothingNew = await feed(admin.caller, `?after=${caughtUp.body.cursor}`);
    expect(nothingNew.body).toMatchObject({ count: 0, next: null, results: [], cursor: caughtUp.body.cursor });

    const [later] = await recordInTurn(admin, ['contact.created']);
    const readOn = await eventually(async () => {
      const page = await feed(admin.caller, `?after=${caughtUp.body.cursor}`);
      return page.body.count > 0 ? page : undefined;
    }, 'the later change in the feed');
    expect(recordIdsOf(readOn)).toEqual([later!.subject]);
  });
});

describe('who may read it', () => {
  it('when a member asks, then 403, with or without types', async () => {
    const seller = newTenant(scopesForRole).member();
    for (const query of ['', '?types=lead.*']) {
      const res = await feed(seller.caller, query);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('when an admin’s token carries only leads:read, then it reads the lead changes it names in types, and 403 for any other type or without types', async () => {
    const admin = newTenant(scopesForRole).admin();
    const [lead] = await recordInTurn(admin, ['lead.created', 'contact.created']);
    await feedShows(admin.caller, 2);
    const leadsReader = callerOf({ ...admin, scopes: ['leads:read'] });

    const leads = await feed(leadsReader, '?types=lead.*');
    expect(leads.status).toBe(200);
    expect(recordIdsOf(leads)).toEqual([lead!.subject]);
    for (const query of ['', '?types=contact.created', '?types=lead.*,contact.*']) {
      expect({ query, status: (await feed(leadsReader, query)).status }).toEqual({ query, status: 403 });
    }
  });
});
