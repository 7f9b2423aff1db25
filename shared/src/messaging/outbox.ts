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
  const requestId = currentRequestId();
  const headers = requestId ? { [REQUEST_ID_HEADER]: requestId } : {};
  // One round trip: the insert and the notify in one statement.
  await manager.query(
    `WITH inserted AS (
       INSERT INTO outbox (id, type, subject, tenant_id, payload, headers)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)
       RETURNING id
     )
     SELECT pg_notify($7 || current_schema(), '') FROM inserted`,
    [event.id, event.type, event.subject, event.tenantid, JSON.stringify(event), JSON.stringify(headers), OUTBOX_CHANNEL_PREFIX],
  );
}
