import { openedOrNotFound, requireSalesAccess, type Caller, type Db, type RecordOwnership } from '@crm/shared';
import { findContact, type ContactRecord } from './contacts.repository';

/**
 * The contact the caller may open, or: 403 for a member without sales access (the endpoint is not
 * theirs), 404 for a contact that is missing, another tenant's or not openable (one body for all three).
 */
export async function openContact(db: Db, caller: Caller, id: string, forUpdate = false): Promise<OpenedContact> {
  requireSalesAccess(caller);
  const contact = await findContact(db, caller.tenantId, id, forUpdate);
  return openedOrNotFound(caller, contact);
}

/** A contact with the ownership the access rules read (its `owner` is `ownerId` already). */
export type OpenedContact = ContactRecord & RecordOwnership;
