import { type CrmEvent, type EntityManager } from '@crm/platform';
import { changeReferenceHoldersOf, publishRecords, replicatedRecordOf, type Replica, type ReplicaChange } from '@crm/records';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';
import { forgetAccount, heldAccountsOf, lockAccount, lockAccountRow, upsertAccountReplica } from './account-replica';

/**
 * What changes to accounts do here: the replica follows `account.created|updated|deleted` (and
 * accounts-opportunities' lookup, for an account a write names before its event came), and every
 * contact whose view they change changes with them (architecture §1): a rename shows in `account.name`, a
 * delete makes the contact standalone. Each such contact gets a new version and `updated_at`, announced
 * by `contact.updated`, so a client syncing by `updated_at` sees it.
 */
export const ACCOUNT_EVENT_TYPES = {
  created: 'account.created',
  updated: 'account.updated',
  deleted: 'account.deleted',
} as const;

/** An account as accounts-opportunities describes it (its event's `data`); without an id, a name or an integer version it is ignored. */
async function applyAccount(manager: EntityManager, tenantId: string, data: unknown, change: ReplicaChange): Promise<void> {
  const account = replicatedRecordOf(data);
  const name = (data as { name?: unknown } | undefined)?.name;
  if (!account || typeof name !== 'string') return;
  const { renamed } = await upsertAccountReplica(manager, { id: account.id, tenantId, name, version: account.version, ...account.ownership });
  if (!renamed) return;
  const contacts = await changeReferenceHoldersOf(manager, CONTACTS, 'account_id', tenantId, account.id, change.now, 'touch');
  await publishRecords(manager, contactKind, 'updated', change.actor, contacts);
}

/** The accounts replica, as writes check `account_id` against it (`ReplicatedReferences`). */
export const accountReplica: Replica = { type: 'account', ...heldAccountsOf, apply: applyAccount };

/** `account.created` / `account.updated`. */
export const applyAccountChanged = (manager: EntityManager, event: CrmEvent, now: Date): Promise<void> =>
  applyAccount(manager, event.tenantid, event.data, { actor: event.actor, now });

/**
 * `account.deleted` (`{id, version, assigned_to}`): the contacts linked to it become standalone, then
 * the account is forgotten for good. The row is locked first, so a write linking a contact to it has
 * committed (and is cleared here) or waits and then finds it gone (400).
 */
export async function applyAccountDeleted(manager: EntityManager, event: CrmEvent, now: Date): Promise<void> {
  const data = replicatedRecordOf(event.data);
  if (!data) return;
  const tenantId = event.tenantid;
  await lockAccount(manager, data.id);
  if (await lockAccountRow(manager, tenantId, data.id)) {
    const contacts = await changeReferenceHoldersOf(manager, CONTACTS, 'account_id', tenantId, data.id, now, 'clear');
    await publishRecords(manager, contactKind, 'updated', event.actor, contacts);
  }
  await forgetAccount(manager, { id: data.id, tenantId, version: data.version });
}
