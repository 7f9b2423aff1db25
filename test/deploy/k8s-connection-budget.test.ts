import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { commonConfig, loadConfig, MIGRATION_CONNECTIONS, publishesEvents, type AnyServiceDefinition } from '@crm/platform';
import { SERVICES } from '@crm/system';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { ICronJob, IJob } from 'kubernetes-models/batch/v1';
import type { IConfigMap, IContainer, IPodSpec } from 'kubernetes-models/v1';
import { named, ofKind, render, ROOT, type K8sObject } from './k8s-render';

/**
 * PostgreSQL's connections (issue 36.6): what the rendered manifests may hold at once, counted from the objects,
 * stays within the budget of the ConfigMap crm-database-connection-budget (max_connections less the superusers'
 * reserve and the connections kept for tools): every Deployment at its autoscaler's maxReplicas plus the rollout's
 * surge, each replica holding its whole pool (DATABASE_POOL_SIZE, as its process reads its ConfigMap) and its
 * LISTEN connections, and the Jobs (the migration) beside them. The CronJobs (the backup) are tools: they take
 * theirs from the connections kept for tools, and leave some of them to people. docs/operations.md §6 has the
 * arithmetic.
 */

/** LISTEN connections a service's replica holds beside its pool, apart from its outbox relay's: leads' lead conversions (ConversionWaiter). */
const OWN_LISTENERS: Record<string, number> = { leads: 1 };

/**
 * The connections a replica of `definition` holds at most: its pool (at least MIGRATION_CONNECTIONS, as
 * openServiceDatabase opens it), one LISTEN connection for its outbox relay if it publishes, and its own.
 */
export const connectionsPerReplica = (definition: AnyServiceDefinition, poolSize: number): number =>
  Math.max(MIGRATION_CONNECTIONS, poolSize) + (publishesEvents(definition) ? 1 : 0) + (OWN_LISTENERS[definition.name] ?? 0);

/**
 * The commands of the Jobs' and CronJobs' containers that connect to the database, and the connections each holds
 * while it runs: a service's migrate step its advisory lock's and its migrations' (MIGRATION_CONNECTIONS), the backup
 * its own (the snapshot and the manifest) and pg_dump's. A container given a DATABASE_URL with a command not listed
 * here fails the count: say what it holds.
 */
const COMMAND_CONNECTIONS: Array<[RegExp, number]> = [
  [/^node services\/[a-z-]+\/dist\/main\.js migrate$/, MIGRATION_CONNECTIONS],
  [/^node system\/dist\/backup\/backup\.js( |$)/, 2],
];

/** One line of the count: what holds connections, how many of it at most, and how many each. */
export interface LedgerLine {
  what: string;
  count: number;
  each: number;
}
export interface Ledger {
  /** The Deployments and Jobs, within `budget`. */
  lines: LedgerLine[];
  total: number;
  budget: number;
  /** The CronJobs, within the connections kept for tools (`toolsReserve`). */
  tools: LedgerLine[];
  toolsReserve: number;
  /** Why an object could not be counted (an unknown command with a database URL, a CronJob that may overlap). */
  problems: string[];
}

const sum = (lines: LedgerLine[]) => lines.reduce((total, { count, each }) => total + count * each, 0);

/** The ConfigMap crm-database-connection-budget: the budget (max_connections less the reserves) and the tools' reserve. */
function budgetOf(objects: K8sObject[]): { budget: number; toolsReserve: number } {
  const data = named<IConfigMap>(objects, 'ConfigMap', 'crm-database-connection-budget')?.data;
  if (!data) throw new Error('no ConfigMap crm-database-connection-budget');
  const number = (key: string) => {
    const value = Number(data[key]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`crm-database-connection-budget: ${key} is not a count: ${data[key]}`);
    return value;
  };
  const toolsReserve = number('CONNECTIONS_KEPT_FOR_TOOLS');
  return { budget: number('POSTGRES_MAX_CONNECTIONS') - number('POSTGRES_SUPERUSER_RESERVED_CONNECTIONS') - toolsReserve, toolsReserve };
}

/** A container's settings whose values the manifests hold (its ConfigMaps', its env's values), as its process reads them. */
function settingsOf(container: IContainer, objects: K8sObject[]): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef) continue;
    Object.assign(settings, named<IConfigMap>(objects, 'ConfigMap', source.configMapRef.name!)?.data ?? {});
  }
  for (const variable of container.env ?? []) if (variable.value !== undefined) settings[variable.name] = variable.value;
  return settings;
}

/** Whether a container is given a database: a DATABASE_URL, from a Secret or anywhere. */
const connectsToTheDatabase = (container: IContainer, objects: K8sObject[]) =>
  (container.env ?? []).some((variable) => variable.name === 'DATABASE_URL') || 'DATABASE_URL' in settingsOf(container, objects);

/**
 * Replicas at most during a rollout: the autoscaler's maxReplicas (or the Deployment's replicas) and the pods the
 * RollingUpdate may add above it (maxSurge: a count, or a percentage of the replicas rounded up; 25 % unset).
 */
function replicasAtMost(deployment: IDeployment, hpas: IHorizontalPodAutoscaler[]): number {
  const hpa = hpas.find(({ spec }) => spec?.scaleTargetRef.kind === 'Deployment' && spec.scaleTargetRef.name === deployment.metadata?.name);
  const replicas = hpa?.spec?.maxReplicas ?? deployment.spec?.replicas ?? 1;
  if (deployment.spec?.strategy?.type === 'Recreate') return replicas;
  const surge = deployment.spec?.strategy?.rollingUpdate?.maxSurge ?? '25%';
  return replicas + (typeof surge === 'number' ? surge : Math.ceil((replicas * Number(surge.replace('%', ''))) / 100));
}

/** The connections one run of a pod holds at most: its init containers one at a time, its containers together. */
function podConnections(pod: IPodSpec, objects: K8sObject[], problem: (text: string) => void): number {
  const of = (container: IContainer) => {
    if (!connectsToTheDatabase(container, objects)) return 0;
    const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
    const known = COMMAND_CONNECTIONS.find(([pattern]) => pattern.test(command));
    if (!known) problem(`container ${container.name} (${command}) is given a DATABASE_URL: add what it holds to COMMAND_CONNECTIONS`);
    return known?.[1] ?? 0;
  };
  return Math.max(0, ...(pod.initContainers ?? []).map(of)) + pod.containers.map(of).reduce((a, b) => a + b, 0);
}

/** Every holder of database connections in `objects`, at its most, against the budget. */
export function connectionLedger(objects: K8sObject[]): Ledger {
  const lines: LedgerLine[] = [];
  const tools: LedgerLine[] = [];
  const problems: string[] = [];
  const hpas = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
  for (const deployment of ofKind<IDeployment>(objects, 'Deployment')) {
    const name = deployment.metadata.name;
    const [main] = deployment.spec!.template.spec!.containers;
    if (!connectsToTheDatabase(main!, objects)) continue;
    const settings = settingsOf(main!, objects);
    const definition = SERVICES.find((service) => service.definition.name === name)?.definition;
    if (!definition) {
      problems.push(`Deployment ${name}: given a DATABASE_URL, but no service of that name`);
      continue;
    }
    const { DATABASE_POOL_SIZE } = loadConfig(commonConfig, settings);
    lines.push({ what: `${name} replicas (maxReplicas + surge)`, count: replicasAtMost(deployment, hpas), each: connectionsPerReplica(definition, DATABASE_POOL_SIZE) });
  }
  for (const job of ofKind<IJob>(objects, 'Job')) {
    const each = podConnections(job.spec!.template.spec!, objects, (text) => problems.push(`Job ${job.metadata.name}: ${text}`));
    // Pods of one Job one after the other (parallelism 1): a retry replaces the failed pod.
    if ((job.spec?.parallelism ?? 1) !== 1) problems.push(`Job ${job.metadata.name}: parallelism is not 1`);
    if (each > 0) lines.push({ what: `Job ${job.metadata.name}`, count: 1, each });
  }
  for (const cronJob of ofKind<ICronJob>(objects, 'CronJob')) {
    const each = podConnections(cronJob.spec!.jobTemplate.spec!.template.spec!, objects, (text) => problems.push(`CronJob ${cronJob.metadata.name}: ${text}`));
    if (each === 0) continue;
    // One run at a time: a run still going when the next is due is not joined by it.
    if (cronJob.spec?.concurrencyPolicy !== 'Forbid' && cronJob.spec?.concurrencyPolicy !== 'Replace') problems.push(`CronJob ${cronJob.metadata.name}: its runs may overlap (concurrencyPolicy)`);
    tools.push({ what: `CronJob ${cronJob.metadata.name}`, count: 1, each });
  }
  return { lines, total: sum(lines), tools, ...budgetOf(objects), problems };
}

/** The ledger as the docs write it: `what: count × each = n` per line, each part's total against its share. */
const line = ({ what, count, each }: LedgerLine) => `${what}: ${count} × ${each} = ${count * each}`;
const written = (ledger: Ledger) => [
  ...ledger.lines.map(line),
  `total ${ledger.total} of ${ledger.budget}`,
  ...ledger.tools.map(line),
  `tools ${sum(ledger.tools)} of ${ledger.toolsReserve}`,
];

/** Every kustomization of k8s/ meant to be applied: the base, the overlays, the examples. */
function kustomizations(): string[] {
  const dirs = ['k8s/base'];
  for (const parent of ['k8s/overlays', 'k8s/examples']) {
    for (const entry of readdirSync(path.join(ROOT, parent))) if (statSync(path.join(ROOT, parent, entry)).isDirectory()) dirs.push(`${parent}/${entry}`);
  }
  return dirs;
}

const renders = kustomizations().map((dir) => [dir, render(dir)] as const);

describe.each(renders)('%s', (dir, objects) => {
  const ledger = connectionLedger(objects);

  it('holds no more database connections than its budget, at maxReplicas and mid-rollout, with its Jobs running', () => {
    expect(ledger.problems).toEqual([]);
    // Every service counted (the gateway holds none).
    expect(ledger.lines.filter(({ what }) => what.endsWith('(maxReplicas + surge)')).length).toBe(SERVICES.length);
    expect({ within: ledger.total <= ledger.budget, ledger: written(ledger) }).toEqual({ within: true, ledger: written(ledger) });
    // The scheduled tools leave some of the reserve to people (psql, a one-off command).
    expect({ within: sum(ledger.tools) < ledger.toolsReserve, ledger: written(ledger) }).toEqual({ within: true, ledger: written(ledger) });
  });

  it('leaves a request a connection while its events take theirs: CONSUMER_PREFETCH below DATABASE_POOL_SIZE', () => {
    for (const deployment of ofKind<IDeployment>(objects, 'Deployment')) {
      const [main] = deployment.spec!.template.spec!.containers;
      if (!connectsToTheDatabase(main!, objects)) continue;
      const settings = settingsOf(main!, objects);
      // As the service reads them (start-service.ts: unset, half the pool).
      const { DATABASE_POOL_SIZE, CONSUMER_PREFETCH } = loadConfig(commonConfig, settings);
      const prefetch = CONSUMER_PREFETCH ?? Math.max(1, Math.floor(DATABASE_POOL_SIZE / 2));
      expect([deployment.metadata.name, prefetch < DATABASE_POOL_SIZE]).toEqual([deployment.metadata.name, true]);
    }
  });
});

describe('the base', () => {
  const [, base] = renders.find(([dir]) => dir === 'k8s/base')!;

  it('holds at most 86 of its 87 connections (docs/operations.md §6 writes out this arithmetic)', () => {
    expect(written(connectionLedger(base))).toEqual([
      'accounts-opportunities replicas (maxReplicas + surge): 4 × 4 = 16',
      'audit replicas (maxReplicas + surge): 4 × 2 = 8',
      'auth replicas (maxReplicas + surge): 4 × 4 = 16',
      'contacts replicas (maxReplicas + surge): 4 × 4 = 16',
      'import-export replicas (maxReplicas + surge): 4 × 2 = 8',
      'leads replicas (maxReplicas + surge): 4 × 5 = 20',
      `Job crm-migrate-0.1.0: 1 × ${MIGRATION_CONNECTIONS} = ${MIGRATION_CONNECTIONS}`,
      'total 86 of 87',
      'CronJob crm-backup: 1 × 2 = 2',
      'tools 2 of 10',
    ]);
  });

  it('fails the pools and replicas before issue 36 (a pool of 10, 6 replicas each): 457 connections of 87', () => {
    const before = structuredClone(base);
    for (const configMap of ofKind<IConfigMap>(before, 'ConfigMap')) if (configMap.data?.DATABASE_POOL_SIZE) configMap.data.DATABASE_POOL_SIZE = '10';
    for (const hpa of ofKind<IHorizontalPodAutoscaler>(before, 'HorizontalPodAutoscaler')) hpa.spec!.maxReplicas = 6;
    const ledger = connectionLedger(before);
    // 7 pods each (6 + the surge): 3 publishing services of 11, leads 12, 2 others of 10; the migration 2.
    expect([ledger.total, ledger.total > ledger.budget]).toEqual([7 * (3 * 11 + 12 + 2 * 10) + MIGRATION_CONNECTIONS, true]);
  });

  it('counts a command of a Job it does not know as a problem, and a CronJob whose runs may overlap', () => {
    const broken = structuredClone(base);
    const job = ofKind<IJob>(broken, 'Job')[0]!;
    job.spec!.template.spec!.initContainers![0]!.command = ['node', 'services/auth/dist/main.js', 'reindex'];
    ofKind<ICronJob>(broken, 'CronJob')[0]!.spec!.concurrencyPolicy = 'Allow';
    expect(connectionLedger(broken).problems).toEqual([
      `Job ${job.metadata.name}: container auth (node services/auth/dist/main.js reindex) is given a DATABASE_URL: add what it holds to COMMAND_CONNECTIONS`,
      'CronJob crm-backup: its runs may overlap (concurrencyPolicy)',
    ]);
  });
});

/**
 * The connections a replica holds beside its pool are the LISTEN connections counted above: a NotificationListener
 * (the outbox relay's, leads' conversions'), each a pg Client of its own. Any other place in the services' code
 * that opens a connection outside the pool changes the count: this lists them, so a new one fails here until it
 * is counted (OWN_LISTENERS, docs/operations.md §6).
 */
describe('connections outside the pool, in the code of the processes', () => {
  const sourceDirs = [
    ...readdirSync(path.join(ROOT, 'shared')).map((name) => `shared/${name}/src`),
    ...readdirSync(path.join(ROOT, 'services')).map((name) => `services/${name}/src`),
    'gateway/src',
  ].filter((dir) => statSync(path.join(ROOT, dir), { throwIfNoEntry: false })?.isDirectory());
  const files = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [`${dir}/${entry.name}`] : [],
    );
  const openings = sourceDirs
    .flatMap(files)
    .flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/new (NotificationListener|(?:pg\.)?Client|(?:pg\.)?Pool)\(/g)].map((match) => `${file}: ${match[1]}`));

  it('are the LISTEN connections counted and the start-up probe', () => {
    expect(openings.sort()).toEqual(
      [
        // Counted: one for every publishing service (connectionsPerReplica), and leads' own (OWN_LISTENERS).
        'shared/platform/src/messaging/outbox-relay.ts: NotificationListener',
        'services/leads/src/conversion/conversion-waiter.ts: NotificationListener',
        // The connection of each NotificationListener above.
        'shared/platform/src/database/notification-listener.ts: Client',
        // ensureDatabaseExists: a probe closed before the pool opens, and on a fresh server the CREATE DATABASE.
        'shared/platform/src/database/database.ts: Client',
        'shared/platform/src/database/database.ts: Client',
      ].sort(),
    );
  });
});
