import type { OwnedValues, RecordTable, StoredRecord } from '@crm/records';
import type { ContactOrderingField } from './contacts.schemas';

/** A contact's values, named as the API and the columns name them; its owner is `owner_id` (shown as `owner`). */
export interface ContactValues extends OwnedValues {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  account_id: string | null;
  linkedin_url: string | null;
  owner_id: string;
}

export type ContactRecord = StoredRecord<ContactValues>;

export const CONTACTS: RecordTable<ContactValues, ContactOrderingField> = {
  name: 'contacts',
  owner: 'owner_id',
  columns: ['first_name', 'last_name', 'email', 'phone', 'title', 'account_id', 'linkedin_url', 'tags', 'owner_id', 'custom_fields'],
  orderColumns: { created_at: 'created_at', updated_at: 'updated_at', first_name: 'first_name', last_name: 'last_name', email: 'email' },
  phone: 'phone',
  totals: true,
};
