import { openedOrNotFound, requireCurrentVersion, requireSalesAccess, type Caller, type Db, type RecordOwnership } from '@crm/shared';
import { findContact, type ContactRecord } from './contacts.repository';

/**
 * The contact the caller may open, or: 403 for a member without sales access (the endpoint is not
 * theirs), 404 for a contact that is missing, another tenant's or not openable (one body for all three).
 */
export async function openContact(db: Db, caller: Caller, id: string, forUpdate = false): Promise<OpenedContact> {
  requireSalesAccess(caller);
  const contact = openedOrNotFound(caller, await findContact(db, caller.tenantId, id, forUpdate));
  // Locked for a write: an If-Match naming another version of it is a 412 (api-contract §10).
  if (forUpdate) requireCurrentVersion(id, contact.version);
  return contact;
}

/** A contact with the ownership the access rules read (its `owner` is `ownerId` already). */
export type OpenedContact = ContactRecord & RecordOwnership;
