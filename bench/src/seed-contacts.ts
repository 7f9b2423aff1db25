import type { Client } from 'pg';
import { loadPeople, type BenchTenant } from './seed-leads';

/**
 * Bulk-loads `count` contacts into a tenant straight into the contacts schema (`loadPeople`): the same
 * names, phones, tags, dates, creator and owners (`owner_id`) as seeded leads, e-mail addresses
 * `contact<i>.…`. No account: a contact's account is a replica row the seed has no reason to make.
 */
export async function loadContacts(db: Client, tenant: BenchTenant, count: number): Promise<void> {
  await loadPeople(db, 'contacts.contacts', tenant, count, { ownerColumn: 'owner_id', emailPrefix: 'contact', columns: {}, params: [] });
}
