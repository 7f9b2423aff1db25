import { startSystem } from '@crm/system';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Servers } from './servers';

export interface InProcessSystem {
  gatewayUrl: string;
  /** The script's database, directly. */
  db: Client;
  stop(): Promise<void>;
}

/**
 * The whole system in the script's process on the script's servers, set up for sending thousands of
 * requests from a few credentials: rate limits out of the way, access tokens outliving the run (one
 * expiring midway would turn every later case into a 401), small connection pools (the machine's
 * PostgreSQL is shared: 100 connections). `settings` override any of these (a script about the limits sets its own).
 */
export async function startInProcessSystem(servers: Servers, settings: Record<string, string> = {}): Promise<InProcessSystem> {
  const system = await startSystem({
    env: {
      ...process.env,
      ...servers.env,
      THROTTLE_RATES: 'read=100000000/hour,write=100000000/hour,anon=100000000/minute,unauthenticated=100000000/minute',
      // Every submission to one web form, from all addresses together.
      FORM_RATE: '100000000/minute',
      // The scripts export in parallel, many at once per tenant.
      EXPORTS_PER_TENANT: '100',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DATABASE_POOL_SIZE: '4',
      // No SMTP server here: auth writes its e-mail as files, under the machine's temporary folder (not the working tree).
      EMBEDDED_DATA_DIR: join(tmpdir(), 'crm-reliability-data'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      ...settings,
    },
    ports: 'any',
  });
  const db = new Client({ connectionString: servers.databaseUrl });
  await db.connect();
  return {
    gatewayUrl: system.gatewayUrl,
    db,
    stop: async () => {
      await db.end();
      await system.stop();
      await servers.close();
    },
  };
}
