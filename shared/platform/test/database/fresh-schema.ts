import { join } from 'node:path';
import { Client } from 'pg';
import { openServiceDatabase, readSqlMigrations, type DataSource, type SqlMigration } from '../../src/database';

/**
 * Migrations of the leads service's frozen SQL (`services/leads/migrations/`), by name: the tables every
 * service has (the outbox and inbox, the profiles replica, custom fields, notes) exactly as they are applied.
 */
export function leadsMigrationsNamed(...names: string[]): SqlMigration[] {
  const frozen = readSqlMigrations(join(__dirname, '../../../../services/leads/migrations'));
  return names.map((name) => {
    const migration = frozen.find((candidate) => candidate.name === name);
    if (!migration) throw new Error(`The leads service has no migration ${name}`);
    return migration;
  });
}

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
