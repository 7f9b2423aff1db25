import type { ApiClient } from './api-client';
import type { TestSystem } from './system';
import { waitForProfilesIn } from './events';

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
export const waitForProfilesInLeads = (system: TestSystem, profileIds: string[]) => waitForProfilesIn(system, 'leads', profileIds);
