import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { api, freshBenchDatabase, startBenchProcesses } from './bench-system';
import { measure, medianOf, percentileOf, type LatencyFigures } from './latency';

/**
 * Writes naming a record another service created a moment ago (issue 16, architecture §1 read your writes;
 * target: p50 at most 1.5 × the same write naming an old record, in the same run).
 *
 * Every service in its own process, as in production. Three kinds of write cross a service boundary:
 * a contact naming an account (contacts checks it against its replica of accounts-opportunities), a
 * task naming a contact (accounts-opportunities against its replica of contacts) and a task naming a
 * lead (of leads). For each, one request at a time, alternately: the write naming a record created
 * just before it (its create answered, the write sent at once, as a client does: the replica has not
 * heard of it yet, so the owner's lookup is asked) and the same write naming a record created at the
 * start (the replica holds it), also sent the moment another create answered, so that both compete
 * alike with what a create sets going (its event fanning out to every consumer). Also: a contact naming an id that exists nowhere (a 400 that must not
 * wait for anything), and, for the choice of mechanism, how long the replica takes to hear of a new
 * record by its event (what a write would wait if it waited for the replica instead of asking).
 *
 *   npm run bench -- references
 *   BENCH_REFERENCE_WRITES=100 npm run bench -- references    # a quicker run
 */
const WRITES = Number(process.env.BENCH_REFERENCE_WRITES ?? 300);
const WARM_UP = 30;
const TARGET_RATIO = 1.5;

type Kind = { label: string; create: (i: number) => Promise<string>; write: (id: string, i: number) => Promise<unknown>; replica: string };

/** Until `db` sees the row (polled every millisecond); ms from the call. */
async function untilPresent(db: Client, sql: string, id: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    if ((await db.query(sql, [id])).rows.length > 0) return performance.now() - start;
    if (performance.now() - start > 30_000) throw new Error(`${id} never reached the replica (${sql})`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}


async function main(): Promise<void> {
  console.log(`writes naming a record of another service: ${WRITES} naming one created a moment before, ${WRITES} naming an old one, alternately, 1 in flight`);
  await freshBenchDatabase();
  const bench = await startBenchProcesses();
  try {
    const gateway = bench.gatewayUrl;
    const tenant = await api(gateway, 'POST', '/api/auth/register/', null, { org_name: 'References', email: `bench-${randomUUID()}@example.test`, password: 'correct horse battery' });
    const token: string = tenant.access;
    const post = (path: string, body: unknown, expected = [201]) => api(gateway, 'POST', path, token, body, expected);

    const kinds: Kind[] = [
      {
        label: 'POST /api/contacts/ naming an account',
        create: async (i) => (await post('/api/accounts/', { name: `Account ${i}` })).id,
        write: (account_id, i) => post('/api/contacts/', { first_name: `Contact ${i}`, account_id }),
        replica: 'SELECT 1 FROM contacts.accounts WHERE id = $1',
      },
      {
        label: 'POST /api/tasks/ naming a contact',
        create: async (i) => (await post('/api/contacts/', { first_name: `Contact ${i}` })).id,
        write: (contact_id, i) => post('/api/tasks/', { title: `Task ${i}`, contact_id }),
        replica: `SELECT 1 FROM accounts_opportunities.known_records WHERE record_type = 'contact' AND id = $1`,
      },
      {
        label: 'POST /api/tasks/ naming a lead',
        create: async (i) => (await post('/api/leads/', { first_name: `Lead ${i}` })).id,
        write: (lead_id, i) => post('/api/tasks/', { title: `Task ${i}`, lead_id }),
        replica: `SELECT 1 FROM accounts_opportunities.known_records WHERE record_type = 'lead' AND id = $1`,
      },
    ];

    for (const kind of kinds) {
      // Old records: created first, and only used once the replica holds them.
      const old: string[] = [];
      for (let i = 0; i < 20; i += 1) old.push(await kind.create(i));
      for (const id of old) await untilPresent(bench.db, kind.replica, id);
      // Warm both paths (pools, JIT) before anything counts.
      for (let i = 0; i < WARM_UP; i += 1) {
        await kind.write(await kind.create(i), i);
        await kind.write(old[i % old.length]!, i);
      }
      const fresh: number[] = [];
      const known: number[] = [];
      const timed = async (write: () => Promise<unknown>) => {
        const start = performance.now();
        await write();
        return performance.now() - start;
      };
      for (let i = 0; i < WRITES; i += 1) {
        // Both writes are sent the moment a create of the kind answered, so both meet the same work
        // behind it (its event fanning out to every consumer); they differ only in what they name.
        const id = await kind.create(i);
        fresh.push(await timed(() => kind.write(id, i)));
        await kind.create(i);
        known.push(await timed(() => kind.write(old[i % old.length]!, i)));
      }
      const ratio = medianOf(fresh) / medianOf(known);
      console.log(kind.label);
      console.log(`  naming an old record        p50 ${medianOf(known).toFixed(2)} ms  p99 ${percentileOf(known, 99).toFixed(2)} ms`);
      console.log(
        `  naming one created just now p50 ${medianOf(fresh).toFixed(2)} ms  p99 ${percentileOf(fresh, 99).toFixed(2)} ms  ratio p50 ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
      );
    }

    // A bad id: answered from the replica and one lookup, never a wait.
    const account = (await post('/api/accounts/', { name: 'Known' })).id;
    await untilPresent(bench.db, kinds[0]!.replica, account);
    const good = await measure('known', WRITES, 1, async (i) => void (await post('/api/contacts/', { first_name: `Good ${i}`, account_id: account })));
    const bad = await measure('unknown', WRITES, 1, async (i) => void (await post('/api/contacts/', { first_name: `Bad ${i}`, account_id: randomUUID() }, [400])));
    console.log(
      `POST /api/contacts/ naming an id that exists nowhere (400)  p50 ${bad.p50.toFixed(2)} ms  p99 ${bad.p99.toFixed(2)} ms  ` +
        `ratio p50 to naming a known account ${(bad.p50 / good.p50).toFixed(2)}`,
    );

    // What waiting for the replica would cost instead: from a create's answer until the event is applied.
    const lags: number[] = [];
    for (let i = 0; i < WRITES; i += 1) {
      const id = (await post('/api/accounts/', { name: `Lag ${i}` })).id;
      lags.push(await untilPresent(bench.db, kinds[0]!.replica, id));
    }
    const lag: LatencyFigures = { label: 'lag', requests: lags.length, perSecond: 0, p50: medianOf(lags), p95: percentileOf(lags, 95), p99: percentileOf(lags, 99) };
    console.log(
      `for the choice of mechanism: account.created reaches the contacts replica ${lag.p50.toFixed(2)} ms after the create answered at p50, ` +
        `${lag.p95.toFixed(2)} ms at p95, ${lag.p99.toFixed(2)} ms at p99, max ${Math.max(...lags).toFixed(2)} ms (polled every ms)`,
    );
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
