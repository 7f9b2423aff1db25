import amqp from 'amqplib';
import { createEvent } from '@crm/shared';
import type { ApiClient } from '../../support/api-client';
import type { TestSystem } from '../../support/system';
import { eventually, type TenantAdmin } from '../../support/tenants';

/** Helpers for the accounts-opportunities suites: records through the gateway, replicas, events, audit log. */

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type EntityPath = 'accounts' | 'opportunities' | 'tasks';

const service = (system: TestSystem) => system.services['accounts-opportunities']!;

/** Creates a record through the gateway; fails the test on anything but 201. */
export async function create(api: ApiClient, token: string, entity: EntityPath, body: Record<string, unknown>): Promise<any> {
  const res = await api.post(`/api/${entity}/`, body, { token });
  if (res.status !== 201) throw new Error(`create ${entity} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Reads a record as an admin of its tenant sees it (without `custom_field_definitions`). */
export async function read(api: ApiClient, token: string, entity: EntityPath, id: string): Promise<any> {
  const res = await api.get(`/api/${entity}/${id}/`, { token });
  if (res.status !== 200) throw new Error(`read ${entity} failed: ${res.status} ${res.text}`);
  const { custom_field_definitions: _definitions, ...record } = res.body;
  return record;
}

/**
 * Waits until the service's profile replica holds every profile given (auth's `profile.created` travels
 * through the bus), so owners show their e-mail and can be assigned records.
 */
export async function waitForProfiles(system: TestSystem, profileIds: string[]): Promise<void> {
  await eventually(
    async () => {
      const [row] = await service(system).dataSource.query(`SELECT count(*)::int AS n FROM profiles WHERE id = ANY($1::uuid[])`, [profileIds]);
      return row.n === new Set(profileIds).size ? true : undefined;
    },
    15_000,
    `profiles ${profileIds.join(', ')} in the accounts-opportunities replica`,
  );
}

/** The replica's row for a contact or lead (undefined while it has not arrived). */
export async function knownRecord(system: TestSystem, type: 'contact' | 'lead', id: string): Promise<any> {
  const [row] = await service(system).dataSource.query(`SELECT * FROM known_records WHERE record_type = $1 AND id = $2`, [type, id]);
  return row;
}

/**
 * Publishes an event on the test namespace's exchange as a service would (CloudEvents envelope,
 * persistent, message id = event id), e.g. a `contact.created` of the contacts service.
 */
export async function publishEvent(input: { type: string; tenantId: string; subject: string; data: Record<string, unknown> }): Promise<string> {
  const event = createEvent({
    source: input.type.split('.')[0] === 'lead' ? 'leads' : 'contacts',
    type: input.type,
    subject: input.subject,
    tenantId: input.tenantId,
    actor: null,
    data: input.data,
  });
  const connection = await amqp.connect(process.env.AMQP_URL!);
  try {
    const channel = await connection.createConfirmChannel();
    channel.publish(`${process.env.AMQP_NAMESPACE}.events`, event.type, Buffer.from(JSON.stringify(event)), {
      messageId: event.id,
      persistent: true,
      contentType: 'application/json',
    });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
  return event.id;
}

/** Waits until the service's consumer has handled the event (its inbox holds the id). */
export async function waitForHandled(system: TestSystem, eventId: string): Promise<void> {
  await eventually(
    async () => {
      const rows = await service(system).dataSource.query(`SELECT 1 FROM inbox WHERE message_id = $1`, [eventId]);
      return rows.length > 0 ? true : undefined;
    },
    15_000,
    `event ${eventId} handled`,
  );
}

/** Publishes `<type>.created` for a record and waits until the replica has it. */
export async function announce(system: TestSystem, type: 'contact' | 'lead', tenantId: string, id: string, version = 1): Promise<void> {
  await publishEvent({ type: `${type}.created`, tenantId, subject: id, data: { id, version } });
  await eventually(async () => ((await knownRecord(system, type, id))?.version === version ? true : undefined), 15_000, `${type} ${id} in the replica`);
}

/** The audit log entries of one record, oldest first, once there are `count` of them. */
export async function auditEntries(system: TestSystem, admin: TenantAdmin, recordId: string, count: number): Promise<any[]> {
  return eventually(
    async () => {
      const res = await system.api.get(`/api/audit-logs/?record_id=${recordId}&ordering=time&page_size=100`, { token: admin.access });
      return res.body.count === count ? res.body.results : undefined;
    },
    20_000,
    `${count} audit entries for ${recordId}`,
  );
}

/** The events the service wrote to its outbox about a record, oldest first. */
export async function outboxEvents(system: TestSystem, recordId: string): Promise<{ type: string; data: any }[]> {
  const rows = await service(system).dataSource.query(`SELECT type, payload FROM outbox WHERE subject = $1 ORDER BY seq`, [recordId]);
  return rows.map((row: { type: string; payload: { data: unknown } }) => ({ type: row.type, data: row.payload.data }));
}

export const serviceDb = (system: TestSystem) => service(system).dataSource;
