import { type EntityManager } from '@crm/platform';
import { changeReferenceHoldersOf, publishRecords, replicatedRecordOf, type Replica, type ReplicaChange } from '@crm/records';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';
import { heldAccountsOf, upsertAccountReplica } from './account-replica';

/**
 * An account as accounts-opportunities describes it (its `account.created|updated` event's `data`, or its
 * lookup, for an account a write names before its event came); without an id, a name or an integer version
 * it is ignored. Every contact whose view it changes changes with it (architecture §1): a rename shows in
 * `account.name`, announced by `contact.updated` with a new version and `updated_at`, so a client syncing by
 * `updated_at` sees it. A delete is `integration-events/account.handler.ts`.
 */
export async function applyAccount(manager: EntityManager, tenantId: string, data: unknown, change: ReplicaChange): Promise<void> {
  const account = replicatedRecordOf(data);
  const name = (data as { name?: unknown } | undefined)?.name;
  if (!account || typeof name !== 'string') return;
  const { renamed } = await upsertAccountReplica(manager, { id: account.id, tenantId, name, version: account.version, ...account.ownership });
  if (!renamed) return;
  const contacts = await changeReferenceHoldersOf(manager, CONTACTS, 'account_id', tenantId, account.id, change.now, 'touch');
  await publishRecords(manager, contactKind, 'updated', change.actor, contacts);
}

/** The accounts replica, as writes check `account_id` against it (`ReplicatedReferences`). */
export const accountReplica: Replica = { type: 'account', owner: { name: 'accounts-opportunities', port: 8084 }, ...heldAccountsOf, apply: applyAccount };
