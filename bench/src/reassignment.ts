import { api, freshBenchDatabase, startBenchSystem } from './bench-system';
import { registerTenants } from './seed-leads';

/**
 * Reassigning a member's records (issue 34, api-contract §10.2; target: 10,000 records complete in under
 * 30 s). A member owns `RECORDS` records split evenly across the five entities (leads, contacts, accounts,
 * opportunities, tasks), beside as many owned by the admin, which must not move. The admin asks for them
 * to go to another member (`POST /api/auth/users/<id>/reassign/`), then polls the status resource every
 * 50 ms as a client would, until `completed`: auth's request event, each service moving its records in
 * batches (each record a new version and its `*.updated` in the outbox), the three reports, auth
 * completing. Timed from sending the POST to the poll that reads `completed`. Then, for information, how
 * long until every `*.updated` had left the outboxes (the relays publishing them), and the checks: every
 * record of the member moved once (version 2), none of the admin's.
 *
 * The system runs in this one process (every service and the gateway on one event loop), on the real
 * servers, seeded straight into the tables (no events: the rows are the fixture).
 *
 *   npm run bench -- reassignment
 *   BENCH_REASSIGNED_RECORDS=2000 npm run bench -- reassignment    # a quicker run
 */
const RECORDS = Number(process.env.BENCH_REASSIGNED_RECORDS ?? 10_000);
const POLL_MS = 50;
const TARGET_S = 30;

/** Each entity's table, its owner column and the label a row needs. */
const ENTITIES = [
  { collection: 'leads', table: 'leads.leads', owner: 'assigned_to', label: 'first_name' },
  { collection: 'contacts', table: 'contacts.contacts', owner: 'owner_id', label: 'first_name' },
  { collection: 'accounts', table: 'accounts_opportunities.accounts', owner: 'assigned_to', label: 'name' },
  { collection: 'opportunities', table: 'accounts_opportunities.opportunities', owner: 'assigned_to', label: 'name' },
  { collection: 'tasks', table: 'accounts_opportunities.tasks', owner: 'assigned_to', label: 'title' },
] as const;

const OUTBOXES = ['leads.outbox', 'contacts.outbox', 'accounts_opportunities.outbox'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const perEntity = Math.floor(RECORDS / ENTITIES.length);
  console.log(`reassignment: ${perEntity * ENTITIES.length} records of a member (${perEntity} each of ${ENTITIES.map((e) => e.collection).join(', ')}) to another, beside as many of the admin's`);
  await freshBenchDatabase();
  const bench = await startBenchSystem();
  try {
    const gateway = bench.system.gatewayUrl;
    const [tenant] = await registerTenants(gateway, bench.db, 1, ['leads', 'contacts', 'accounts_opportunities']);
    const { admin, member: leaving } = tenant!;
    const taking = await api(gateway, 'POST', '/api/auth/users/', admin.access, { email: `taking-${Date.now()}@bench.test`, password: 'bench password 123', role: 'member', sales_access: true });
    for (const schema of ['leads', 'contacts', 'accounts_opportunities']) {
      while ((await bench.db.query(`SELECT 1 FROM ${schema}.profiles WHERE id = $1`, [taking.id])).rowCount === 0) await sleep(50);
    }

    for (const entity of ENTITIES) {
      await bench.db.query(
        `INSERT INTO ${entity.table} (id, tenant_id, ${entity.label}, ${entity.owner}, created_by)
         SELECT gen_random_uuid(), $1::uuid, '${entity.collection} ' || i, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END, $3::uuid
         FROM generate_series(0, $4::int * 2 - 1) AS i`,
        [tenant!.orgId, leaving.profileId, admin.profileId, perEntity],
      );
      await bench.db.query(`VACUUM ANALYZE ${entity.table}`);
    }

    const start = performance.now();
    const requested = await api(gateway, 'POST', `/api/auth/users/${leaving.profileId}/reassign/`, admin.access, { to: taking.id }, [202]);
    let status = requested;
    while (status.status !== 'completed') {
      await sleep(POLL_MS);
      status = await api(gateway, 'GET', `/api/auth/reassignments/${requested.id}/`, admin.access);
      if (performance.now() - start > 10 * TARGET_S * 1000) throw new Error(`not completed after ${10 * TARGET_S} s: ${JSON.stringify(status)}`);
    }
    const completedMs = performance.now() - start;
    const unpublished = async () => {
      let waiting = 0;
      for (const outbox of OUTBOXES) waiting += (await bench.db.query(`SELECT count(*)::int AS n FROM ${outbox} WHERE published_at IS NULL`)).rows[0].n;
      return waiting;
    };
    while ((await unpublished()) > 0) await sleep(POLL_MS);
    const publishedMs = performance.now() - start;

    // The checks: the counts reported, every record of the member moved once, none of the admin's.
    for (const entity of ENTITIES) {
      if (status.moved[entity.collection] !== perEntity) throw new Error(`${entity.collection}: ${status.moved[entity.collection]} reported moved, ${perEntity} expected`);
      const { rows } = await bench.db.query(
        `SELECT ${entity.owner} AS owner, version, count(*)::int AS n FROM ${entity.table} WHERE tenant_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [tenant!.orgId],
      );
      const expected = [
        { owner: admin.profileId, version: 1, n: perEntity },
        { owner: taking.id, version: 2, n: perEntity },
      ].sort((a, b) => (a.owner < b.owner ? -1 : 1));
      if (JSON.stringify(rows) !== JSON.stringify(expected)) throw new Error(`${entity.collection}: owners and versions ${JSON.stringify(rows)}, ${JSON.stringify(expected)} expected`);
    }

    const total = perEntity * ENTITIES.length;
    console.log(`completed: ${total} records in ${seconds(completedMs)} s (${Math.round(total / (completedMs / 1000))} records/s), from the POST to the poll reading "completed"; target < ${TARGET_S} s${completedMs < TARGET_S * 1000 ? '' : '  MISSED'}`);
    console.log(`every *.updated published (outboxes empty): ${seconds(publishedMs)} s after the POST`);
    console.log(`moved: ${JSON.stringify(status.moved)}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
