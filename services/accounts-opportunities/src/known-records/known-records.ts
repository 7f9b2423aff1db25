import { queryRows, type Db, type EntityManager } from '@crm/platform';
import { replicaStore, replicatedRecordOf, type Replica, type ReplicaStore } from '@crm/records';

/**
 * Records of other services this one points to (an opportunity's `contact_ids` and `lead_id`, a task's
 * `contact_id` and `lead_id`), as their `*.created|updated|deleted|merged` events announce them: enough
 * to tell whether an id names a live record of the tenant the caller may open, and where a merged-away
 * one went. A write naming a record before its event came has the owning service's lookup fill it in
 * (`ReplicatedReferences`).
 */
export type KnownRecordType = 'contact' | 'lead';

/**
 * Both types in one table, told apart by `record_type`; a deleted record keeps its row (`deleted`), on
 * which a merge's redirect (`merged_into`) may hang.
 */
const storeOf = (type: KnownRecordType) => replicaStore({ table: 'known_records', typeColumn: { name: 'record_type', type }, fields: [], ownership: true, deletions: 'flag' });
const KNOWN_RECORDS: Readonly<Record<KnownRecordType, ReplicaStore>> = { contact: storeOf('contact'), lead: storeOf('lead') };

/** A contact or lead as its service describes it (its `<type>.created|updated` event's data, or the owner's lookup). */
export async function applyKnownRecord(manager: EntityManager, type: KnownRecordType, tenantId: string, data: unknown): Promise<void> {
  const record = replicatedRecordOf(data);
  if (record) await KNOWN_RECORDS[type].upsert(manager, tenantId, record);
}

/**
 * `<type>.deleted`: the record is gone for good, whatever arrives after. A redirect left by its merge
 * (`merged_into`) stays, whichever of the two events came first. Marking it takes the row's lock: a
 * write that checked the record has committed once this returns (and what it linked is then cleared
 * by the caller), later ones find it deleted.
 */
export const markKnownRecordDeleted = (manager: EntityManager, type: KnownRecordType, tenantId: string, id: string, version: number): Promise<void> =>
  KNOWN_RECORDS[type].markDeleted(manager, tenantId, { id, version });

/** The replica of one type as writes check against it (`ReplicatedReferences`): a merged-away record is deleted too. */
const knownRecordReplica = (type: KnownRecordType, owner: Replica['owner']): Replica => ({
  type,
  owner,
  held: KNOWN_RECORDS[type].held,
  apply: (manager, tenantId, data) => applyKnownRecord(manager, type, tenantId, data),
});

export const KNOWN_RECORD_REPLICAS: Readonly<Record<KnownRecordType, Replica>> = {
  contact: knownRecordReplica('contact', { name: 'contacts', port: 8083 }),
  lead: knownRecordReplica('lead', { name: 'leads', port: 8082 }),
};

/** The advisory lock of one contact or lead id (`$1` its type, `$2` its id), taken by merges and by writes naming it. */
const MERGE_LOCK_KEY = `hashtextextended('known_records:' || $1 || ':' || $2, 0)`;

/**
 * `<type>.merged`: `mergedId` is dead and now names `keeperId`. Whether its `.deleted` came first or
 * comes later, the row ends deleted with the redirect; a row of another tenant is left alone. The
 * version is unknown here (0 until the `.deleted` brings it). The row stays locked until commit, which
 * orders this merge with any write naming `mergedId` (see `resolveMergedIds`).
 */
export async function rememberMerge(manager: EntityManager, type: KnownRecordType, tenantId: string, mergedId: string, keeperId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(${MERGE_LOCK_KEY})`, [type, mergedId]);
  await manager.query(
    `INSERT INTO known_records (record_type, id, tenant_id, version, deleted, merged_into) VALUES ($1, $2, $3, 0, true, $4)
     ON CONFLICT (record_type, id) DO UPDATE SET deleted = true, merged_into = EXCLUDED.merged_into
       WHERE known_records.tenant_id = EXCLUDED.tenant_id`,
    [type, mergedId, tenantId, keeperId],
  );
}

/**
 * Each of `ids` as a link to it should be stored now: a merged-away record's keeper, following chains
 * (A merged into B, then B into C: C), else the id itself (live, deleted or unknown alike: checking it
 * is the caller's business). Only the tenant's redirects count.
 *
 * The rows read are share-locked until commit: a merge handled at the same time either committed its
 * redirect before (then it is read here) or waits for this transaction (then it moves what this one
 * writes), so no link to a merged-away record is left behind. One query per hop; one without merges.
 */
export async function resolveMergedIds(db: Db, type: KnownRecordType, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const redirects = new Map<string, string>();
  const read = new Set<string>();
  let unread = [...new Set(ids)];
  // The row lock below holds only for records the replica already has; this lock holds for any id, so
  // a merge whose redirect is not committed yet waits for this write, or this write for the merge.
  for (const id of [...unread].sort()) await db.query(`SELECT pg_advisory_xact_lock_shared(${MERGE_LOCK_KEY})`, [type, id]);
  while (unread.length > 0) {
    for (const id of unread) read.add(id);
    const rows = await queryRows<{ id: string; merged_into: string | null }>(
      db,
      `SELECT id, merged_into FROM known_records WHERE record_type = $1 AND tenant_id = $2 AND id = ANY($3::uuid[]) FOR SHARE`,
      [type, tenantId, unread],
    );
    const keepers = rows.flatMap((row) => (row.merged_into ? [[row.id, row.merged_into] as const] : []));
    for (const [id, keeper] of keepers) redirects.set(id, keeper);
    unread = [...new Set(keepers.map(([, keeper]) => keeper))].filter((keeper) => !read.has(keeper));
  }
  return followRedirects(ids, redirects);
}

/**
 * Where each id ends through the redirects (merged-away id → keeper), chains followed. A cycle cannot
 * come from merges (a merged-away record is deleted, so never kept); should one appear, it stops where
 * it closes rather than loop.
 */
export function followRedirects(ids: readonly string[], redirects: ReadonlyMap<string, string>): string[] {
  return ids.map((id) => {
    const seen = new Set([id]);
    let current = id;
    for (let next = redirects.get(current); next !== undefined && !seen.has(next); next = redirects.get(current)) {
      seen.add(next);
      current = next;
    }
    return current;
  });
}
