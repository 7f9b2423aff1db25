import type { ApiClient } from './api-client';
import type { TestSystem } from './system';
import { eventually } from './tenants';

/** Creates a lead through the gateway; fails the test on anything but 201. */
export async function createLead(api: ApiClient, token: string, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/api/leads/', body, { token });
  if (res.status !== 201) throw new Error(`create lead failed: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * Waits until the leads service's profile replica holds every profile given (auth's `profile.created`
 * travels through the bus), so `assigned_to.email` is filled and the profile can be assigned leads.
 */
export async function waitForProfilesInLeads(system: TestSystem, profileIds: string[]): Promise<void> {
  const leads = system.services.leads!;
  await eventually(
    async () => {
      const [row] = await leads.dataSource.query(`SELECT count(*)::int AS n FROM profiles WHERE id = ANY($1::uuid[])`, [profileIds]);
      return row.n === new Set(profileIds).size ? true : undefined;
    },
    15_000,
    `profiles ${profileIds.join(', ')} in the leads replica`,
  );
}
