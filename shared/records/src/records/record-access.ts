import { openedOrNotFound, requireSalesAccess, type RecordOwnership } from './record-ownership';
import { type Caller } from '@crm/platform';
import type { Db } from '@crm/platform';
import { requireCurrentVersion } from '@crm/platform';
import { findRecord, ownerOf, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';

/** Who a record belongs to, as the access rules read it: its creator and its owner. */
export const ownershipOf = <V extends OwnedValues>(table: RecordTable<V>, record: StoredRecord<V>): RecordOwnership => ({
  tenantId: record.tenantId,
  createdBy: record.createdBy,
  ownerId: ownerOf(table, record.values),
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
  openedOrNotFound(caller, record && ownershipOf(table, record));
  // Locked for a write: an If-Match naming another version of it is a 412 (api-contract §6).
  if (forUpdate) requireCurrentVersion(id, record!.version);
  return record!;
}
