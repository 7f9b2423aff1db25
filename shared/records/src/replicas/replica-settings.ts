import { z } from 'zod';
import { serviceUrlSetting, type DataSource, type InternalTokenSigner, type Logger, type ServiceDeps, type ServiceAddress, type ServiceExtension } from '@crm/platform';
import { referenceCheckMetrics } from './reference-metrics';
import { OwnerLookup, ownerUrlSetting } from './owner-lookup';
import type { Replica } from './replica';
import { ReplicatedReferences, type LookupOutcome } from './replicated-references';
import { TenantQuotas, tenantQuotasSetting, type QuotaLimits } from '../quotas/tenant-quotas';

const LOOKUP_TIMEOUT_DEFAULT_MS = 3_000;
const LOOKUP_RESEND_DEFAULT_MS = 1_000;

/**
 * How a service's records may name records that exist only later: ids another service hands out before
 * their owners make the records (their `handedOutLookupRoutes`).
 */
export interface ReplicaOptions {
  idsHandedOutAhead?: IdsHandedOutAhead;
}

/** The service handing ids out ahead of their records: a write refused for naming one asks it before its 400. */
export interface IdsHandedOutAhead {
  by: ServiceAddress;
  /** Where it answers which of them are still being made (its `handedOutLookupRoutes`). */
  path: string;
  /** The 503's detail when a write names one whose record is still being made. */
  whileBeingMade: string;
}

/** The services a service asks: the owners of its replicas, and the one handing ids out ahead. */
function askedServices(replicas: readonly Replica[], options: ReplicaOptions): ServiceAddress[] {
  const asked = [...replicas.map(({ owner }) => owner), ...(options.idsHandedOutAhead ? [options.idsHandedOutAhead.by] : [])];
  return [...new Map(asked.map((service) => [service.name, service])).values()];
}

/**
 * The settings of a service keeping `replicas` (or asking about ids handed out ahead): where the services
 * it asks listen, and how long it waits for them.
 */
export function replicaSettings(replicas: readonly Replica[], options: ReplicaOptions = {}) {
  const asked = askedServices(replicas, options);
  if (asked.length === 0) return {};
  return {
    ...Object.fromEntries(asked.map((service) => [ownerUrlSetting(service.name), serviceUrlSetting(service)])),
    OWNER_LOOKUP_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(LOOKUP_TIMEOUT_DEFAULT_MS)
      .describe(
        "Longest wait for an owning service's answer about an id this service's replica does not hold yet (a record " +
          'created a moment ago); past it the write answers 503 with Retry-After.',
      ),
    OWNER_LOOKUP_RESEND_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(LOOKUP_RESEND_DEFAULT_MS)
      .describe('How long such a lookup is sent again while nothing listens (the owner restarting) before the write answers 503.'),
  };
}

interface ReplicaConfig {
  OWNER_LOOKUP_TIMEOUT_MS?: number;
  OWNER_LOOKUP_RESEND_MS?: number;
}

/** The service's `ReplicatedReferences`, its owners' addresses read from `config` (see `replicaSettings`). */
export function replicatedReferences(options: {
  replicas: readonly Replica[];
  config: ReplicaConfig;
  /** What the service signs its lookups with: its own key. */
  signer: InternalTokenSigner;
  dataSource: DataSource;
  logger: Logger;
  clock: () => Date;
  observe?: (type: string, outcome: LookupOutcome) => void;
} & ReplicaOptions): ReplicatedReferences {
  const { replicas, config, signer, dataSource, logger, clock, observe, idsHandedOutAhead } = options;
  const settings = config as ReplicaConfig & Record<string, unknown>;
  const lookup = new OwnerLookup({
    signer,
    ownerUrls: Object.fromEntries(askedServices(replicas, options).map(({ name }) => [name, settings[ownerUrlSetting(name)] as string])),
    timeoutMs: config.OWNER_LOOKUP_TIMEOUT_MS ?? LOOKUP_TIMEOUT_DEFAULT_MS,
    resendForMs: config.OWNER_LOOKUP_RESEND_MS ?? LOOKUP_RESEND_DEFAULT_MS,
    logger,
  });
  return new ReplicatedReferences({ dataSource, lookup, replicas, clock, observe, idsHandedOutAhead });
}

/** The extension `replicatedRecords` makes, saying which replicas it keeps (a component test stands in for their owners). */
export interface ReplicatedRecords extends ServiceExtension<RecordDeps>, ReplicaOptions {
  replicas: readonly Replica[];
}

/** A service's replicas and the ids it takes ahead, when its extension is `replicatedRecords`'. */
export const replicatedRecordsOf = (extension: ServiceExtension<object> | undefined): ReplicatedRecords | undefined =>
  extension !== undefined && 'replicas' in extension ? (extension as ReplicatedRecords) : undefined;

/** What the records layer adds to a service's dependencies: the references its writes name, checked through its replicas; the tenants' quotas. */
export interface RecordDeps {
  references: ReplicatedReferences;
  quotas: TenantQuotas;
}

/** The dependencies of a service built with `replicatedRecords`. */
export type RecordServiceDeps<Config> = ServiceDeps<Config, RecordDeps>;

/**
 * A service keeping `replicas` of other services' records (architecture §1), as its definition's
 * `extension`: the owners' addresses and lookup timings as settings, `deps.references` built on them.
 */
export function replicatedRecords(replicas: readonly Replica[], options: ReplicaOptions = {}): ReplicatedRecords {
  return {
    replicas,
    ...options,
    settings: { ...replicaSettings(replicas, options), TENANT_QUOTAS: tenantQuotasSetting },
    calls: askedServices(replicas, options).map(({ name }) => name),
    build: ({ config, signer, dataSource, logger, clock, metrics }) => ({
      references: replicatedReferences({ replicas, config, signer, dataSource, logger, clock, observe: referenceCheckMetrics(metrics), ...options }),
      quotas: new TenantQuotas(config.TENANT_QUOTAS as QuotaLimits | undefined),
    }),
  };
}
