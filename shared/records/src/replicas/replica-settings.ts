import { z } from 'zod';
import { serviceUrlSetting, type DataSource, type Logger, type ServiceDeps, type ServiceExtension } from '@crm/platform';
import { referenceCheckMetrics } from './reference-metrics';
import { OwnerLookup, ownerUrlSetting } from './owner-lookup';
import { REPLICATED_TYPE_OWNERS, type Replica, type ReplicatedType } from './replica';
import { ReplicatedReferences, type LookupOutcome } from './replicated-references';

const LOOKUP_TIMEOUT_DEFAULT_MS = 3_000;
const LOOKUP_RESEND_DEFAULT_MS = 1_000;

/** The types whose owners a service asks: its replicas', and leads when it checks conversions in flight. */
const askedTypes = (replicas: readonly Replica[], checksConversions: boolean): ReplicatedType[] => [
  ...new Set([...replicas.map(({ type }) => type), ...(checksConversions ? (['lead'] as const) : [])]),
];

/**
 * The settings of a service keeping `replicas` (or checking conversions in flight with leads): where the
 * owners it asks listen, and how long it waits for them.
 */
export function replicaSettings(replicas: readonly Replica[], checksConversions = false) {
  if (replicas.length === 0 && !checksConversions) return {};
  return {
    ...Object.fromEntries(askedTypes(replicas, checksConversions).map((type) => [ownerUrlSetting(type), serviceUrlSetting(REPLICATED_TYPE_OWNERS[type])])),
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
  INTERNAL_TOKEN_SECRET: string;
  OWNER_LOOKUP_TIMEOUT_MS?: number;
  OWNER_LOOKUP_RESEND_MS?: number;
}

/** The service's `ReplicatedReferences`, its owners' addresses read from `config` (see `replicaSettings`). */
export function replicatedReferences(options: {
  replicas: readonly Replica[];
  config: ReplicaConfig;
  dataSource: DataSource;
  logger: Logger;
  clock: () => Date;
  observe?: (type: ReplicatedType, outcome: LookupOutcome) => void;
  checksConversions?: boolean;
}): ReplicatedReferences {
  const { replicas, config, dataSource, logger, clock, observe, checksConversions = false } = options;
  const settings = config as ReplicaConfig & Record<string, unknown>;
  const lookup = new OwnerLookup({
    secret: config.INTERNAL_TOKEN_SECRET,
    ownerUrls: Object.fromEntries(askedTypes(replicas, checksConversions).map((type) => [type, settings[ownerUrlSetting(type)] as string])),
    timeoutMs: config.OWNER_LOOKUP_TIMEOUT_MS ?? LOOKUP_TIMEOUT_DEFAULT_MS,
    resendForMs: config.OWNER_LOOKUP_RESEND_MS ?? LOOKUP_RESEND_DEFAULT_MS,
    logger,
  });
  return new ReplicatedReferences({ dataSource, lookup, replicas, clock, observe, checksConversions });
}

/** What the records layer adds to a service's dependencies: the references its writes name, checked through its replicas. */
export interface RecordDeps {
  references: ReplicatedReferences;
}

/** The dependencies of a service built with `replicatedRecords`. */
export type RecordServiceDeps<Config> = ServiceDeps<Config, RecordDeps>;

/**
 * A service keeping `replicas` of other services' records (architecture §1), as its definition's
 * `extension`: the owners' addresses and lookup timings as settings, `deps.references` built on them.
 */
export function replicatedRecords(replicas: readonly Replica[], options: { checksConversions?: boolean } = {}): ServiceExtension<RecordDeps> {
  const checksConversions = options.checksConversions ?? false;
  return {
    settings: replicaSettings(replicas, checksConversions),
    calls: [...new Set(askedTypes(replicas, checksConversions).map((type) => REPLICATED_TYPE_OWNERS[type]))],
    build: ({ config, dataSource, logger, clock, metrics }) => ({
      references: replicatedReferences({ replicas, config, dataSource, logger, clock, observe: referenceCheckMetrics(metrics), checksConversions }),
    }),
  };
}
