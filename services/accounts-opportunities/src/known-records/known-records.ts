import { queryRows, type CrmEvent, type Db, type EntityManager } from '@crm/shared';

/**
 * Records of other services this one points to (an opportunity's `contact_ids`, a task's `contact_id`
 * and `lead_id`), as their `*.created|updated|deleted` events announce them: enough to tell whether an
 * id names a live record of the tenant, without calling the owning service.
 */
export type KnownRecordType = 'contact' | 'lead';

export const KNOWN_RECORD_TYPES: readonly KnownRecordType[] = ['contact', 'lead'];

interface RecordEventData {
  id: string;
  version: number;
}

function isRecordEventData(data: unknown): data is RecordEventData {
  const candidate = data as Partial<RecordEventData>;
  return typeof candidate?.id === 'string' && Number.isInteger(candidate.version);
}

/**
 * `<type>.created` / `<type>.updated`: the record is known from this version on. Applied only when newer
 * than the copy (delivery is at least once and unordered), and never to a deleted record.
 */
export async function applyKnownRecordChanged(manager: EntityManager, type: KnownRecordType, event: CrmEvent): Promise<void> {
  if (!isRecordEventData(event.data)) return;
  await manager.query(
    `INSERT INTO known_records (record_type, id, tenant_id, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (record_type, id) DO UPDATE SET version = EXCLUDED.version
       WHERE known_records.version < EXCLUDED.version AND NOT known_records.deleted`,
    [type, event.data.id, event.tenantid, event.data.version],
  );
}

/** `<type>.deleted`: the record is gone for good (ids are never reused), whatever arrives after. */
export async function applyKnownRecordDeleted(manager: EntityManager, type: KnownRecordType, event: CrmEvent): Promise<void> {
  if (!isRecordEventData(event.data)) return;
  await manager.query(
    `INSERT INTO known_records (record_type, id, tenant_id, version, deleted) VALUES ($1, $2, $3, $4, true)
     ON CONFLICT (record_type, id) DO UPDATE SET deleted = true,
       version = greatest(known_records.version, EXCLUDED.version)`,
    [type, event.data.id, event.tenantid, event.data.version],
  );
}

/** The ids among `ids` that are not live records of that type in the tenant. */
export async function unknownRecordIds(db: Db, type: KnownRecordType, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT id FROM known_records WHERE record_type = $1 AND tenant_id = $2 AND id = ANY($3::uuid[]) AND NOT deleted`,
    [type, tenantId, ids],
  );
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
