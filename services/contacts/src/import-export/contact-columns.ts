import { LIST_SEPARATOR, type ImportColumns } from '@crm/shared';
import type { ContactRecord } from '../contacts/contacts.repository';

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

/** A contact's CSV columns (DESIGN §8): its writable fields, `tags` separated by `;`. */
export const CONTACT_COLUMNS: ImportColumns = { fields: CONTACT_FIELDS, ownerField: 'owner_id' };

/** Each column's cell in an export, as an import reads it back. */
export const CONTACT_CELLS: Record<keyof typeof CONTACT_FIELDS, (contact: ContactRecord) => string> = {
  first_name: (contact) => contact.firstName ?? '',
  last_name: (contact) => contact.lastName ?? '',
  email: (contact) => contact.email ?? '',
  phone: (contact) => contact.phone ?? '',
  title: (contact) => contact.title ?? '',
  account_id: (contact) => contact.accountId ?? '',
  linkedin_url: (contact) => contact.linkedinUrl ?? '',
  tags: (contact) => contact.tags.join(LIST_SEPARATOR),
  owner_id: (contact) => contact.ownerId,
};
