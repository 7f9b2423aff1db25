import { profileRefs, withVersion, type Db, type ProfileRef } from '@crm/shared';
import type { OwnedValues, StoredRecord } from './record-table';

/** The fields every entity shows after its own: owner, tags, custom fields and what the server derives. */
export interface OwnedView {
  assigned_to: ProfileRef;
  tags: string[];
  custom_fields: Record<string, unknown>;
  org: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Spread into the entity's view, it also carries the record's version (the ETag, `withVersion`). */
export function ownedView(record: StoredRecord<OwnedValues>, owner: ProfileRef): OwnedView {
  return withVersion({
    assigned_to: owner,
    tags: record.values.tags,
    custom_fields: record.values.custom_fields,
    org: record.tenantId,
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  }, record.version);
}

/** The owners `{id, email}` of records of one tenant, looked up in one query. */
export function ownersOf(db: Db, tenantId: string, records: StoredRecord<OwnedValues>[]): Promise<Map<string, ProfileRef>> {
  return profileRefs(db, tenantId, records.map((record) => record.values.assigned_to));
}
