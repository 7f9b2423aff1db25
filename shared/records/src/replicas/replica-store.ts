import { isUuid, queryRows, type Db } from '@crm/platform';
import type { HeldOwnership, HeldRecord } from './replica';

/** What every replica reads of a record's event data. */
export interface ReplicatedRecord {
  id: string;
  version: number;
  ownership: HeldOwnership;
}

/** The id, version and ownership of a record's event data; undefined when malformed (the event is then ignored). */
export function replicatedRecordOf(data: unknown): ReplicatedRecord | undefined {
  const record = data as { id?: unknown; version?: unknown; created_by?: unknown; assigned_to?: { id?: unknown } | null; owner?: { id?: unknown } | null };
  if (!isUuid(record?.id) || !Number.isInteger(record.version)) return undefined;
  const uuidOrNull = (value: unknown): string | null => (isUuid(value) ? value : null);
  // The owner is the record's `assigned_to`, or its `owner`.
  const ownership = { createdBy: uuidOrNull(record.created_by), ownerId: uuidOrNull(record.owner?.id ?? record.assigned_to?.id) };
  return { id: record.id, version: record.version as number, ownership };
}

/**
 * Where a replica's rows are: a table with `id`, `tenant_id` and `version`, the columns below, and the
 * way a deleted record is remembered (`deletions`).
 */
export interface ReplicaTable {
  table: string;
  /** In a table shared by several types: the column naming each row's type, and this replica's type. */
  typeColumn?: { name: string; type: string };
  /** The replica's own columns, written with each version. */
  fields: readonly string[];
  /** Whether rows keep who may open the record (`created_by`, `owner_id`); without, anyone of the tenant may name it. */
  ownership: boolean;
  /**
   * - `flag`: the row stays, with `deleted = true` (other rows, a merge's redirect, may hang on it);
   * - `{ tombstones }`: the id is kept in that table (`id`, `tenant_id`, `version`) and the row is deleted,
   *   so a foreign key to the table acts on the delete;
   * - `never`: the owner never deletes its records.
   */
  deletions: 'flag' | { tombstones: string } | 'never';
}

/** A record as its owner describes it, with the replica's own columns (`ReplicaTable.fields`). */
export interface DescribedRecord {
  id: string;
  version: number;
  ownership?: HeldOwnership;
  fields?: Readonly<Record<string, unknown>>;
}

/** Written ahead of the owner's events (from another event): any real version replaces it. */
export const VERSION_AHEAD = 0;

export interface ReplicaStore {
  /**
   * Inserts the record, or updates the copy when `version` is newer (or the same, where the copy lacks
   * who may open it): delivery is at least once and unordered, so an older or repeated version changes
   * nothing. A deleted record stays deleted, and a row of another tenant is left alone. Answers whether
   * the copy changed, and the copy it replaced (`version` and fields), if any.
   */
  upsert(db: Db, tenantId: string, record: DescribedRecord): Promise<{ changed: boolean; previous?: Record<string, unknown> }>;
  /**
   * The record is deleted at its owner: gone for good (ids are never reused), whatever arrives later.
   * `unlink`, to clear what points to it, runs first when the copy is live, with its row locked: a
   * write that checked it (`held` with `lock`) has committed, and a later one finds it deleted.
   */
  markDeleted(db: Db, tenantId: string, record: { id: string; version: number }, unlink?: () => Promise<void>): Promise<void>;
  /**
   * What the replica holds of `ids` in the tenant, deleted ones included. With `lock`, inside a write's
   * transaction, the rows are locked in id order until commit, so a delete applied meanwhile waits.
   */
  held(db: Db, tenantId: string, ids: readonly string[], options?: { lock?: boolean }): Promise<Map<string, HeldRecord>>;
  /** The replica's own columns of each live record among `ids`, by id. */
  fields(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>>;
}

/** The version-ordered copy of another service's records kept in `shape` (architecture §1). */
export function replicaStore(shape: ReplicaTable): ReplicaStore {
  const { table, typeColumn, fields, ownership, deletions } = shape;
  const tombstones = typeof deletions === 'object' ? deletions.tombstones : undefined;
  const ownershipColumns = ownership ? ['created_by', 'owner_id'] : [];
  const key = [...(typeColumn ? [typeColumn.name] : []), 'id'].join(', ');
  // Parameters: $1 the tenant, $2 the id(s), then the type where the table holds several.
  const rowsOf = (idMatch: string) => `tenant_id = $1 AND id ${idMatch}${typeColumn ? ` AND ${typeColumn.name} = $3` : ''}`;
  const typeParam = typeColumn ? [typeColumn.type] : [];
  const liveOnly = deletions === 'flag' ? ' AND NOT deleted' : '';
  // Marking a flag updates the row, which a share lock holds back; deleting the row needs only a key-share
  // lock (the foreign keys' own), which lets a newer version's update through. Nothing waits for a replica never deleted.
  const sharedLock = deletions === 'flag' ? 'FOR SHARE' : tombstones ? 'FOR KEY SHARE' : undefined;

  // With the tombstones apart, an upsert and a delete of the same record could each miss the other's write: they take turns.
  const takeTurns = async (db: Db, id: string): Promise<void> => {
    if (tombstones) await db.query(`SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '.${table}:' || $1, 0))`, [id]);
  };

  const columns = ['tenant_id', 'id', ...(typeColumn ? [typeColumn.name] : []), 'version', ...ownershipColumns, ...fields];
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const proposed = tombstones ? `SELECT ${placeholders} WHERE NOT EXISTS (SELECT 1 FROM ${tombstones} WHERE id = $2)` : `VALUES (${placeholders})`;
  // The same version only fills in who may open a copy made before that was kept.
  const newer = `${table}.version < EXCLUDED.version${ownership ? ` OR (${table}.version = EXCLUDED.version AND ${table}.created_by IS NULL)` : ''}`;
  const upsertSql = `WITH before AS (SELECT ${['version', ...fields].join(', ')} FROM ${table} WHERE ${rowsOf('= $2')})
    INSERT INTO ${table} (${columns.join(', ')}) ${proposed}
    ON CONFLICT (${key}) DO UPDATE SET ${['version', ...ownershipColumns, ...fields].map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
      WHERE ${table}.tenant_id = EXCLUDED.tenant_id${deletions === 'flag' ? ` AND NOT ${table}.deleted` : ''} AND (${newer})
    RETURNING (SELECT to_jsonb(before) FROM before) AS previous`;

  return {
    async upsert(db, tenantId, record) {
      await takeTurns(db, record.id);
      const rows = await queryRows<{ previous: Record<string, unknown> | null }>(db, upsertSql, [
        tenantId,
        record.id,
        ...typeParam,
        record.version,
        ...(ownership ? [record.ownership?.createdBy ?? null, record.ownership?.ownerId ?? null] : []),
        ...fields.map((field) => record.fields?.[field]),
      ]);
      return { changed: rows.length > 0, previous: rows[0]?.previous ?? undefined };
    },

    async markDeleted(db, tenantId, record, unlink) {
      if (deletions === 'never') throw new Error(`The records of ${table} are never deleted`);
      await takeTurns(db, record.id);
      if (unlink) {
        const live = await queryRows(db, `SELECT 1 FROM ${table} WHERE ${rowsOf('= $2')}${liveOnly} FOR UPDATE`, [tenantId, record.id, ...typeParam]);
        if (live.length > 0) await unlink();
      }
      if (tombstones) {
        await db.query(
          `INSERT INTO ${tombstones} (id, tenant_id, version) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO UPDATE SET version = greatest(${tombstones}.version, EXCLUDED.version)`,
          [record.id, tenantId, record.version],
        );
        await db.query(`DELETE FROM ${table} WHERE ${rowsOf('= $2')}`, [tenantId, record.id, ...typeParam]);
        return;
      }
      await db.query(
        `INSERT INTO ${table} (tenant_id, id, ${typeColumn ? `${typeColumn.name}, ` : ''}version, deleted) VALUES ($1, $2, ${typeColumn ? '$3, $4' : '$3'}, true)
         ON CONFLICT (${key}) DO UPDATE SET deleted = true, version = greatest(${table}.version, EXCLUDED.version)
           WHERE ${table}.tenant_id = EXCLUDED.tenant_id`,
        [tenantId, record.id, ...typeParam, record.version],
      );
    },

    async held(db, tenantId, ids, options) {
      const rows = await queryRows<{ id: string; deleted: boolean; created_by?: string | null; owner_id?: string | null }>(
        db,
        `SELECT id, ${deletions === 'flag' ? 'deleted' : 'false AS deleted'}${ownership ? ', created_by, owner_id' : ''}
         FROM ${table} WHERE ${rowsOf('= ANY($2::uuid[])')}${options?.lock && sharedLock ? ` ORDER BY id ${sharedLock}` : ''}`,
        [tenantId, ids, ...typeParam],
      );
      const held = new Map(
        rows.map((row): [string, HeldRecord] => [
          row.id,
          row.deleted || !ownership ? { deleted: row.deleted } : { deleted: false, ownership: { createdBy: row.created_by ?? null, ownerId: row.owner_id ?? null } },
        ]),
      );
      if (tombstones) {
        const gone = await queryRows<{ id: string }>(db, `SELECT id FROM ${tombstones} WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
        for (const { id } of gone) held.set(id, { deleted: true });
      }
      return held;
    },

    async fields(db, tenantId, ids) {
      const rows = await queryRows<Record<string, unknown> & { id: string }>(
        db,
        `SELECT ${['id', ...fields].join(', ')} FROM ${table} WHERE ${rowsOf('= ANY($2::uuid[])')}${liveOnly}`,
        [tenantId, ids, ...typeParam],
      );
      return new Map(rows.map(({ id, ...own }) => [id, own]));
    },
  };
}
