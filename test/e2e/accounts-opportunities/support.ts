import { createdRecord, type ApiClient } from '../../support/api-client';
import type { TestSystem } from '../../support/system';
import {
  auditEntries,
  outboxEvents as outboxEventsOf,
  publishEvent as publishServiceEvent,
  waitForHandled as waitForHandledBy,
} from '../../support/events';
import { eventually } from '../../support/tenants';

/** Helpers for the accounts-opportunities suites: records through the gateway, replicas, events, audit log. */

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type EntityPath = 'accounts' | 'opportunities' | 'tasks';

const SERVICE = 'accounts-opportunities';
const service = (system: TestSystem) => system.services[SERVICE]!;

/** Creates a record through the gateway; fails the test on anything but 201. */
export const create = (api: ApiClient, token: string, entity: EntityPath, body: Record<string, unknown>): Promise<any> => createdRecord(api, `/api/${entity}/`, body, token);

/** Reads a record as an admin of its tenant sees it (without `custom_field_definitions`). */
export async function read(api: ApiClient, token: string, entity: EntityPath, id: string): Promise<any> {
  const res = await api.get(`/api/${entity}/${id}/`, { token });
  if (res.status !== 200) throw new Error(`read ${entity} failed: ${res.status} ${res.text}`);
  const { custom_field_definitions: _definitions, ...record } = res.body;
  return record;
}

/** The replica's row for a contact or lead (undefined while it has not arrived). */
export async function knownRecord(system: TestSystem, type: 'contact' | 'lead', id: string): Promise<any> {
  const [row] = await service(system).dataSource.query(`SELECT * FROM known_records WHERE record_type = $1 AND id = $2`, [type, id]);
  return row;
}

/** Publishes an event as the contacts or leads service would (e.g. a `contact.created`). */
export const publishEvent = (input: { type: string; tenantId: string; subject: string; data: Record<string, unknown> }) =>
  publishServiceEvent({ source: input.type.startsWith('lead.') ? 'leads' : 'contacts', ...input });

/** Waits until the service's consumer has handled the event (its inbox holds the id). */
export const waitForHandled = (system: TestSystem, eventId: string) => waitForHandledBy(system, SERVICE, eventId);

/** Publishes `<type>.created` for a record and waits until the replica has it. */
export async function announce(system: TestSystem, type: 'contact' | 'lead', tenantId: string, id: string, version = 1): Promise<void> {
  await publishEvent({ type: `${type}.created`, tenantId, subject: id, data: { id, version } });
  await eventually(async () => ((await knownRecord(system, type, id))?.version === version ? true : undefined), 15_000, `${type} ${id} in the replica`);
}

export { auditEntries };

/** The events the service wrote to its outbox about a record, oldest first. */
export const outboxEvents = (system: TestSystem, recordId: string) => outboxEventsOf(system, SERVICE, recordId);

export const serviceDb = (system: TestSystem) => service(system).dataSource;
