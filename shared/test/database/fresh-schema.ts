import { Client } from 'pg';
import { openServiceDatabase, type DataSource } from '../../src/database';

/**
 * A data source on `schema`, dropped first so each run starts from nothing, with the test's own
 * migrations. Two connections unless said (migrating takes two at once); calls one after the other
 * reuse the connection released last.
 */
export async function openFreshSchema(schema: string, migrations: Array<{ name: string; up: string }>, options: { poolSize?: number } = { poolSize: 2 }): Promise<DataSource> {
  const url = process.env.DATABASE_URL!;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
  return openServiceDatabase({ url, schema, migrations, ...options });
}
