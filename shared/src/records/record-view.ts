import type { Db } from '../database';
import { profileRefs, type ProfileRef } from '../profile-replica';
import { withVersion } from './record-versions';
import { ownerOf, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';

/** The fields every entity shows after its own: tags, custom fields and what the server derives. */
export interface RecordViewEnd {
  tags: string[];
  custom_fields: Record<string, unknown>;
  org: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** The fields of an entity whose owner shows as `assigned_to {id, email}` (all but contacts). */
export interface OwnedView extends RecordViewEnd {
  assigned_to: ProfileRef;
}

/** Spread last into the entity's view, it also carries the record's version (the ETag, `withVersion`). */
export function recordViewEnd(record: StoredRecord<OwnedValues>): RecordViewEnd {
  return withVersion(
    {
      tags: record.values.tags,
      custom_fields: record.values.custom_fields,
      org: record.tenantId,
      created_by: record.createdBy,
      created_at: record.createdAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
    },
    record.version,
  );
}

/** `recordViewEnd` with the owner as `assigned_to`. */
export const ownedView = (record: StoredRecord<OwnedValues>, owner: ProfileRef): OwnedView =>
  withVersion({ assigned_to: owner, ...recordViewEnd(record) }, record.version);

/** The owners `{id, email}` of records of one tenant, looked up in one query. */
export function ownersOf<V extends OwnedValues>(db: Db, table: RecordTable<V>, tenantId: string, records: StoredRecord<V>[]): Promise<Map<string, ProfileRef>> {
  return profileRefs(db, tenantId, records.map((record) => ownerOf(table, record.values)));
}
