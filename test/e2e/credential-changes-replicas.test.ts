import { startGateway, type RunningGateway } from '@crm/gateway';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/system';
import { addMember, apiTokenOf, registerTenant } from '../support/tenants';

/**
 * Finding 18.9 across gateway replicas: a second gateway shares only Redis with the first, and sees a
 * change of a member's role made through the first within a second. Real servers only: the embedded
 * default has one gateway and no Redis.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

describe('a second gateway replica', () => {
  let replica: RunningGateway;
  beforeAll(async () => {
    const serviceUrls = {
      AUTH_SERVICE_URL: system.services.auth!.url,
      LEADS_SERVICE_URL: system.services.leads!.url,
      CONTACTS_SERVICE_URL: system.services.contacts!.url,
      ACCOUNTS_OPPORTUNITIES_SERVICE_URL: system.services['accounts-opportunities']!.url,
      IMPORT_EXPORT_SERVICE_URL: system.services['import-export']!.url,
      AUDIT_SERVICE_URL: system.services.audit!.url,
    };
    replica = await startGateway({ env: { ...process.env, ...serviceUrls }, port: 0, metricsPort: 0 });
  });
  afterAll(async () => {
    await replica?.stop();
  });

  it('when a member is demoted through one replica, then within a second the other refuses their old access token and serves their API token with the new role', async () => {
    const owner = await registerTenant(system.api);
    const demoted = await addMember(system.api, owner, true, 'admin');
    const apiToken = await apiTokenOf(system.api, demoted, ['audit:read']);
    const onReplica = new ApiClient(replica.url);
    // Both credentials verified, resolved and cached by the replica before the change.
    expect((await onReplica.get('/api/audit-logs/', { token: demoted.access })).status).toBe(200);
    expect((await onReplica.get('/api/audit-logs/', { token: apiToken })).status).toBe(200);

    const demotion = await system.api.patch(`/api/auth/users/${demoted.profileId}/`, { role: 'member', sales_access: false }, { token: owner.access });
    expect(demotion.status).toBe(200);
    const changedAt = Date.now();

    expect(await refusedAfterMs(onReplica, demoted.access, 401, changedAt)).toBeLessThan(1_500);
    expect(await refusedAfterMs(onReplica, apiToken, 403, changedAt)).toBeLessThan(1_500);
  });

  it('when a member is deactivated through one replica, then within a second the other refuses their access token and their API token', async () => {
    const owner = await registerTenant(system.api);
    const leaving = await addMember(system.api, owner, true, 'admin');
    const apiToken = await apiTokenOf(system.api, leaving, ['audit:read']);
    const onReplica = new ApiClient(replica.url);
    expect((await onReplica.get('/api/audit-logs/', { token: leaving.access })).status).toBe(200);
    expect((await onReplica.get('/api/audit-logs/', { token: apiToken })).status).toBe(200);

    expect((await system.api.post(`/api/auth/users/${leaving.profileId}/deactivate/`, {}, { token: owner.access })).status).toBe(200);
    const changedAt = Date.now();
    expect(await refusedAfterMs(onReplica, leaving.access, 401, changedAt)).toBeLessThan(1_000);
    expect(await refusedAfterMs(onReplica, apiToken, 401, changedAt)).toBeLessThan(1_000);
  });

  it('when a session logs out through one replica, then within a second the other refuses its access token', async () => {
    const owner = await registerTenant(system.api);
    const onReplica = new ApiClient(replica.url);
    expect((await onReplica.get('/api/audit-logs/', { token: owner.access })).status).toBe(200);
    expect((await system.api.post('/api/auth/logout/', { refresh: owner.refresh })).status).toBe(204);
    expect(await refusedAfterMs(onReplica, owner.access, 401, Date.now())).toBeLessThan(1_000);
  });
});

/** How long after `changedAt` the replica first answered `refusal` to a request with `token` (200 until then). */
async function refusedAfterMs(onReplica: ApiClient, token: string, refusal: number, changedAt: number): Promise<number> {
  for (;;) {
    const res = await onReplica.get('/api/audit-logs/', { token });
    if (res.status === refusal) return Date.now() - changedAt;
    expect(res.status).toBe(200);
    if (Date.now() - changedAt > 5_000) throw new Error('the replica still serves the old credential');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
