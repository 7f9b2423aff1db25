import type { ApiClient } from './api-client';

/** Creates a lead through the gateway; fails the test on anything but 201. */
export async function createLead(api: ApiClient, token: string, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/api/leads/', body, { token });
  if (res.status !== 201) throw new Error(`create lead failed: ${res.status} ${res.text}`);
  return res.body;
}
