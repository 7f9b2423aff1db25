import { Client } from 'pg';
import { openServiceDatabase, type DataSource } from '../../src/database';
import { DATABASE_URL } from '../messaging/helpers';

/**
 * A data source on `schema`, dropped first so each run starts from nothing, with the test's own
 * migrations. Two connections (migrating takes two at once); calls one after the other reuse the
 * connection released last.
 */
export async function openFreshSchema(schema: string, migrations: Array<{ name: string; up: string }>): Promise<DataSource> {
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  return openServiceDatabase({ url: DATABASE_URL, schema, poolSize: 2, migrations });
}
