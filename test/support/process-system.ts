import { startGateway } from '@crm/gateway';
import { createLogger } from '@crm/shared';
import { Client } from 'pg';
import { ApiClient } from './api-client';
import { freePort, startServiceProcess, waitForLine, type ServiceProcess } from './processes';
import { eventually, registerTenant, type TenantAdmin } from './tenants';

/** Every service behind the gateway, with the gateway setting that points at it. */
const SERVICES = [
  { name: 'auth', setting: 'AUTH_SERVICE_URL' },
  { name: 'leads', setting: 'LEADS_SERVICE_URL' },
  { name: 'contacts', setting: 'CONTACTS_SERVICE_URL' },
  { name: 'import-export', setting: 'IMPORT_EXPORT_SERVICE_URL' },
  { name: 'accounts-opportunities', setting: 'ACCOUNTS_OPPORTUNITIES_SERVICE_URL' },
  { name: 'audit', setting: 'AUDIT_SERVICE_URL' },
] as const;

/**
 * The system as production runs it: every service in its own process (the compiled `main.js`) on a
 * fixed free port, so one can be stopped and started again where the gateway expects it; the gateway
 * in this process; a database client for checks across schemas.
 */
export interface ProcessSystem {
  api: ApiClient;
  db: Client;
  running: Record<string, ServiceProcess>;
  start(name: string, extraEnv?: Record<string, string>): Promise<void>;
  stop(name: string): Promise<void>;
  close(): Promise<void>;
}

/** `serviceEnv` goes to every service process (each start may add more). */
export async function startProcessSystem(serviceEnv: Record<string, string> = {}): Promise<ProcessSystem> {
  const ports: Record<string, number> = {};
  const running: Record<string, ServiceProcess> = {};
  for (const { name } of SERVICES) ports[name] = await freePort();

  // Every service knows where the others are (import-export calls leads and contacts).
  const urls = Object.fromEntries(SERVICES.map(({ name, setting }) => [setting, `http://127.0.0.1:${ports[name]}`]));
  const start = async (name: string, extraEnv: Record<string, string> = {}): Promise<void> => {
    const started = startServiceProcess(name, { ...urls, ...serviceEnv, PORT: String(ports[name]), ...extraEnv });
    running[name] = started;
    await waitForLine(started, 'listening');
  };
  const stop = async (name: string): Promise<void> => {
    running[name]!.child.kill('SIGTERM');
    await running[name]!.exited;
  };

  for (const { name } of SERVICES) await start(name);
  const env: Record<string, string | undefined> = { ...process.env, THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute' };
  Object.assign(env, urls);
  const gateway = await startGateway({ env, port: 0, logger: createLogger('gateway', 'silent') });
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();

  const close = async (): Promise<void> => {
    await gateway.stop();
    await db.end();
    await Promise.all(
      Object.values(running).map(async (service) => {
        if (service.child.exitCode === null && service.child.signalCode === null) {
          service.child.kill('SIGTERM');
          await service.exited;
        }
      }),
    );
  };
  return { api: new ApiClient(gateway.url), db, running, start, stop, close };
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
