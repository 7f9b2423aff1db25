import { Client } from 'pg';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import type { Logger } from '../logging/logger';

/**
 * One SQL migration. `name` ends in a 13-digit timestamp (typeorm orders and records by it);
 * `up` is plain SQL run inside the service's schema.
 */
export interface SqlMigration {
  name: string;
  up: string;
  /**
   * false: runs outside a transaction, for what PostgreSQL refuses inside one (`CREATE INDEX CONCURRENTLY`).
   * Such a migration must be safe to run again after failing halfway (`IF NOT EXISTS`, and dropping an
   * index left INVALID first): nothing rolls it back.
   */
  transaction?: false;
}

/** PostgreSQL's per-session limits, set on every connection of the pool at connect (milliseconds; 0: none). */
export interface SessionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema; no other service reads or writes it. */
  schema: string;
  migrations: SqlMigration[];
  /** Connections in the pool; at least MIGRATION_CONNECTIONS. Default 10. */
  poolSize?: number;
  /**
   * Longest wait for a connection, new or from a busy pool, before the query fails as the database being
   * unavailable (a 503, a held message). Default 10 s; without it a request would wait for ever.
   */
  connectTimeoutMs?: number;
  /** Limits of every connection; none by default (the migrate step and the tools). */
  sessionLimits?: SessionLimits;
  /** `application_name` of the connections (pg_stat_activity). Default `crm-<schema>`. */
  applicationName?: string;
  /** lock_timeout of each migration; one that times out is tried again (5 times in all). Default 5 s. */
  migrationLockTimeoutMs?: number;
  /**
   * false: apply nothing (the role the service runs as has no right to), only check that every migration
   * was applied by the migrate step, and refuse to start otherwise. Default true.
   */
  migrate?: boolean;
  /** After migrating: the role the service runs as, given use of the schema's tables (and of those to come), nothing more. */
  grantTo?: string;
  logger?: Logger;
}

export type { DataSource, EntityManager };

/** Migrating holds two connections at once: the advisory lock's, and the one the migrations run on. */
export const MIGRATION_CONNECTIONS = 2;

/**
 * A migration waits at most `lockTimeoutMs` for each lock (a long transaction holding its table would
 * otherwise queue every query of the service behind it) and has no statement timeout (building an index
 * on a big table takes minutes).
 */
function toMigrationClass(migration: SqlMigration, lockTimeoutMs: number): new () => MigrationInterface {
  const limits = `lock_timeout = ${Math.round(lockTimeoutMs)}, statement_timeout = 0`;
  return class implements MigrationInterface {
    name = migration.name;
    transaction = migration.transaction;
    async up(runner: QueryRunner): Promise<void> {
      if (migration.transaction === false) {
        await runner.query(`SET ${limits.replace(', ', '; SET ')}`);
        try {
          await runner.query(migration.up);
        } finally {
          await runner.query('RESET lock_timeout; RESET statement_timeout');
        }
        return;
      }
      await runner.query(`SET LOCAL ${limits.replace(', ', '; SET LOCAL ')}`);
      await runner.query(migration.up);
    }
    async down(): Promise<void> {
      throw new Error(`${migration.name} is forward-only`);
    }
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** Creates the database named in the URL when it does not exist yet (a fresh machine). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created by a concurrent starter
  } finally {
    await client.end();
  }
}

/**
 * Opens the service's data source with its schema first on the search path, and applies its pending
 * migrations under an advisory lock, so several replicas starting at once migrate once.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  const schema = quoteIdent(options.schema);
  await ensureDatabaseExists(options.url);
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    poolSize: Math.max(MIGRATION_CONNECTIONS, options.poolSize ?? 10),
    applicationName: options.applicationName ?? `crm-${options.schema.replace(/_/g, '-')}`,
    extra: { options: startupOptions(options.schema, options.sessionLimits), connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000 },
    migrations: options.migrations.map((migration) => toMigrationClass(migration, options.migrationLockTimeoutMs ?? 5_000)),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    logging: false,
  });
  await dataSource.initialize();
  try {
    return await checkOrMigrate(dataSource, schema, options);
  } catch (error) {
    // Its pool closed: a start that tries again (the database away halfway) opens a new one.
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
}

async function checkOrMigrate(dataSource: DataSource, schema: string, options: ServiceDatabaseOptions): Promise<DataSource> {
  if (options.migrate === false) {
    if (await dataSource.showMigrations()) {
      throw new Error(`Migrations of ${options.schema} are pending and this service does not apply them (DATABASE_MIGRATE_ON_START=false): run its migrate step first`);
    }
    return dataSource;
  }
  const lockKey = `crm-migrations:${options.schema}`;
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const applied = await runMigrationsGivingWay(dataSource, options.logger);
    if (applied.length > 0) options.logger?.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    if (options.grantTo !== undefined) await runner.query(grantsTo(schema, quoteIdent(options.grantTo)));
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}

/**
 * Least privilege for the role a service runs as: reading and writing the rows of its own schema's tables
 * (and, by default privileges, of the tables later migrations make), no DDL, nothing of other schemas.
 */
function grantsTo(schema: string, role: string): string {
  return `
    GRANT USAGE ON SCHEMA ${schema} TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role};
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role};
  `;
}

/** The connection's startup `-c` options: the schema first on the search path, and the session's limits. */
function startupOptions(schema: string, limits: SessionLimits | undefined): string {
  const settings = [`search_path=${schema},public`];
  if (limits) {
    settings.push(
      `statement_timeout=${Math.round(limits.statementTimeoutMs)}`,
      `lock_timeout=${Math.round(limits.lockTimeoutMs)}`,
      `idle_in_transaction_session_timeout=${Math.round(limits.idleInTransactionTimeoutMs)}`,
    );
  }
  return settings.map((setting) => `-c ${setting}`).join(' ');
}

/** PostgreSQL's lock_not_available: a lock_timeout ran out. */
const PG_LOCK_NOT_AVAILABLE = '55P03';
const MIGRATION_ATTEMPTS = 5;

/** Applies the pending migrations; one that gave way to a lock (lock_timeout) is tried again after a pause. */
async function runMigrationsGivingWay(dataSource: DataSource, logger: Logger | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } catch (error) {
      const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
      if (code !== PG_LOCK_NOT_AVAILABLE || attempt === MIGRATION_ATTEMPTS) throw error;
      logger?.warn({ attempt }, 'a migration waited too long for a lock; trying again');
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

/** PostgreSQL error codes the repositories translate into contract errors. */
export const PG_UNIQUE_VIOLATION = '23505';

export const PG_CHECK_VIOLATION = '23514';

function isViolation(error: unknown, sqlState: string, constraint: string | undefined): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.driverError?.code ?? e.code;
  const name = e.driverError?.constraint ?? e.constraint;
  return code === sqlState && (constraint === undefined || name === constraint);
}

export const isUniqueViolation = (error: unknown, constraint?: string): boolean => isViolation(error, PG_UNIQUE_VIOLATION, constraint);

/** A CHECK constraint, or a trigger raising `check_violation` under that constraint's name, refused the write. */
export const isCheckViolation = (error: unknown, constraint?: string): boolean => isViolation(error, PG_CHECK_VIOLATION, constraint);
