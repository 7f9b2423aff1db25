import { openedOrNotFound, requireCurrentVersion, requireSalesAccess, type Caller, type Db, type RecordOwnership } from '@crm/shared';
import { findRecord, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';

/** Who a record belongs to, as the access rules read it: its creator and its owner (`assigned_to`). */
export const ownershipOf = (record: StoredRecord<OwnedValues>): RecordOwnership => ({
  tenantId: record.tenantId,
  createdBy: record.createdBy,
  ownerId: record.values.assigned_to,
});

/**
 * The record the caller may open (architecture §3), or: 403 for a member without sales access (the endpoint
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
  // Locked for a write: an If-Match naming another version of it is a 412 (api-contract §10).
  if (forUpdate) requireCurrentVersion(id, record!.version);
  return record!;
}
