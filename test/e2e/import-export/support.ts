import type { ApiClient } from '../../support/api-client';
import type { TestSystem } from '../../support/system';

/** Helpers for the import and export suites: uploads as a client sends them, and what the tables hold. */

/** A multipart upload of `content` in `field` (a CSV file unless told otherwise). */
export function csvForm(content: string | Uint8Array, field = 'file', filename = 'import.csv'): FormData {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/csv' }), filename);
  return form;
}

export const upload = (api: ApiClient, path: string, token: string, form: FormData) => api.post(path, undefined, { token, rawBody: form });

/** A CSV file from rows of cells (quoted where needed), CRLF line ends. */
export function csv(rows: string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

const SCHEMAS = ['leads', 'contacts', 'accounts_opportunities', 'import_export'];
/** Tables whose rows a refused import may add by design: the job record of the attempt. */
const BOOKKEEPING = new Set(['import_export.import_jobs']);

/**
 * A checksum of every row of every table of the services an import touches (the import job records
 * excepted: every attempt is recorded). Equal before and after: nothing was written. It is taken once
 * the tables are still (two readings 200 ms apart agree), so the replicas catching up with events of
 * earlier tests (profiles, known records) are not mistaken for the import's doing.
 */
export async function tablesChecksum(system: TestSystem): Promise<Record<string, string>> {
  let previous = JSON.stringify(await readChecksum(system));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = JSON.stringify(await readChecksum(system));
    if (current === previous) return JSON.parse(current);
    previous = current;
  }
  throw new Error('the tables never stood still');
}

async function readChecksum(system: TestSystem): Promise<Record<string, string>> {
  const db = system.services.leads!.dataSource;
  const tables: Array<{ table_schema: string; table_name: string }> = await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const sums: Record<string, string> = {};
  for (const { table_schema: schema, table_name: name } of tables) {
    const qualified = `${schema}.${name}`;
    if (BOOKKEEPING.has(qualified)) continue;
    const [row] = await db.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${qualified} t`);
    sums[qualified] = `${row.n}:${row.sum}`;
  }
  return sums;
}
