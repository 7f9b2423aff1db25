import type { Router } from 'express';
import type { z } from 'zod';
import type { DataSource, SqlMigration } from '../database';
import type { Logger } from '../logging/logger';
import type { ApiOperation } from '../openapi';
import type { EventHandler } from '../messaging';
import type { Replica, ReplicatedReferences } from '../replicas';

/** Rows of one kind deleted once older than their retention; `prune` answers how many went. */
export interface RetentionRule {
  name: string;
  prune: () => Promise<number>;
}

/** What a service builds its routes and domain from: plain dependencies, so tests can pass their own. */
export interface ServiceDeps<Config> {
  /** The settings, DATABASE_URL resolved (the embedded database's address when it was left unset). */
  config: Config & { DATABASE_URL: string };
  dataSource: DataSource;
  logger: Logger;
  /** The time source; tests pass a fixed or movable one. */
  clock: () => Date;
  /** Its replicas of other services' records, and the owners' lookups behind them (architecture §1). */
  references: ReplicatedReferences;
  /** Registers something the service opened itself (a listener, a pool) to close on shutdown, after HTTP and the consumer. */
  onStop: (close: () => Promise<void>) => void;
}

/**
 * Everything the shared runtime needs to run a service: its schema and migrations, its settings, the
 * events it consumes, and its routes. `startService` turns this into a running process part.
 */
export interface ServiceDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Also the internal-token audience and the queue suffix (`<ns>.<name>`). */
  name: string;
  schema: string;
  defaultPort: number;
  /** The service's settings (including `commonConfig`); the port is read from `PORT`. */
  config: Shape;
  /** Applied on start (`readSqlMigrations` of the service's frozen files); the outbox and inbox (Messaging1763800000000) first when the service publishes or consumes. */
  migrations: SqlMigration[];
  /**
   * Its copies of other services' records (architecture §1); each owner's address becomes a setting, and
   * `deps.references` asks the owner about an id its replica does not hold yet.
   */
  replicas?: readonly Replica[];
  /**
   * Its writes name records a lead conversion makes (accounts, contacts, opportunities): a write refused
   * for one is checked with leads first, and answered 503 while a conversion is still making it
   * (`ReplicatedReferences.answerRefusals`).
   */
  namesConvertedRecords?: boolean;
  /** Runs the outbox relay for this schema. */
  publishesEvents: boolean;
  consumes?: {
    bindings: string[];
    handler: (deps: ServiceDeps<z.infer<z.ZodObject<Shape>>>) => EventHandler;
  };
  routes: (deps: ServiceDeps<z.infer<z.ZodObject<Shape>>>) => Router | Promise<Router>;
  /** What the service itself deletes with age (the audit log), beside what every service prunes (keys, inbox, outbox). */
  retention?: (deps: Pick<ServiceDeps<z.infer<z.ZodObject<Shape>>>, 'config' | 'dataSource'>) => RetentionRule[];
  /** The documentation of every public (`/api/`) route `routes` registers; a contract test holds them equal. */
  api: ApiOperation[];
}

export function defineService<Shape extends z.ZodRawShape>(definition: ServiceDefinition<Shape>): ServiceDefinition<Shape> {
  return definition;
}

/** A definition of any settings shape, for code that runs services without knowing their settings. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServiceDefinition = ServiceDefinition<any>;
