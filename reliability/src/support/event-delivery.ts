import { publishesEvents, topicMatches } from '@crm/platform';
import { SERVICES } from '@crm/system';
import type { Client } from 'pg';
import { eventually } from './http';
import type { Check } from './report';

/**
 * Where every event written to an outbox stands: not yet published, or published but missing from the
 * inbox of a service whose queue is bound to its type (the audit log is bound to everything). All zero
 * means nothing was lost; the inbox's primary key means each was handled at most once.
 */
export interface Delivery {
  /** Events in every outbox. */
  written: number;
  unpublished: number;
  /** Per consuming service: events of a type it is bound to that its inbox does not hold. */
  missing: Record<string, number>;
}

const PUBLISHERS = SERVICES.filter(({ definition }) => publishesEvents(definition)).map(({ definition }) => definition.schema);
const CONSUMERS = SERVICES.flatMap(({ definition }) => (definition.consumes ? [{ schema: definition.schema, bindings: definition.consumes.bindings }] : []));

export async function deliveryNow(db: Client): Promise<Delivery> {
  const events: Array<{ id: string; type: string; published: boolean }> = [];
  for (const schema of PUBLISHERS) {
    const { rows } = await db.query(`SELECT id, type, published_at IS NOT NULL AS published FROM "${schema}".outbox`);
    events.push(...rows);
  }
  const missing: Record<string, number> = {};
  for (const { schema, bindings } of CONSUMERS) {
    const { rows } = await db.query(`SELECT message_id FROM "${schema}".inbox`);
    const handled = new Set(rows.map((row: { message_id: string }) => row.message_id));
    missing[schema] = events.filter((event) => bindings.some((binding) => topicMatches(binding, event.type)) && !handled.has(event.id)).length;
  }
  return { written: events.length, unpublished: events.filter((event) => !event.published).length, missing };
}

export const undelivered = (delivery: Delivery) => delivery.unpublished + Object.values(delivery.missing).reduce((sum, n) => sum + n, 0);

/** Waits (bounded) until every event is published and handled; answers the last state either way and how long it took. */
export async function waitForDelivery(db: Client, timeoutMs: number): Promise<Delivery & { seconds: number }> {
  const started = Date.now();
  let last = await deliveryNow(db);
  await eventually(
    async () => {
      last = await deliveryNow(db);
      return undelivered(last) === 0 ? true : undefined;
    },
    timeoutMs,
    200,
  );
  return { ...last, seconds: (Date.now() - started) / 1000 };
}

/** The checks that say nothing was lost: none unpublished, none missing from an inbox. */
export function deliveryChecks(delivery: Delivery): Check[] {
  return [
    { what: 'events never published', value: delivery.unpublished },
    ...Object.entries(delivery.missing).map(([schema, n]) => ({ what: `events missing from the ${schema} inbox`, value: n })),
  ];
}
