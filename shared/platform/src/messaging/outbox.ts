import { queryOne, type Db, type EntityManager } from '../database';
import { currentRequestId, REQUEST_ID_HEADER } from '../http/request-context';
import { traceHeaders } from '../tracing/trace-context';
import type { CrmEvent } from './envelope';

// The outbox (events written in the business transaction, relayed later) and the inbox (ids of the messages
// already handled) are each service's migration Messaging1763800000000 (services/<service>/migrations/),
// named unqualified: the search path is the service's schema.

/** Per schema, so a relay wakes for its own service's events only (one database, many schemas). */
export const OUTBOX_CHANNEL_PREFIX = 'crm_outbox_';

export function outboxChannel(schema: string): string {
  return `${OUTBOX_CHANNEL_PREFIX}${schema}`;
}

/**
 * Adds `event` to the outbox. Pass the manager of the transaction that makes the change the event
 * describes: both commit or neither does. The NOTIFY is delivered on commit and wakes the relay.
 */
export async function enqueueEvent<T>(manager: EntityManager, event: CrmEvent<T>): Promise<void> {
  await enqueueEvents(manager, [event]);
}

/**
 * `enqueueEvent` for many events (an import): one INSERT whatever their number (the events travel as
 * one JSON parameter read by `jsonb_to_recordset`), and one NOTIFY.
 */
export async function enqueueEvents<T>(manager: EntityManager, events: readonly CrmEvent<T>[]): Promise<void> {
  if (events.length === 0) return;
  // The request id and the trace context of the write go with its events through the outbox, the relay and the broker.
  const headers: Record<string, string> = traceHeaders();
  const requestId = currentRequestId();
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  const rows = events.map((event) => ({ id: event.id, type: event.type, subject: event.subject, tenant_id: event.tenantid, payload: event }));
  // One round trip: the insert and the notify in one statement.
  await manager.query(
    `WITH inserted AS (
       INSERT INTO outbox (id, type, subject, tenant_id, payload, headers)
       SELECT id, type, subject, tenant_id, payload, $2::jsonb
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, type text, subject text, tenant_id text, payload jsonb)
       RETURNING 1
     )
     SELECT pg_notify($3 || current_schema(), '') FROM (SELECT 1 FROM inserted LIMIT 1) AS any_row`,
    [JSON.stringify(rows), JSON.stringify(headers), OUTBOX_CHANNEL_PREFIX],
  );
}

export interface OutboxBacklog {
  /** Events not yet published. */
  events: number;
  /** Age of the oldest of them, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** What waits in the outbox: read through the partial index of unpublished rows, so cheap when it is empty. */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const row = await queryOne<{ events: number; oldest_age_seconds: number }>(
    db,
    `SELECT count(*)::int AS events,
            COALESCE(extract(epoch FROM now() - (SELECT created_at FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT 1)), 0)::float8 AS oldest_age_seconds
     FROM outbox WHERE published_at IS NULL`,
  );
  return { events: row!.events, oldestAgeSeconds: row!.oldest_age_seconds };
}
