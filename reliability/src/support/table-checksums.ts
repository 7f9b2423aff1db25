import type { Client } from 'pg';
import { sleep } from './http';

/** Per table (`schema.table`): `<row count>:<md5 of its rows in order>`. */
export type Checksums = Record<string, string>;

export interface ChecksumScope {
  /** Tables left out, each with the reason its change is legitimate. */
  exclude?: Record<string, string>;
  /** Only the rows whose text holds one of these strings (e.g. one tenant's ids); every row when absent. */
  rowsMentioning?: string[];
}

/**
 * A checksum of every table of every service schema (every schema of the database but PostgreSQL's
 * own), taken once the tables stand still (two readings 300 ms apart agree): events of earlier requests
 * still being relayed and consumed must not pass for changes made by the requests under test.
 */
export async function stillChecksums(db: Client, scope: ChecksumScope = {}, timeoutMs = 60_000): Promise<Checksums> {
  let previous = await checksums(db, scope);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await sleep(300);
    const current = await checksums(db, scope);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error(`the tables did not stand still within ${timeoutMs / 1000} s`);
}

async function checksums(db: Client, scope: ChecksumScope): Promise<Checksums> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  );
  const patterns = scope.rowsMentioning?.map((value) => `%${value}%`);
  const sums: Checksums = {};
  for (const { name } of tables) {
    if (scope.exclude && name in scope.exclude) continue;
    const where = patterns ? 'WHERE t::text LIKE ANY($1)' : '';
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${name} t ${where}`,
      patterns ? [patterns] : [],
    );
    sums[name] = `${rows[0].n}:${rows[0].sum}`;
  }
  return sums;
}

/** The tables whose checksum differs (or that appeared or went away) between two readings. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
