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
  logger?: Logger;
}

export type { DataSource, EntityManager };

/** Migrating holds two connections at once: the advisory lock's, and the one the migrations run on. */
export const MIGRATION_CONNECTIONS = 2;

function toMigrationClass(migration: SqlMigration): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = migration.name;
    async up(runner: QueryRunner): Promise<void> {
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
    extra: { options: `-c search_path=${options.schema},public`, connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000 },
    migrations: options.migrations.map(toMigrationClass),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    logging: false,
  });
  await dataSource.initialize();
  const lockKey = `crm-migrations:${options.schema}`;
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) options.logger?.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}

/** True when the connection answers; used by `/readyz`. */
export async function databaseIsReachable(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
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
