import type { z } from 'zod';
import type { EntityManager } from '../database';
import type { EventProducers } from './broker-users';
import type { CrmEvent } from './envelope';
import { topicMatches } from './in-process-bus';

/**
 * What a service does with one event it consumes. It runs inside the inbox transaction: whatever it
 * writes through `manager` commits with the inbox row, or not at all. `deps` are the service's own.
 */
export type IntegrationEventHandler<Deps> = (event: CrmEvent, manager: EntityManager, deps: Deps) => Promise<void>;

/** A service's subscriptions: for each routing key its queue is bound to (an event type, or a topic pattern such as `#`), its handler. */
export type Subscriptions<Deps> = Readonly<Record<string, IntegrationEventHandler<Deps>>>;

/** What a service definition consumes: its queue's bindings, the handler that dispatches each event, and whom each type must come from. */
export interface ConsumedEvents<Deps> {
  bindings: readonly string[];
  handler: IntegrationEventHandler<Deps>;
  /** The service publishing each event type: an event is handled only under its broker user's `user-id` (docs/security.md §10.2). */
  producers: EventProducers;
}

/**
 * The `consumes` of a service definition from its one subscription list: the queue is bound to exactly
 * the list's keys, and each event goes to the handler of its type (else of the first pattern it matches),
 * once the consumer has checked it comes from the service that `producers` says publishes its type.
 */
export function consumedEvents<Deps>(subscriptions: Subscriptions<Deps>, producers: EventProducers): ConsumedEvents<Deps> {
  const bindings = Object.keys(subscriptions);
  const patterns = bindings.filter((binding) => binding.includes('*') || binding.includes('#'));
  return {
    bindings,
    producers,
    handler: async (event, manager, deps) => {
      const key = Object.hasOwn(subscriptions, event.type) ? event.type : patterns.find((pattern) => topicMatches(pattern, event.type));
      if (key !== undefined) await subscriptions[key]!(event, manager, deps);
    },
  };
}

/** One event a service publishes, as its contracts (AsyncAPI, message pacts) describe it. */
export interface PublishedEvent {
  /** The routing key. */
  type: string;
  /** The service whose outbox writes it (the envelope's `source`). */
  producer: string;
  summary: string;
  /** The schema of `data`, where the producer declares one (the others carry the record as the API shows it). */
  data?: z.ZodType;
}
