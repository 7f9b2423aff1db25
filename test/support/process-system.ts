import { startProcessSystem as startServiceProcesses, type ProcessSystem as ServiceProcesses } from '@crm/system';
import { Client } from 'pg';
import { ApiClient } from './api-client';
import { Mailbox } from './mailbox';
import { registerTenant, type TenantAdmin } from './tenants';

/** The process system (`@crm/system`) with a client of its gateway and a database client for checks across schemas. */
export interface ProcessSystem extends ServiceProcesses {
  api: ApiClient;
  db: Client;
  /** The SMTP server auth sends its e-mail to (SMTP_URL). */
  mailbox: Mailbox;
}

/** `serviceEnv` goes to every service process (each start may add more). */
export async function startProcessSystem(serviceEnv: Record<string, string> = {}): Promise<ProcessSystem> {
  const mailbox = await Mailbox.start();
  const processes = await startServiceProcesses({ serviceEnv: { SMTP_URL: mailbox.url, ...serviceEnv } });
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  return {
    ...processes,
    api: new ApiClient(processes.gatewayUrl),
    db,
    mailbox,
    close: async () => {
      await db.end();
      await processes.close();
      await mailbox.stop();
    },
  };
}

/** A process-based suite's start: every service in its own process, and a tenant registered through the gateway. */
export async function startProcessSystemWithTenant(serviceEnv: Record<string, string> = {}): Promise<{ system: ProcessSystem; api: ApiClient; admin: TenantAdmin }> {
  const system = await startProcessSystem(serviceEnv);
  return { system, api: system.api, admin: await registerTenant(system.api) };
}
