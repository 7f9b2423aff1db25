import { createLogger, createServiceApp, listen, serviceUrlSettingName, type AnyServiceDefinition, type DataSource, type RunningServer } from '@crm/platform';
import { handedOutLookupRoutes, lookupRoutes, replicatedRecordsOf } from '@crm/records';
import { Router } from 'express';

/** The stand-ins hold their records in memory: the lookup routes never read a database through it. */
const NO_DATABASE = { manager: undefined } as unknown as DataSource;

/**
 * The services a component calls, stood in for by their internal lookups: for each replica the
 * component keeps, its owner's lookup of that type; for ids it takes ahead of their records, the lookup
 * of the service handing them out. Built from the routes the real services serve them with, behind the
 * same internal-token check. A lookup answers the records a test put in with `hold`, and nothing else:
 * an id no event announced is unknown everywhere (a 400, where the real owner away would make it a 503).
 * No id handed out ahead is ever still being made.
 */
export class StandIns {
  private readonly held = new Map<string, Array<{ tenantId: string; data: { id: string } }>>();

  private constructor(
    /** The setting naming each stood-in service's address, and that address. */
    readonly settings: Record<string, string>,
    private readonly servers: RunningServer[],
  ) {}

  /** `publicKeys`: INTERNAL_TOKEN_PUBLIC_KEYS (unset: the development keys); each stand-in takes the component's own tokens. */
  static async start(definition: AnyServiceDefinition, publicKeys: string | undefined): Promise<StandIns> {
    const standIns = new StandIns({}, []);
    const replicated = replicatedRecordsOf(definition.extension);
    const routesOf = new Map<string, Router>();
    const routerOf = (service: string) => routesOf.get(service) ?? routesOf.set(service, Router()).get(service)!;
    for (const { type, owner } of replicated?.replicas ?? []) {
      routerOf(owner.name).use(lookupRoutes({ type, dataSource: NO_DATABASE, find: async (_db, tenantId, ids) => standIns.find(type, tenantId, ids) }));
    }
    const ahead = replicated?.idsHandedOutAhead;
    if (ahead) routerOf(ahead.by.name).use(handedOutLookupRoutes({ path: ahead.path, dataSource: NO_DATABASE, find: async () => [] }));
    for (const [service, routes] of routesOf) {
      const logger = createLogger(`${service}-stand-in`, 'silent');
      const app = createServiceApp({ logger, health: { draining: false }, internalToken: { audience: service, publicKeys, callers: [definition.name] }, routes });
      const server = await listen(app, 0).catch(async (error: unknown) => {
        await standIns.stop();
        throw error;
      });
      standIns.servers.push(server);
      standIns.settings[serviceUrlSettingName(service)] = server.url;
    }
    return standIns;
  }

  /** The owner of `type` now holds the record: a lookup of its id in `tenantId` answers `data` (as its events carry it). */
  hold(type: string, tenantId: string, data: { id: string } & Record<string, unknown>): void {
    this.held.set(type, [...(this.held.get(type) ?? []), { tenantId, data }]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.close()));
  }

  private find(type: string, tenantId: string, ids: string[]): object[] {
    return (this.held.get(type) ?? []).filter((record) => record.tenantId === tenantId && ids.includes(record.data.id)).map((record) => record.data);
  }
}
