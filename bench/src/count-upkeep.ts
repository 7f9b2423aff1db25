import { randomUUID } from 'node:crypto';
import { leadsService } from '@crm/leads';
import { openServiceDatabase, type DataSource } from '@crm/platform';
import { Client } from 'pg';
import { BENCH_ENV } from './bench-system';
import { percentileOf } from './latency';

/**
 * What keeping counts costs writes (architecture: big tenants; issue 21.2). The leads table as its
 * migrations make it, twice in one database: `upkeep_with` keeps its totals, write counts, changed rows
 * and custom values (every migration), `upkeep_without` is the same with their triggers dropped. The
 * writes the API makes (a create, a PATCH, a custom field's change, a status change, a delete, an
 * import's one statement of 5,000 rows), each with the seed's three custom fields, go to both in turn,
 * one at a time, then creates from 8 connections at once into one tenant (who waits on whom).
 * Prints each write's p50 with and without the upkeep, and their ratio, measured in the same run.
 *
 *   npm run bench -- count-upkeep
 *
 * Knobs: BENCH_REQUESTS per write and table (400), BENCH_DATABASE_URL's server (database `crm_bench_upkeep`).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const IMPORTS = 9;
const CONCURRENT = 8;
const SEEDED = 20_000;

const tenantId = randomUUID();
const owner = randomUUID();

interface Table {
  name: 'with' | 'without';
  db: DataSource;
  /** Ids of rows to PATCH and to change the status of. */
  ids: string[];
}

const UPKEEP_TRIGGERS = ['totals', 'writes', 'custom_values'].flatMap((kept) => ['insert', 'delete', 'update', 'truncate'].map((operation) => `${kept}_on_${operation}`));

/** The custom fields of every row written: a dropdown, a number and a date, as the big tenant's. */
const CUSTOM_FIELDS = `'{"segment": "smb", "score": 42, "follow_up": "2026-06-01"}'::jsonb`;

async function openTable(name: Table['name'], url: string): Promise<Table> {
  const schema = `upkeep_${name}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
  const db = await openServiceDatabase({ url, schema, migrations: leadsService.migrations, poolSize: CONCURRENT + 2 });
  if (name === 'without') for (const trigger of UPKEEP_TRIGGERS) await db.query(`DROP TRIGGER leads_${trigger} ON leads`);
  await db.query(
    `INSERT INTO leads (id, tenant_id, created_by, assigned_to, first_name, last_name, status, tags, custom_fields)
     SELECT gen_random_uuid(), $1, $2, $2, 'Seed', 'Row ' || i, 'new', ARRAY['tag' || (i % 10)], ${CUSTOM_FIELDS} FROM generate_series(1, $3::int) AS i`,
    [tenantId, owner, SEEDED],
  );
  await db.query('VACUUM ANALYZE leads');
  const ids = (await db.query(`SELECT id FROM leads ORDER BY id LIMIT 200`)).map((row: { id: string }) => row.id);
  return { name, db, ids };
}

const CREATE = `INSERT INTO leads (id, tenant_id, created_by, assigned_to, first_name, last_name, status, tags, custom_fields)
  VALUES (gen_random_uuid(), $1, $2, $2, 'Bench', 'Create', 'new', '{bench}', ${CUSTOM_FIELDS}) RETURNING id`;

/** One write, given the table and the request's number. */
type Write = (table: Table, i: number) => Promise<unknown>;

const WRITES: Array<{ label: string; times: number; write: Write }> = [
  { label: 'create (one row)', times: REQUESTS, write: (table) => table.db.query(CREATE, [tenantId, owner]) },
  {
    label: 'PATCH (a title: no total moves, the write count does)',
    times: REQUESTS,
    write: (table, i) => table.db.query(`UPDATE leads SET title = $2, version = version + 1, updated_at = now() WHERE id = $1`, [table.ids[i % table.ids.length], `Title ${i}`]),
  },
  {
    label: 'custom field change (its values are written again)',
    times: REQUESTS,
    write: (table, i) =>
      table.db.query(`UPDATE leads SET custom_fields = custom_fields || jsonb_build_object('score', $2::int), version = version + 1, updated_at = now() WHERE id = $1`, [
        table.ids[i % table.ids.length],
        i % 100,
      ]),
  },
  {
    label: 'status change (a total moves)',
    times: REQUESTS,
    write: (table, i) =>
      table.db.query(`UPDATE leads SET status = CASE status WHEN 'new' THEN 'contacted' ELSE 'new' END, version = version + 1, updated_at = now() WHERE id = $1`, [
        table.ids[i % table.ids.length],
      ]),
  },
  {
    label: 'delete (one row)',
    times: REQUESTS,
    write: async (table) => {
      const [{ id }] = await table.db.query(CREATE, [tenantId, owner]);
      const start = performance.now();
      await table.db.query('DELETE FROM leads WHERE id = $1', [id]);
      return performance.now() - start;
    },
  },
  {
    label: `import (one statement of 5,000 rows)`,
    times: IMPORTS,
    write: (table) =>
      table.db.query(
        `INSERT INTO leads (id, tenant_id, created_by, assigned_to, first_name, last_name, status, tags, custom_fields)
         SELECT gen_random_uuid(), $1, $2, $2, 'Imported', 'Row ' || i, 'new', '{import}', ${CUSTOM_FIELDS} FROM generate_series(1, 5000) AS i`,
        [tenantId, owner],
      ),
  },
];

/** Each write `times` times to each table, alternating; a write answering a number says how many ms of it count. */
async function timeInTurn(tables: Table[], times: number, write: Write): Promise<Map<Table, number[]>> {
  const latencies = new Map(tables.map((table) => [table, [] as number[]]));
  for (let i = 0; i < times; i += 1) {
    for (const table of i % 2 === 0 ? tables : [...tables].reverse()) {
      const start = performance.now();
      const timed = await write(table, i);
      latencies.get(table)!.push(typeof timed === 'number' ? timed : performance.now() - start);
    }
  }
  return latencies;
}

/** Creates per second from CONCURRENT connections at once into one tenant, for `seconds`. */
async function concurrentCreates(table: Table, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (performance.now() < until) {
        await table.db.transaction(async (manager) => {
          await manager.query(CREATE, [tenantId, owner]);
          await manager.query(CREATE, [tenantId, owner]);
        });
        done += 1;
      }
    }),
  );
  return done / seconds;
}

async function main(): Promise<void> {
  const url = new URL(BENCH_ENV.DATABASE_URL);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  if ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'crm_bench_upkeep'`)).rowCount === 0) await admin.query('CREATE DATABASE crm_bench_upkeep');
  await admin.end();
  url.pathname = '/crm_bench_upkeep';
  const tables = [await openTable('with', url.toString()), await openTable('without', url.toString())];
  console.log(`the leads table with and without its totals, write counts, changed rows and custom values, ${SEEDED} rows each; ${REQUESTS} of each write, in turn`);
  const lines: string[] = [];
  const line = (label: string, withUpkeep: number, without: number, unit: string) => {
    const text = `${label.padEnd(56)} with ${withUpkeep.toFixed(2)} ${unit}  without ${without.toFixed(2)} ${unit}  with/without ${(withUpkeep / without).toFixed(2)}`;
    console.log(text);
    lines.push(text);
  };
  try {
    for (const { label, times, write } of WRITES) {
      await timeInTurn(tables, Math.min(20, times), write); // warm-up
      const latencies = await timeInTurn(tables, times, write);
      line(`${label}, p50`, percentileOf(latencies.get(tables[0]!)!, 50), percentileOf(latencies.get(tables[1]!)!, 50), 'ms');
    }
    const rates = new Map<Table, number[]>(tables.map((table) => [table, []]));
    for (let round = 0; round < 3; round += 1) for (const table of tables) rates.get(table)!.push(await concurrentCreates(table, 5));
    const best = (table: Table) => Math.max(...rates.get(table)!);
    line(`${CONCURRENT} connections creating 2 rows a transaction, best of 3`, best(tables[0]!), best(tables[1]!), 'tx/s');
  } finally {
    for (const table of tables) await table.db.destroy();
  }
  console.log(`\n${lines.join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
