import type { IntegrationEventHandler } from '@crm/platform';
import { changeReferenceHoldersOf, publishRecords, replicatedRecordOf } from '@crm/records';
import { applyAccount } from '../accounts/account-changes';
import { forgetAccount } from '../accounts/account-replica';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';
import type { ContactsDeps } from '../contacts-deps';

/** `account.created` / `account.updated`: the accounts replica follows, and contacts showing a renamed account change with it. */
export const onAccountChanged: IntegrationEventHandler<ContactsDeps> = (event, manager, { clock }) =>
  applyAccount(manager, event.tenantid, event.data, { actor: event.actor, now: clock() });

/**
 * `account.deleted` (`{id, version, assigned_to}`): the contacts linked to it become standalone, then
 * the account is forgotten for good. Its row is locked first, so a write linking a contact to it has
 * committed (and is cleared here) or waits and then finds it gone (400).
 */
export const onAccountDeleted: IntegrationEventHandler<ContactsDeps> = async (event, manager, { clock }) => {
  const data = replicatedRecordOf(event.data);
  if (!data) return;
  const tenantId = event.tenantid;
  await forgetAccount(manager, tenantId, data, async () => {
    const contacts = await changeReferenceHoldersOf(manager, CONTACTS, 'account_id', tenantId, data.id, clock(), 'clear');
    await publishRecords(manager, contactKind, 'updated', event.actor, contacts);
  });
};
