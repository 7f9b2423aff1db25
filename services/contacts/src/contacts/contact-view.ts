import { namesAsSeenBy, profileRefs, withVersion, type Caller, type Db, type NamedRef, type ProfileRef } from '@crm/shared';
import { accountRefs, heldAccounts, type AccountRef } from '../accounts/account-replica';
import { leadIdsOf } from '../contact-leads/contact-leads.repository';
import type { ContactRecord } from './contacts.repository';

/** A contact as the API shows it (api-contract §5). */
export interface ContactView {
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
  tags: string[];
  custom_fields: Record<string, unknown>;
  lead_ids: string[];
  org: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** What a contact's view needs from other tables: its owner, its account, its leads. */
interface Related {
  owner: ProfileRef;
  account: AccountRef | null;
  leadIds: string[];
}

function contactView(contact: ContactRecord, related: Related): ContactView {
  return withVersion({
    id: contact.id,
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    title: contact.title,
    account: related.account,
    linkedin_url: contact.linkedinUrl,
    owner: related.owner,
    tags: contact.tags,
    custom_fields: contact.customFields,
    lead_ids: related.leadIds,
    org: contact.tenantId,
    created_by: contact.createdBy,
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  }, contact.version);
}

/**
 * Views of several contacts of one tenant, with owners, accounts and lead links looked up once each
 * (one after the other: `db` may be a transaction's single connection).
 */
export async function contactViews(db: Db, tenantId: string, contacts: ContactRecord[]): Promise<ContactView[]> {
  const owners = await profileRefs(db, tenantId, contacts.map((contact) => contact.ownerId));
  const accounts = await accountRefs(db, tenantId, contacts.map((contact) => contact.accountId));
  const leadIds = await leadIdsOf(db, tenantId, contacts.map((contact) => contact.id));
  return contacts.map((contact) =>
    contactView(contact, {
      owner: owners.get(contact.ownerId)!,
      // The foreign key keeps every account_id in the replica; the fallback only covers a row deleted mid-read.
      account: contact.accountId === null ? null : (accounts.get(contact.accountId) ?? null),
      leadIds: leadIds.get(contact.id)!,
    }),
  );
}

export async function contactViewOf(db: Db, contact: ContactRecord): Promise<ContactView> {
  const [view] = await contactViews(db, contact.tenantId, [contact]);
  return view!;
}

/** The views as `reader` may see them: an account they may not open shows its id, not its name (api-contract §4). */
export const contactsAsSeenBy = (db: Db, reader: Caller, views: ContactView[]): Promise<ContactView[]> =>
  namesAsSeenBy(reader, views, 'account', (ids) => heldAccounts(db, reader.tenantId, ids));

export async function contactAsSeenBy(db: Db, reader: Caller, view: ContactView): Promise<ContactView> {
  const [seen] = await contactsAsSeenBy(db, reader, [view]);
  return seen!;
}
