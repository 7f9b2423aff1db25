import type { Router } from 'express';
import type { z } from 'zod';
import type { DataSource, SqlMigration } from '../database';
import type { Logger } from '../logging/logger';
import type { InternalTokenSigner } from '../auth-context/internal-token';
import type { RouteScopes } from '../auth-context/route-scopes';
import type { ApiOperation } from '../openapi';
import type { ConsumedEvents, PublishedEvent } from '../messaging';
import type { Registry } from 'prom-client';

/** Rows of one kind deleted once older than their retention; `prune` answers how many went. */
export interface RetentionRule {
  name: string;
  prune: () => Promise<number>;
}

/**
 * What a service builds its routes and domain from: plain dependencies, so tests can pass their own;
 * `Extra` is what its extension adds (`ServiceDefinition.extension`).
 */
export type ServiceDeps<Config, Extra extends object = {}> = PlatformDeps<Config> & Extra;

export interface PlatformDeps<Config> {
  /** The settings, DATABASE_URL resolved (the embedded database's address when it was left unset). */
  config: Config & { DATABASE_URL: string };
  dataSource: DataSource;
  logger: Logger;
  /** The time source; tests pass a fixed or movable one. */
  clock: () => Date;
  /** Registers something the service opened itself (a listener, a pool) to close on shutdown, after HTTP and the consumer. */
  onStop: (close: () => Promise<void>) => void;
}

/** What an extension is given to build its part of a service's dependencies, once the database is open. */
export interface ExtensionContext {
  config: Record<string, unknown>;
  /** What the service signs its calls to other services with: its own key, as itself. */
  signer: InternalTokenSigner;
  dataSource: DataSource;
  logger: Logger;
  clock: () => Date;
  metrics: Registry;
}

/** A part of a service beyond the platform: settings it reads, dependencies it builds, services it calls. */
export interface ServiceExtension<Extra extends object> {
  settings: z.ZodRawShape;
  build(context: ExtensionContext): Extra;
  /** The services it calls (their `<NAME>_SERVICE_URL` settings are among `settings`). */
  calls: readonly string[];
}

/**
 * Everything the shared runtime needs to run a service: its schema and migrations, its settings, the
 * events it consumes, and its routes. `startService` turns this into a running process part.
 */
export interface ServiceDefinition<Shape extends z.ZodRawShape = z.ZodRawShape, Extra extends object = {}> {
  /** Also the internal-token audience and issuer, and the queue suffix (`<ns>.<name>`). */
  name: string;
  /**
   * The services allowed to call it (architecture §1: import-export the owners of what it imports, a service the
   * owners of its replicas), whose own tokens it accepts on its internal routes; the gateway's it always accepts.
   * A test holds it equal to the services that name it in a `<NAME>_SERVICE_URL` setting.
   */
  calledBy?: readonly string[];
  /**
   * The scopes of its public routes by the first segment of their path under `/api/` (segment → resource: a
   * read needs `<resource>:read`, anything else `<resource>:write`), which it checks again on every request's
   * caller, as the gateway does (`scopeOfRoute`). A segment not listed needs none, or the service decides.
   */
  scopes?: RouteScopes;
  schema: string;
  defaultPort: number;
  /** The service's settings (including `commonConfig`); the port is read from `PORT`. */
  config: Shape;
  /** Applied on start (`readSqlMigrations` of the service's frozen files); the outbox and inbox (Messaging1763800000000) first when the service publishes or consumes. */
  migrations: SqlMigration[];
  /**
   * What the service adds to the platform's dependencies (the records layer's replicas and the lookups
   * behind them, say): its settings join the service's, and what it builds joins `deps`.
   */
  extension?: ServiceExtension<Extra>;
  /**
   * The events the service writes to its outbox, declared by it (`src/integration-events/published-events.ts`):
   * the contracts' catalogue is assembled from them. A service that publishes any runs the outbox relay.
   */
  publishes?: readonly PublishedEvent[];
  /** The events it consumes: `consumedEvents` of its subscription list (`src/integration-events/subscriptions.ts`). */
  consumes?: ConsumedEvents<ServiceDeps<z.infer<z.ZodObject<Shape>>, Extra>>;
  routes: (deps: ServiceDeps<z.infer<z.ZodObject<Shape>>, Extra>) => Router | Promise<Router>;
  /** What the service itself deletes with age (the audit log), beside what every service prunes (keys, inbox, outbox). */
  retention?: (deps: Pick<PlatformDeps<z.infer<z.ZodObject<Shape>>>, 'config' | 'dataSource'>) => RetentionRule[];
  /** The documentation of every public (`/api/`) route `routes` registers; a contract test holds them equal. */
  api: ApiOperation[];
}

export function defineService<Shape extends z.ZodRawShape, Extra extends object = {}>(definition: ServiceDefinition<Shape, Extra>): ServiceDefinition<Shape, Extra> {
  return definition;
}

/** A definition of any settings shape, for code that runs services without knowing their settings. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyServiceDefinition = ServiceDefinition<any, any>;

/** Whether the service writes events to its outbox (and so runs the relay and prunes the outbox). */
export const publishesEvents = (definition: Pick<AnyServiceDefinition, 'publishes'>): boolean => (definition.publishes?.length ?? 0) > 0;
