import type { Client } from 'pg';
import { quoteIdent, type OutboxMark } from './backup-set';

/**
 * What the backup and the restore read of the schemas, through one client: whatever snapshot the
 * client's transaction holds (the backup reads them in the dump's own snapshot).
 */

/** The schemas among `wanted` that exist in the database. */
export async function existingSchemas(client: Client, wanted: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1::text[])`, [wanted]);
  const present = new Set(rows.map((row) => row.name));
  return wanted.filter((schema) => present.has(schema));
}

/** Exact rows of every table of each schema (count(*): estimates would not prove a restore complete). */
export async function countRows(client: Client, schemas: readonly string[]): Promise<Record<string, Record<string, number>>> {
  const { rows: tables } = await client.query<{ schema: string; table: string }>(
    `SELECT schemaname AS schema, tablename AS table FROM pg_tables WHERE schemaname = ANY($1::text[]) ORDER BY 1, 2`,
    [schemas],
  );
  const counts: Record<string, Record<string, number>> = Object.fromEntries(schemas.map((schema) => [schema, {}]));
  for (const { schema, table } of tables) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteIdent(schema)}.${quoteIdent(table)}`);
    counts[schema]![table] = rows[0]!.n;
  }
  return counts;
}

/** The schemas (of `schemas`) that publish events: those with an outbox. */
export async function schemasWithOutbox(client: Client, schemas: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ schema: string }>(
    `SELECT schemaname AS schema FROM pg_tables WHERE tablename = 'outbox' AND schemaname = ANY($1::text[])`,
    [schemas],
  );
  const publishing = new Set(rows.map((row) => row.schema));
  return schemas.filter((schema) => publishing.has(schema));
}

/**
 * Timestamps as text with their microseconds (a JavaScript Date keeps milliseconds, and a replay bound
 * rounded down would take in an event or two more, rounded up would miss some).
 */
export const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
export const isoUtc = (expression: string) => `to_char((${expression}) AT TIME ZONE 'UTC', ${ISO_UTC})`;

export async function readOutboxMarks(client: Client, schemas: readonly string[]): Promise<Record<string, OutboxMark>> {
  const marks: Record<string, OutboxMark> = {};
  for (const schema of await schemasWithOutbox(client, schemas)) {
    const { rows } = await client.query<{ high_water_mark: string | null; unpublished: number }>(
      `SELECT ${isoUtc('max(created_at)')} AS high_water_mark, count(*) FILTER (WHERE published_at IS NULL)::int AS unpublished
         FROM ${quoteIdent(schema)}.outbox`,
    );
    marks[schema] = { highWaterMark: rows[0]!.high_water_mark, unpublished: rows[0]!.unpublished };
  }
  return marks;
}
