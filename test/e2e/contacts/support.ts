import { createdRecord, type ApiClient } from '../../support/api-client';
import { outboxEvents as outboxEventsOf } from '../../support/events';
import type { TestSystem } from '../../support/system';

/** Helpers for the contacts suites: contacts through the gateway, the service's replicas, its events. */

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const contactsDb = (system: TestSystem) => system.services.contacts!.dataSource;

/** Creates a contact through the gateway; fails the test on anything but 201. */
export const createContact = (api: ApiClient, token: string, body: Record<string, unknown>): Promise<any> => createdRecord(api, '/api/contacts/', body, token);

/** Creates an account through the gateway, as a client would: usable in a contact's `account_id` at once. */
export async function addAccount(system: TestSystem, owner: { access: string }, name: string): Promise<{ id: string; name: string }> {
  return { id: (await createdRecord(system.api, '/api/accounts/', { name }, owner.access)).id, name };
}

/** The replica's row for an account (undefined while it is not there). */
export async function accountRow(system: TestSystem, id: string): Promise<{ id: string; tenant_id: string; name: string; version: number } | undefined> {
  const [row] = await contactsDb(system).query(`SELECT id, tenant_id, name, version FROM accounts WHERE id = $1`, [id]);
  return row;
}

/** The events the contacts service wrote to its outbox about a record, oldest first. */
export const outboxEvents = (system: TestSystem, recordId: string) => outboxEventsOf(system, 'contacts', recordId);
