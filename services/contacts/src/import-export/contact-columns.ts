import { LIST_SEPARATOR, type ExportedRecord, type ImportColumns } from '@crm/records';
import type { ContactValues } from '../contacts/contacts.repository';

const CONTACT_FIELDS = {
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  title: 'text',
  account_id: 'text',
  linkedin_url: 'text',
  tags: 'list',
  owner_id: 'text',
} as const;

/** A contact's CSV columns (api-contract §5): its writable fields, `tags` separated by `;`. */
export const CONTACT_COLUMNS: ImportColumns = { fields: CONTACT_FIELDS, ownerField: 'owner_id', nameField: 'first_name' };

/** Each column's cell in an export (from the contact's row), as an import reads it back. */
export const CONTACT_CELLS: Record<keyof typeof CONTACT_FIELDS, (contact: ExportedRecord<ContactValues>) => string> = {
  first_name: (contact) => contact.first_name ?? '',
  last_name: (contact) => contact.last_name ?? '',
  email: (contact) => contact.email ?? '',
  phone: (contact) => contact.phone ?? '',
  title: (contact) => contact.title ?? '',
  account_id: (contact) => contact.account_id ?? '',
  linkedin_url: (contact) => contact.linkedin_url ?? '',
  tags: (contact) => contact.tags.join(LIST_SEPARATOR),
  owner_id: (contact) => contact.owner_id,
};
