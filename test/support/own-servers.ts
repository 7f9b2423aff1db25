import { Client } from 'pg';
import { resetBrokerNamespace } from './broker-namespace';
import { EMBEDDED } from './test-env';

/**
 * A database and a broker namespace of a suite's own, named after `suffix`, for a suite that reads whole
 * tables (the shared test database holds every other suite's rows, written meanwhile). `settings` start
 * the system on them; `reset` starts them from nothing (before), `drop` removes the database (after).
 * On the embedded default each test file has its own data already: no settings, nothing to do.
 */
export function ownServers(suffix: string): { settings: Record<string, string>; databaseUrl: string; reset(): Promise<void>; drop(): Promise<void> } {
  if (EMBEDDED) return { settings: {}, databaseUrl: '', reset: async () => {}, drop: async () => {} };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_${suffix}`;
  const databaseUrl = url.toString();
  const databaseName = url.pathname.slice(1);
  const namespace = `${process.env.AMQP_NAMESPACE!}${suffix.replaceAll('_', '')}`;
  const dropDatabase = async () => {
    const server = new URL(databaseUrl);
    server.pathname = '/postgres';
    const admin = new Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return {
    settings: { DATABASE_URL: databaseUrl, AMQP_NAMESPACE: namespace },
    databaseUrl,
    async reset() {
      await dropDatabase();
      // A queue left by an earlier run would bring its events into this one.
      await resetBrokerNamespace(process.env.AMQP_URL!, namespace);
    },
    drop: dropDatabase,
  };
}
