import { randomUUID } from 'node:crypto';
import { request } from './http';

export interface ScriptTenant {
  orgId: string;
  profileId: string;
  access: string;
}

/** Registers a tenant through the gateway; its admin may act in every service at once (architecture §1). */
export async function registerTenant(gatewayUrl: string, orgName: string): Promise<ScriptTenant> {
  const email = `admin-${randomUUID().slice(0, 8)}@reliability.test`;
  const answer = await request(gatewayUrl, 'POST', '/api/auth/register/', { body: { org_name: orgName, email, password: 'correct horse battery' } });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${answer.text.slice(0, 300)}`);
  return { orgId: answer.body.org.id, profileId: answer.body.profile.id, access: answer.body.access };
}
