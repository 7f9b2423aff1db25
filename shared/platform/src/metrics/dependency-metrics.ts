import type { Pool } from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { DependencyStates } from '../http/health';
import { orAfter } from '../lifecycle/or-after';
import type { Logger } from '../logging/logger';

/** A dependency's check: the broker's connection state, or a short probe of the database. */
export type DependencyCheck = () => boolean | Promise<boolean>;

export interface DependencyWatch {
  /** The last state seen of each dependency, for `/readyz`'s report. */
  states: DependencyStates;
  stop(): void;
}

/** How often each dependency is checked. */
const CHECK_EVERY_MS = 5_000;

/**
 * The process's view of its dependencies, checked in the background every 5 s: each change is logged
 * once (`dependency down` / `dependency up`) and `crm_dependency_up{dependency}` is 1 or 0. Probes and
 * scrapes read the last state and never wait on the dependency themselves.
 */
export function watchDependencies(options: { registry: Registry; logger: Logger; checks: Record<string, DependencyCheck>; everyMs?: number }): DependencyWatch {
  const up = new Map<string, boolean>();
  const checking = new Set<string>();
  const check = async (name: string, isUp: DependencyCheck) => {
    if (checking.has(name)) return; // a probe still waiting (a database away) is not stacked on
    checking.add(name);
    const now = await Promise.resolve().then(isUp).catch(() => false);
    checking.delete(name);
    const before = up.get(name);
    up.set(name, now);
    if (before === now || (before === undefined && now)) return;
    if (now) options.logger.info({ dependency: name }, 'dependency up');
    else options.logger.warn({ dependency: name }, 'dependency down');
  };
  const checkAll = () => {
    for (const [name, isUp] of Object.entries(options.checks)) void check(name, isUp);
  };
  checkAll();
  const timer = setInterval(checkAll, options.everyMs ?? CHECK_EVERY_MS);
  timer.unref();
  new Gauge({
    name: 'crm_dependency_up',
    help: 'Whether the dependency answered its last check (every 5 s): 1 up, 0 down. Readiness does not depend on it.',
    labelNames: ['dependency'] as const,
    registers: [options.registry],
    collect() {
      for (const name of Object.keys(options.checks)) this.set({ dependency: name }, up.get(name) === false ? 0 : 1);
    },
  });
  return {
    states: Object.fromEntries(Object.keys(options.checks).map((name) => [name, () => up.get(name) !== false])),
    stop: () => clearInterval(timer),
  };
}

/** A `SELECT 1` that gives up after `timeoutMs` (a full pool or an unreachable server both count as down). */
export function databaseProbe(dataSource: DataSource, timeoutMs = 3_000): DependencyCheck {
  return () => orAfter(dataSource.query('SELECT 1').then(() => true), timeoutMs, false);
}

/**
 * The connection pool as the scrape finds it (no query): connections in use and idle, requests waiting
 * for one, and the pool's size. Waiting requests above zero for long is the pool saturated.
 *
 * Waiting counts the requests no idle connection can take. pg's pool queues every request, even one an
 * idle connection is about to take, and hands the connection over on the next tick; the scrape's own
 * backlog read is queued so in the very collection that reads the pool. Counted as waiting, it made every
 * publishing service report a waiting request on an idle system (issue 36.4). A request queued while the
 * pool is full is counted, whoever made it: the scrape's read then waits for the application's work.
 */
export function poolMetrics(registry: Registry, dataSource: DataSource, size: number): void {
  const pool = () => (dataSource.driver as unknown as { master?: Pool }).master;
  const registers = [registry];
  new Gauge({
    name: 'crm_database_pool_connections',
    help: 'Connections of the service\'s database pool, by state: in_use (lent to a query or transaction) or idle.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const current = pool();
      if (!current) return;
      this.set({ state: 'in_use' }, current.totalCount - current.idleCount);
      this.set({ state: 'idle' }, current.idleCount);
    },
  });
  new Gauge({
    name: 'crm_database_pool_waiting_requests',
    help: 'Queries and transactions waiting for a pool connection: queued beyond the connections idle, which take a queued one at once.',
    registers,
    collect() {
      const current = pool();
      this.set(current ? Math.max(0, current.waitingCount - current.idleCount) : 0);
    },
  });
  new Gauge({ name: 'crm_database_pool_max_connections', help: 'The pool\'s size (DATABASE_POOL_SIZE).', registers }).set(size);
}
