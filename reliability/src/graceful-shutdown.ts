import { SERVICE_PROCESSES, startProcessSystem, type ProcessSystem, type ServiceProcess } from '@crm/system';
import { Client } from 'pg';
import { deliveryChecks, waitForDelivery } from './support/event-delivery';
import { sleep } from './support/http';
import { runClient, writesOf, writtenRecordChecks } from './support/load-client';
import { report, runScript } from './support/report';
import { reliabilityServers } from './support/servers';
import { registerTenant } from './support/tenants';

/**
 * A rolling restart under load: every service in its own process, several clients reading and writing
 * through the gateway without pause (leads and contacts created and changed, leads converted, lists,
 * the caller, the audit log), while each service in turn gets SIGTERM, drains, exits and is started
 * again. Nothing may be lost: every request answered with its expected status (the gateway holds a
 * request for a service that is restarting, see gateway/src/proxy/upstream-proxy.ts), every record
 * written exactly once, every event published and handled by each service bound to it.
 *
 *   npm run test:reliability -- graceful-shutdown
 */
const SCRIPT = 'graceful-shutdown';
const CLIENTS_PER_TENANT = 3;
/** Load before the first restart, between restarts and after the last. */
const STEADY_MS = 2_000;
const DELIVERY_WAIT_MS = 60_000;

runScript(SCRIPT, 8 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 8);
  // Small pools: six processes, each with a pool and LISTEN connections, share the machine's PostgreSQL with others.
  const system = await startProcessSystem({ serviceEnv: { ...servers.env, DATABASE_POOL_SIZE: '4' }, gatewayEnv: servers.env });
  const db = new Client({ connectionString: servers.databaseUrl });
  await db.connect();
  let outcome: Parameters<typeof report>;
  try {
    outcome = await rollingRestartUnderLoad(system, db);
  } finally {
    await db.end();
    await system.close();
    await servers.close();
  }
  report(...outcome);
});

async function rollingRestartUnderLoad(system: ProcessSystem, db: Client): Promise<Parameters<typeof report>> {
  const tenants = [await registerTenant(system.gatewayUrl, 'Rolling A'), await registerTenant(system.gatewayUrl, 'Rolling B')];
  let loading = true;
  const started = Date.now();
  const clients = Promise.all(
    tenants.flatMap((tenant, t) =>
      Array.from({ length: CLIENTS_PER_TENANT }, (_, c) => runClient(system.gatewayUrl, tenant, `t${t}c${c}`, 'reads-and-writes', () => loading)),
    ),
  );
  const restarts: string[] = [];
  const stoppedProcesses: ServiceProcess[] = [];
  for (const { name } of SERVICE_PROCESSES) {
    await sleep(STEADY_MS);
    const stopping = Date.now();
    const stopped = system.running[name]!;
    await system.stop(name);
    stoppedProcesses.push(stopped);
    const exitCode = await stopped.exited;
    const stoppedMs = Date.now() - stopping;
    await system.start(name);
    restarts.push(`${name} (exit ${exitCode}, stopped in ${stoppedMs} ms, back after ${Date.now() - stopping} ms)`);
    if (exitCode !== 0) throw new Error(`${name} exited ${exitCode} on SIGTERM`);
  }
  await sleep(STEADY_MS);
  loading = false;
  const tallies = await clients;
  const loadSeconds = (Date.now() - started) / 1000;

  const delivery = await waitForDelivery(db, DELIVERY_WAIT_MS);
  const records = await writtenRecordChecks(db, tenants, tallies);
  const failures = tallies.flatMap((tally) => tally.failures);
  for (const failure of failures.slice(0, 20)) console.log(`  unexpected: ${failure}`);
  const errorLines = [...stoppedProcesses, ...Object.values(system.running)].flatMap((service) =>
    service.lines.filter((line) => line.level === 'error' || line.level === 'fatal'),
  );
  for (const line of errorLines.slice(0, 10)) console.log(`  service error: ${JSON.stringify(line).slice(0, 600)}`);
  const requests = tallies.reduce((sum, tally) => sum + tally.requests, 0);
  return [
    SCRIPT,
    {
      'services restarted (SIGTERM, then start)': restarts.join('; '),
      'load (s)': loadSeconds.toFixed(1),
      'concurrent clients': tallies.length,
      'requests answered': requests,
      'requests per second': (requests / loadSeconds).toFixed(0),
      'writes answered': writesOf(tallies),
      ...records.counts,
      'events written to outboxes': delivery.written,
      'events all delivered after the load within (s)': delivery.seconds.toFixed(1),
    },
    [
      { what: 'requests not answered with their expected status', value: failures.length },
      { what: 'error lines logged by the services', value: errorLines.length },
      ...deliveryChecks(delivery),
      ...records.checks,
    ],
  ];
}
