import { accountsOpportunitiesService } from '@crm/accounts-opportunities';
import { auditService } from '@crm/audit';
import { authService } from '@crm/auth';
import { contactsService } from '@crm/contacts';
import { startGateway } from '@crm/gateway';
import { importExportService } from '@crm/import-export';
import { leadsService } from '@crm/leads';
import { freePort } from './processes';
import { closeInOrder, createLogger, startService, type Logger, type AnyServiceDefinition, type RunningService } from '@crm/platform';

/** Every service built so far, in start order; the gateway env key that points at each. */
export const SERVICES: Array<{ definition: AnyServiceDefinition; urlSetting: string }> = [
  { definition: authService, urlSetting: 'AUTH_SERVICE_URL' },
  { definition: leadsService, urlSetting: 'LEADS_SERVICE_URL' },
  { definition: contactsService, urlSetting: 'CONTACTS_SERVICE_URL' },
  // After leads and contacts: it calls their internal import and export endpoints.
  { definition: importExportService, urlSetting: 'IMPORT_EXPORT_SERVICE_URL' },
  { definition: accountsOpportunitiesService, urlSetting: 'ACCOUNTS_OPPORTUNITIES_SERVICE_URL' },
  { definition: auditService, urlSetting: 'AUDIT_SERVICE_URL' },
];

export interface SystemOptions {
  env?: Record<string, string | undefined>;
  /** 'fixed': each service on its default port, the gateway on GATEWAY_PORT (npm start). 'any': free ports (tests). */
  ports?: 'fixed' | 'any';
  logger?: (name: string) => Logger;
  /** Settings of one service on top of `env` (e.g. its own DATABASE_URL, as the role it runs as). */
  serviceEnv?: (name: string) => Record<string, string | undefined>;
}

export interface RunningSystem {
  gatewayUrl: string;
  /** Where the gateway's `GET /metrics` answers: a port apart from the API's. */
  gatewayMetricsUrl: string;
  services: Record<string, RunningService>;
  /** Graceful stop: gateway first (no new requests), then the services. */
  stop(): Promise<void>;
  /** Stops one service gracefully while the rest go on (an outage, in tests); its port stays its own. */
  stopService(name: string): Promise<void>;
  /** Starts a stopped service again where the others expect it, on the same data. */
  startService(name: string): Promise<void>;
}

/**
 * A component's own internal signing key, from `<NAME>_INTERNAL_SIGNING_KEY` (`GATEWAY_INTERNAL_SIGNING_KEY`,
 * `LEADS_…`: as compose's .env names them); unset, its development key. Never one INTERNAL_SIGNING_KEY for all:
 * every component would sign with the same key (docs/security.md §10.3).
 */
const ownSigningKey = (env: Record<string, string | undefined>, name: string) => ({
  INTERNAL_SIGNING_KEY: env[`${name.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY`],
});

/** Starts every service and then the gateway pointing at them, all in this process. */
export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const env = { ...(options.env ?? process.env) };
  // One name cannot name every component of the process: each names its own spans (OTEL_SERVICE_NAME ignored).
  delete env.OTEL_SERVICE_NAME;
  const anyPort = options.ports === 'any';
  const loggerFor = options.logger ?? ((name: string) => createLogger(name, env.LOG_LEVEL));
  const services: Record<string, RunningService> = {};
  // Every service knows where every other one listens before any starts: they call each other
  // (import-export calls leads and contacts; contacts and accounts-opportunities ask each other's lookups).
  const ports: Record<string, number> = {};
  for (const { definition } of SERVICES) {
    let port = definition.defaultPort;
    while (anyPort && Object.values(ports).includes((port = await freePort())));
    ports[definition.name] = port;
  }
  // The gateway's port is chosen now too: the services' links start with its address (PUBLIC_BASE_URL) unless set.
  let gatewayPort = Number(env.GATEWAY_PORT || 8080);
  while (anyPort && Object.values(ports).includes((gatewayPort = await freePort())));
  const gatewayEnv: Record<string, string | undefined> = {
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL || `http://127.0.0.1:${gatewayPort}`,
    ...Object.fromEntries(SERVICES.map(({ definition, urlSetting }) => [urlSetting, `http://127.0.0.1:${ports[definition.name]}`])),
  };
  const start = async (definition: AnyServiceDefinition) => {
    services[definition.name] = await startService(definition, {
      env: { ...gatewayEnv, ...ownSigningKey(env, definition.name), ...options.serviceEnv?.(definition.name) },
      port: ports[definition.name],
      logger: loggerFor(definition.name),
    });
  };
  const definitionOf = (name: string) => {
    const found = SERVICES.find(({ definition }) => definition.name === name);
    if (!found) throw new Error(`No service named ${name}`);
    return found.definition;
  };
  try {
    for (const { definition } of SERVICES) await start(definition);
    const gateway = await startGateway({
      env: { ...gatewayEnv, ...ownSigningKey(env, 'gateway') },
      port: anyPort ? gatewayPort : undefined,
      metricsPort: anyPort ? 0 : undefined,
      logger: loggerFor('gateway'),
    });
    const systemLogger = loggerFor('system');
    return {
      gatewayUrl: gateway.url,
      gatewayMetricsUrl: gateway.metricsUrl,
      services,
      stop: () =>
        closeInOrder(
          [
            { name: 'gateway', close: () => gateway.stop() },
            ...Object.values(services)
              .reverse()
              .map((service) => ({ name: service.name, close: () => service.stop() })),
          ],
          systemLogger,
        ),
      stopService: (name) => services[definitionOf(name).name]!.stop(),
      startService: (name) => start(definitionOf(name)),
    };
  } catch (error) {
    await Promise.allSettled(Object.values(services).map((service) => service.stop()));
    throw error;
  }
}
