import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { eventually, request } from './http';

export interface ScriptTenant {
  orgId: string;
  profileId: string;
  access: string;
}

/** The schemas keeping a replica of auth's profiles: a tenant can act everywhere once it is in each. */
const PROFILE_REPLICAS = ['leads', 'contacts', 'accounts_opportunities'];

/** Registers a tenant through the gateway and waits until its admin is in every profiles replica. */
export async function registerTenant(gatewayUrl: string, db: Client, orgName: string): Promise<ScriptTenant> {
  const email = `admin-${randomUUID().slice(0, 8)}@reliability.test`;
  const answer = await request(gatewayUrl, 'POST', '/api/auth/register/', { body: { org_name: orgName, email, password: 'correct horse battery' } });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${answer.text.slice(0, 300)}`);
  const tenant = { orgId: answer.body.org.id, profileId: answer.body.profile.id, access: answer.body.access };
  await waitForProfileReplicas(db, tenant.profileId);
  return tenant;
}

/** Waits (at most 30 s, then throws) until a profile is in every profiles replica. */
export async function waitForProfileReplicas(db: Client, profileId: string): Promise<void> {
  const replicated = await eventually(async () => {
    for (const schema of PROFILE_REPLICAS) {
      const { rows } = await db.query(`SELECT 1 FROM ${schema}.profiles WHERE id = $1`, [profileId]);
      if (rows.length === 0) return undefined;
    }
    return true;
  }, 30_000);
  if (!replicated) throw new Error(`profile ${profileId} never reached every profiles replica`);
}
