import { randomUUID } from 'node:crypto';
import { createEvent, enqueueEvent, OutboxRelay, type RunningService } from '@crm/platform';
import { startTestSystem, type TestSystem } from '../support/system';
import { addMember, eventually, registerTenant, type TenantAdmin } from '../support/tenants';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

const auditLog = (admin: TenantAdmin, query = '') => system.api.get(`/api/audit-logs/${query}`, { token: admin.access });

/** Waits until the audit log of the tenant answers `count` entries for `query`. */
async function waitForCount(admin: TenantAdmin, query: string, count: number) {
  return eventually(
    async () => {
      const res = await auditLog(admin, query);
      return res.body.count === count ? res : undefined;
    },
    // Delivery of hundreds of events on a busy machine (the embedded suites run two files at once): this
    // test is about each arriving exactly once, not about how fast.
    60_000,
    `${count} audit entries for ${query}`,
  );
}

describe('the audit log', () => {
  it('when a tenant registers and adds a member, then both profile.created events are in its log', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const res = await waitForCount(admin, '?type=profile.created', 2);
    expect(res.status).toBe(200);
    const entry = res.body.results.find((e: { record_id: string }) => e.record_id === member.profileId);
    expect(entry).toEqual({
      id: expect.any(String),
      type: 'profile.created',
      record_id: member.profileId,
      actor: { user_id: admin.userId, profile_id: admin.profileId },
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: expect.objectContaining({ email: member.email, role: 'member', sales_access: true }),
    });
  });

  it('when filtered by record_id, type and time, then only matching entries come back', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, false);
    await waitForCount(admin, '', 2);
    const byRecord = await auditLog(admin, `?record_id=${member.profileId}`);
    expect(byRecord.body.count).toBe(1);
    expect((await auditLog(admin, '?type=profile.updated')).body.count).toBe(0);
    expect((await auditLog(admin, '?created_at__gte=2999-01-01')).body.count).toBe(0);
    expect((await auditLog(admin, '?created_at__lte=2000-01-01T00:00:00Z')).body.count).toBe(0);
    expect((await auditLog(admin, `?created_at__gte=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).body.count).toBe(2);
  });

  it('when the query is bad, then 400 in the validation shape', async () => {
    const admin = await registerTenant(system.api);
    for (const query of ['?created_at__gte=yesterday', '?page=0', '?page=abc', '?page_size=101', '?colour=red', '?ordering=name']) {
      const res = await auditLog(admin, query);
      expect({ query, status: res.status, error: res.body.error }).toEqual({ query, status: 400, error: true });
    }
  });

  it('when a page is past the end, then 200 with empty results; next and previous are absolute gateway URLs', async () => {
    const admin = await registerTenant(system.api);
    await addMember(system.api, admin, true);
    await addMember(system.api, admin, true);
    await waitForCount(admin, '', 3);
    const first = await auditLog(admin, '?page_size=2&type=profile.created');
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.previous).toBeNull();
    const link = (url: string) => ({ at: url.split('?')[0], params: Object.fromEntries(new URL(url).searchParams) });
    expect(link(first.body.next)).toEqual({ at: `${system.gatewayUrl}/api/audit-logs/`, params: { page_size: '2', type: 'profile.created', page: '2', cursor: expect.any(String) } });
    const second = await system.api.get(first.body.next, { token: admin.access });
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect(link(second.body.previous)).toEqual({ at: `${system.gatewayUrl}/api/audit-logs/`, params: { page_size: '2', type: 'profile.created', cursor: expect.any(String) } });
    expect((await system.api.get(second.body.previous, { token: admin.access })).body.results).toEqual(first.body.results);
    const past = await auditLog(admin, '?page=9');
    expect(past.status).toBe(200);
    expect(past.body.results).toEqual([]);
  });

  it('when a member or an admin token without audit:read asks, then 403', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    expect((await system.api.get('/api/audit-logs/', { token: member.access })).status).toBe(403);
    const token = await system.api.post('/api/auth/api-tokens/', { name: 'no-audit', scopes: ['leads:read'] }, { token: admin.access });
    expect((await system.api.get('/api/audit-logs/', { token: token.body.token })).status).toBe(403);
  });

  it('when another tenant looks, then it never sees this tenant’s entries', async () => {
    const one = await registerTenant(system.api);
    const two = await registerTenant(system.api);
    await waitForCount(one, '', 1);
    const res = await auditLog(two, `?record_id=${one.profileId}`);
    expect(res.body.count).toBe(0);
  });
});

describe('delivery through the outbox', () => {
  const EVENTS = 600;

  async function enqueueProbeEvents(auth: RunningService, admin: TenantAdmin, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    await auth.dataSource.transaction(async (manager) => {
      for (const subject of ids) {
        const event = createEvent({
          source: 'auth',
          // A type of auth's own that only audit consumes: the broker lets auth publish only its catalogue's keys.
          type: 'profile.deactivated',
          subject,
          tenantId: admin.orgId,
          actor: { user_id: admin.userId, profile_id: admin.profileId },
          data: { probe: true },
        });
        await enqueueEvent(manager, event);
      }
    });
    return ids;
  }

  it('when the relay crashes after publishing a batch and restarts, then every event is in the audit log exactly once', async () => {
    const auth = system.services.auth;
    const admin = await registerTenant(system.api);
    await auth.relay!.stop();
    const subjects = await enqueueProbeEvents(auth, admin, EVENTS);

    // A relay that dies between the broker's confirms and marking the rows: the batch goes out twice.
    let crashed = 0;
    const crashing = new OutboxRelay({
      dataSource: auth.dataSource,
      broker: auth.broker,
      logger: auth.logger,
      databaseUrl: process.env.DATABASE_URL!,
      batchSize: 250,
      beforeMarkPublished: async () => {
        crashed += 1;
        throw new Error('simulated crash before marking the batch');
      },
    });
    crashing.start();
    await eventually(async () => (crashed >= 1 ? true : undefined), 10_000, 'a crashed batch');
    await crashing.stop();

    auth.relay!.start();
    const res = await waitForCount(admin, '?type=profile.deactivated&page_size=1', EVENTS);
    expect(res.body.count).toBe(EVENTS);
    expect(await auth.relay!.backlog()).toBe(0);

    // Give late duplicates a moment to arrive, then check nothing was counted twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = new Set<string>();
    for (let page = 1; page <= EVENTS / 100; page += 1) {
      const list = await auditLog(admin, `?type=profile.deactivated&page_size=100&page=${page}`);
      for (const entry of list.body.results) seen.add(entry.record_id);
    }
    expect((await auditLog(admin, '?type=profile.deactivated')).body.count).toBe(EVENTS);
    expect(seen).toEqual(new Set(subjects));
  }, 120_000);

  it('when the relay is stopped mid-stream and started again, then nothing is lost or doubled', async () => {
    const auth = system.services.auth;
    const admin = await registerTenant(system.api);
    const subjects = await enqueueProbeEvents(auth, admin, EVENTS);
    await auth.relay!.stop();
    auth.relay!.start();
    await auth.relay!.stop();
    auth.relay!.start();
    const res = await waitForCount(admin, '?type=profile.deactivated&page_size=1', EVENTS);
    expect(res.body.count).toBe(subjects.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await auditLog(admin, '?type=profile.deactivated')).body.count).toBe(EVENTS);
  });
});
