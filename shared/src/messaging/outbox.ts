import type { EntityManager, SqlMigration } from '../database';
import { currentRequestId, REQUEST_ID_HEADER } from '../http/request-context';
import type { CrmEvent } from './envelope';

/**
 * The outbox (events written in the business transaction, relayed later) and the inbox (ids of the
 * messages already handled). Unqualified names: the search path is the service's schema.
 */
export const messagingMigration: SqlMigration = {
  name: 'Messaging1763800000000',
  up: `
    CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      type text NOT NULL,
      subject text NOT NULL,
      tenant_id text NOT NULL,
      payload jsonb NOT NULL,
      headers jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz NULL,
      attempts integer NOT NULL DEFAULT 0
    );
    -- The relay's only question: the oldest rows not yet published. Partial, so it stays small.
    CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;

    CREATE TABLE inbox (
      message_id uuid PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    );
  `,
};

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

/** Rows per INSERT: 7 parameters each, well below PostgreSQL's 65,535 per statement. */
const OUTBOX_ROWS_PER_INSERT = 1_000;

/** `enqueueEvent` for many events (an import): a multi-row insert per thousand, one NOTIFY each. */
export async function enqueueEvents<T>(manager: EntityManager, events: readonly CrmEvent<T>[]): Promise<void> {
  const requestId = currentRequestId();
  const headers = JSON.stringify(requestId ? { [REQUEST_ID_HEADER]: requestId } : {});
  for (let start = 0; start < events.length; start += OUTBOX_ROWS_PER_INSERT) {
    const chunk = events.slice(start, start + OUTBOX_ROWS_PER_INSERT);
    const params: unknown[] = [OUTBOX_CHANNEL_PREFIX, headers];
    const rows = chunk.map((event) => {
      params.push(event.id, event.type, event.subject, event.tenantid, JSON.stringify(event));
      const at = params.length - 4;
      return `($${at}, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::jsonb, $2::jsonb)`;
    });
    // One round trip: the insert and the notify in one statement.
    await manager.query(
      `WITH inserted AS (
         INSERT INTO outbox (id, type, subject, tenant_id, payload, headers) VALUES ${rows.join(', ')}
         RETURNING 1
       )
       SELECT pg_notify($1 || current_schema(), '') FROM (SELECT 1 FROM inserted LIMIT 1) AS any_row`,
      params,
    );
  }
}
