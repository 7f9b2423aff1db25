import {
  ForbiddenError,
  isAdmin,
  openedOrNotFound,
  profileBelongsToTenant,
  requireSalesAccess,
  ValidationError,
  type Caller,
  type Db,
  type RecordOwnership,
} from '@crm/shared';
import { findRecord, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';

/** Who a record belongs to, as the access rules read it: its creator and its owner (`assigned_to`). */
export const ownershipOf = (record: StoredRecord<OwnedValues>): RecordOwnership => ({
  tenantId: record.tenantId,
  createdBy: record.createdBy,
  ownerId: record.values.assigned_to,
});

/**
 * The record the caller may open (DESIGN §3), or: 403 for a member without sales access (the endpoint
 * is not theirs), 404 for a record that is missing, another tenant's or not openable (one body for all
 * three).
 */
export async function openRecord<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  caller: Caller,
  id: string,
  forUpdate = false,
): Promise<StoredRecord<V>> {
  requireSalesAccess(caller);
  const record = await findRecord(db, table, caller.tenantId, id, forUpdate);
  openedOrNotFound(caller, record && ownershipOf(record));
  return record!;
}

/** Only an admin may give a record to someone else (DESIGN §5); a member may name themselves. */
export function checkAssignment(caller: Caller, wanted: string | undefined, currentOwner: string | undefined): void {
  if (wanted === undefined || isAdmin(caller)) return;
  if (wanted !== (currentOwner ?? caller.profileId)) {
    throw new ForbiddenError('Only an admin may assign a record to someone else.');
  }
}

/** The owner must be a member of the tenant (as the profiles replica knows it): else 400 on `assigned_to_id`. */
export async function requireOwnerInTenant(db: Db, tenantId: string, profileId: string): Promise<void> {
  if (!(await profileBelongsToTenant(db, tenantId, profileId))) {
    throw ValidationError.field('assigned_to_id', 'No member of this organisation has this id.');
  }
}
