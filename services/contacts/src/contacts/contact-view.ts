import { namesAsSeenBy, ownersOf, recordViewEnd, type Caller, type Db, type NamedRef, type ProfileRef, type RecordViewEnd } from '@crm/shared';
import { accountRefs, heldAccounts, type AccountRef } from '../accounts/account-replica';
import { leadIdsOf } from '../contact-leads/contact-leads.repository';
import { CONTACTS, type ContactRecord } from './contacts.repository';

/** A contact as the API shows it (api-contract §5). */
export interface ContactView extends RecordViewEnd {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  /** Its name is null for a reader who may not open the account (`contactsAsSeenBy`). */
  account: NamedRef | null;
  linkedin_url: string | null;
  owner: ProfileRef;
  lead_ids: string[];
}

/** What a contact's view needs from other tables: its owner, its account, its leads. */
interface Related {
  owner: ProfileRef;
  account: AccountRef | null;
  leadIds: string[];
}

function contactView(contact: ContactRecord, related: Related): ContactView {
  const { values } = contact;
  return {
    id: contact.id,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    title: values.title,
    account: related.account,
    linkedin_url: values.linkedin_url,
    owner: related.owner,
    lead_ids: related.leadIds,
    ...recordViewEnd(contact),
  };
}

/**
 * Views of several contacts of one tenant, with owners, accounts and lead links looked up once each
 * (one after the other: `db` may be a transaction's single connection).
 */
export async function contactViews(db: Db, tenantId: string, contacts: ContactRecord[]): Promise<ContactView[]> {
  const owners = await ownersOf(db, CONTACTS, tenantId, contacts);
  const accounts = await accountRefs(db, tenantId, contacts.map((contact) => contact.values.account_id));
  const leadIds = await leadIdsOf(db, tenantId, contacts.map((contact) => contact.id));
  return contacts.map((contact) => {
    const accountId = contact.values.account_id;
    return contactView(contact, {
      owner: owners.get(contact.values.owner_id)!,
      // The foreign key keeps every account_id in the replica; the fallback only covers a row deleted mid-read.
      account: accountId === null ? null : (accounts.get(accountId) ?? null),
      leadIds: leadIds.get(contact.id)!,
    });
  });
}

/** The views as `reader` may see them: an account they may not open shows its id, not its name (api-contract §4). */
export const contactsAsSeenBy = (db: Db, reader: Caller, views: ContactView[]): Promise<ContactView[]> =>
  namesAsSeenBy(reader, views, 'account', (ids) => heldAccounts(db, reader.tenantId, ids));
