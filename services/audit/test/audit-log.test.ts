import { randomUUID } from 'node:crypto';
import { auditService } from '@crm/audit';
import { scopesForRole } from '@crm/auth';
import type { Caller } from '@crm/platform';
import { callerOf, newTenant, startComponent, type EventInput, type Member, type ServiceComponent } from '@crm/testing';

/**
 * The audit service alone: every event on the exchange, whoever publishes it, becomes one entry of its
 * tenant's log, read at `GET /api/audit-logs/` by admins with `audit:read` (architecture §1).
 */
let audit: ServiceComponent;
beforeAll(async () => (audit = await startComponent(auditService)));
afterAll(() => audit?.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const AT_NOON = Date.UTC(2026, 0, 15, 12);

/** A change to a lead (or `type`'s entity) by `actor`, `second` seconds after noon. */
const change = (actor: Member, options: { type?: string; subject?: string; second?: number } = {}): EventInput => {
  const subject = options.subject ?? randomUUID();
  const type = options.type ?? 'lead.updated';
  return {
    source: type.startsWith('contact.') ? 'contacts' : 'leads',
    type,
    tenantId: actor.tenantId,
    subject,
    actor: actor.actor,
    data: { id: subject, first_name: 'Ada', version: 2 },
    time: new Date(AT_NOON + (options.second ?? 0) * 1000),
  };
};

const auditLog = (as: Caller, query = '') => audit.call('GET', `/api/audit-logs/${query}`, { as });
const recordIdsOf = (res: { body: { results: Array<{ record_id: string }> } }) => res.body.results.map((entry) => entry.record_id);

describe('entries', () => {
  it('when an event is published, then its tenant has one entry {id, type, record_id, actor, time, data} for it', async () => {
    const admin = newTenant(scopesForRole).admin();
    const event = await audit.deliver(change(admin));
    const res = await auditLog(admin.caller, `?record_id=${event.subject}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: expect.stringMatching(UUID), type: 'lead.updated', record_id: event.subject, actor: admin.actor, time: event.time, data: event.data }],
    });
  });

  it('when an event is delivered again, then it is still one entry', async () => {
    const admin = newTenant(scopesForRole).admin();
    const event = await audit.deliver(change(admin));
    await audit.redeliver(event);
    const res = await auditLog(admin.caller, `?record_id=${event.subject}`);
    expect(res.body.count).toBe(1);
    expect(res.body.results).toHaveLength(1);
  });

  it('when another tenant’s admin reads the log, then none of this tenant’s entries are in it', async () => {
    const admin = newTenant(scopesForRole).admin();
    const stranger = newTenant(scopesForRole).admin();
    const event = await audit.deliver(change(admin));
    expect((await auditLog(stranger.caller, `?record_id=${event.subject}`)).body.count).toBe(0);
    expect((await auditLog(stranger.caller)).body.count).toBe(0);
  });
});

describe('reading the log', () => {
  it('when filtered by record_id, type or both, then only the matching entries come back', async () => {
    const admin = newTenant(scopesForRole).admin();
    const lead = randomUUID();
    await audit.deliver(change(admin, { type: 'lead.created', subject: lead, second: 1 }));
    await audit.deliver(change(admin, { type: 'lead.updated', subject: lead, second: 2 }));
    const contact = (await audit.deliver(change(admin, { type: 'contact.updated', second: 3 }))).subject;

    const byRecord = await auditLog(admin.caller, `?record_id=${lead}&ordering=time`);
    expect(byRecord.body.results.map((entry: { type: string }) => entry.type)).toEqual(['lead.created', 'lead.updated']);
    expect(recordIdsOf(await auditLog(admin.caller, '?type=contact.updated'))).toEqual([contact]);
    const both = await auditLog(admin.caller, `?record_id=${lead}&type=lead.updated`);
    expect(both.body.results.map((entry: { type: string }) => entry.type)).toEqual(['lead.updated']);
  });

  it('when ordering=time, then oldest first, as the events’ times say whatever order they came in; by default newest first', async () => {
    const admin = newTenant(scopesForRole).admin();
    const second = await audit.deliver(change(admin, { second: 2 }));
    const first = await audit.deliver(change(admin, { second: 1 }));
    const third = await audit.deliver(change(admin, { second: 3 }));
    const oldestFirst = [first.subject, second.subject, third.subject];
    expect(recordIdsOf(await auditLog(admin.caller, '?ordering=time'))).toEqual(oldestFirst);
    expect(recordIdsOf(await auditLog(admin.caller))).toEqual([...oldestFirst].reverse());
    expect(recordIdsOf(await auditLog(admin.caller, '?ordering=-time'))).toEqual([...oldestFirst].reverse());
  });

  it('when a member, or an admin whose token lacks audit:read, asks, then 403', async () => {
    const tenant = newTenant(scopesForRole);
    const seller = tenant.member();
    const admin = tenant.admin();
    await audit.deliver(change(admin));
    const leadsOnlyToken = callerOf({ ...admin, scopes: ['leads:read'] });
    for (const caller of [seller.caller, leadsOnlyToken]) {
      const res = await auditLog(caller);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });
});
