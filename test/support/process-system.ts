import { startProcessSystem as startServiceProcesses, type ProcessSystem as ServiceProcesses } from '@crm/system';
import { Client } from 'pg';
import { ApiClient } from './api-client';
import { eventually, registerTenant, type TenantAdmin } from './tenants';

/** The process system (`@crm/system`) with a client of its gateway and a database client for checks across schemas. */
export interface ProcessSystem extends ServiceProcesses {
  api: ApiClient;
  db: Client;
}

/** `serviceEnv` goes to every service process (each start may add more). */
export async function startProcessSystem(serviceEnv: Record<string, string> = {}): Promise<ProcessSystem> {
  const processes = await startServiceProcesses({ serviceEnv });
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  return {
    ...processes,
    api: new ApiClient(processes.gatewayUrl),
    db,
    close: async () => {
      await db.end();
      await processes.close();
    },
  };
}

/** The schemas keeping a replica of auth's profiles. */
const PROFILE_REPLICAS = ['leads', 'contacts', 'accounts_opportunities'];

/** Registers a tenant through the gateway and waits until its admin is in every profiles replica. */
export async function registerTenantEverywhere(system: ProcessSystem): Promise<TenantAdmin> {
  const admin = await registerTenant(system.api);
  await eventually(
    async () => {
      // One query after the other: `system.db` is a single connection.
      for (const schema of PROFILE_REPLICAS) {
        const { rows } = await system.db.query(`SELECT 1 FROM ${schema}.profiles WHERE id = $1`, [admin.profileId]);
        if (rows.length === 0) return undefined;
      }
      return true;
    },
    20_000,
    'the admin in every profiles replica',
  );
  return admin;
}
