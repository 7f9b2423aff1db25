import { z } from 'zod';
import type { Db } from '@crm/platform';
import { idSchema, profileRefSchema, timestampSchema } from '../openapi/answer-schemas';
import { profileRefs, type ProfileRef } from '../profile-replica';
import { withVersion } from '@crm/platform';
import { ownerOf, type AssignedValues, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';

/** The fields every entity shows after its own: tags, custom fields and what the server derives. */
export interface RecordViewEnd {
  tags: string[];
  custom_fields: Record<string, unknown>;
  org: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/**
 * The schema of an entity's view: its id, its own fields (`own`, each as sent), the owner as `{id, email}`
 * under `ownerField`, then what every record shows (`RecordViewEnd`). Documents the entity's answers.
 */
export function recordViewSchema<Own extends z.ZodRawShape>(own: Own, ownerField = 'assigned_to') {
  return z.strictObject({
    id: idSchema,
    ...own,
    [ownerField]: profileRefSchema,
    tags: z.array(z.string()),
    custom_fields: z.record(z.string(), z.unknown()),
    org: idSchema,
    created_by: idSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  });
}

/** The fields of an entity whose owner shows as `assigned_to {id, email}` (all but those naming their owner otherwise). */
export interface OwnedView extends RecordViewEnd {
  assigned_to: ProfileRef;
}

/** The view of an entity owned by `assigned_to` whose view is its columns (`recordView` without a shape): its values under their names. */
export type ColumnsView<V extends AssignedValues> = { id: string } & Omit<V, 'assigned_to' | 'tags' | 'custom_fields'> & OwnedView;

/** How an entity's view differs from its columns: the owner's field (`assigned_to` unless said), columns it hides, fields it adds (linked names). */
export interface ViewShape<V extends OwnedValues> {
  ownerField?: string;
  hide?: readonly (keyof V & string)[];
  add?: (record: StoredRecord<V>) => Record<string, unknown>;
}

/**
 * A record as the API shows it: its id, each value column under its own name, what the view adds, the
 * owner as `{id, email}`, then tags, custom fields and what the server derives; it carries the
 * record's version for the ETag (`withVersion`).
 */
export function recordView<V extends OwnedValues, View>(table: RecordTable<V>, record: StoredRecord<V>, owner: ProfileRef, shape: ViewShape<V> = {}): View {
  return viewOf<V, View>(ownColumns(table, shape), record, owner, shape);
}

/** The columns a view shows under their own names: all but the owner, tags, custom fields and the hidden. */
const ownColumns = <V extends OwnedValues>(table: RecordTable<V>, shape: ViewShape<V>) =>
  table.columns.filter((column) => column !== table.owner && column !== 'tags' && column !== 'custom_fields' && !shape.hide?.includes(column));

function viewOf<V extends OwnedValues, View>(own: readonly (keyof V & string)[], record: StoredRecord<V>, owner: ProfileRef, shape: ViewShape<V>): View {
  const { values } = record;
  const view = {
    id: record.id,
    ...Object.fromEntries(own.map((column) => [column, values[column]])),
    ...shape.add?.(record),
    [shape.ownerField ?? 'assigned_to']: owner,
    tags: values.tags,
    custom_fields: values.custom_fields,
    org: record.tenantId,
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
  return withVersion(view, record.version) as View;
}

/** The views of records of one tenant, their owners `{id, email}` looked up in one query. */
export async function recordViews<V extends OwnedValues, View>(db: Db, table: RecordTable<V>, tenantId: string, records: StoredRecord<V>[], shape: ViewShape<V> = {}): Promise<View[]> {
  const owners = await profileRefs(db, tenantId, records.map((record) => ownerOf(table, record.values)));
  const own = ownColumns(table, shape);
  return records.map((record) => viewOf<V, View>(own, record, owners.get(ownerOf(table, record.values))!, shape));
}
