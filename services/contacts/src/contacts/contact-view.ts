import { type Caller, type Db } from '@crm/platform';
import { idSchema, namedRefSchema, namesAsSeenBy, recordViewSchema, recordViews, textOrNullSchema, type NamedRef, type ProfileRef, type RecordViewEnd } from '@crm/records';
import { z } from 'zod';
import { accountRefs, heldAccountsOf } from '../accounts/account-replica';
import { leadIdsOf } from '../contact-leads/contact-leads.repository';
import { CONTACTS, type ContactRecord, type ContactValues } from './contacts.repository';

/** A contact as the API shows it (api-contract §3): its values, its account as `{id, name}`, its owner, its leads. */
export type ContactView = { id: string } & Omit<ContactValues, 'account_id' | 'owner_id' | 'tags' | 'custom_fields'> &
  RecordViewEnd & {
    /** Its name is null for a reader who may not open the account (`contactsAsSeenBy`). */
    account: NamedRef | null;
    owner: ProfileRef;
    lead_ids: string[];
  };

/** `ContactView` as the API documents it. */
export const contactViewSchema = recordViewSchema(
  {
    first_name: textOrNullSchema,
    last_name: textOrNullSchema,
    email: textOrNullSchema,
    phone: textOrNullSchema,
    title: textOrNullSchema,
    linkedin_url: textOrNullSchema,
    account: namedRefSchema.nullable(),
    lead_ids: z.array(idSchema),
  },
  'owner',
);

/**
 * Views of several contacts of one tenant, with owners, accounts and lead links looked up once each
 * (one after the other: `db` may be a transaction's single connection). The account shows as `{id, name}`.
 */
export async function contactViews(db: Db, tenantId: string, contacts: ContactRecord[]): Promise<ContactView[]> {
  const accounts = await accountRefs(db, tenantId, contacts.map((contact) => contact.values.account_id));
  const leadIds = await leadIdsOf(db, tenantId, contacts.map((contact) => contact.id));
  return recordViews<ContactValues, ContactView>(db, CONTACTS, tenantId, contacts, {
    ownerField: 'owner',
    hide: ['account_id'],
    add: ({ id, values }) => ({
      // The foreign key keeps every account_id in the replica; the fallback only covers a row deleted mid-read.
      account: values.account_id === null ? null : (accounts.get(values.account_id) ?? null),
      lead_ids: leadIds.get(id)!,
    }),
  });
}

/** The views as `reader` may see them: an account they may not open shows its id, not its name (api-contract §2). */
export const contactsAsSeenBy = (db: Db, reader: Caller, views: ContactView[]): Promise<ContactView[]> =>
  namesAsSeenBy(reader, views, 'account', (ids) => heldAccountsOf.held(db, reader.tenantId, ids));
