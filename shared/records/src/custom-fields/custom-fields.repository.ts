import { mapPageRows, queryOne, queryRows, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';
import type { CustomFieldDefinition, CustomFieldDefinitionView, CustomFieldOption, CustomFieldType } from './custom-field-definition';

/**
 * The unique key a taken `key` violates (409). The definitions table is each service's CustomFields migration:
 * `entity` lets one schema hold the definitions of several entities, and the key serves every lookup and list,
 * all per tenant and entity.
 */
export const CUSTOM_FIELD_KEY_CONSTRAINT = 'custom_field_definitions_tenant_entity_key';

/** Whose definitions: one tenant's, of one entity. */
export interface CustomFieldScope {
  tenantId: string;
  entity: string;
}

/** What an admin sets; `key` and `fieldType` are fixed once created. */
export interface CustomFieldSettings {
  label: string;
  options: CustomFieldOption[];
  isRequired: boolean;
  isFilterable: boolean;
  displayOrder: number;
}

/** A definition as stored: its API fields, named alike, plus its scope. */
type DefinitionRow = Omit<CustomFieldDefinitionView, 'created_at'> & { tenant_id: string; entity: string; created_at: Date };

const COLUMNS = `id, tenant_id, entity, key, label, field_type, options, is_required, is_filterable, display_order, created_at`;
const ORDER = `ORDER BY display_order, created_at, id`;

const toDefinition = (row: DefinitionRow): CustomFieldDefinition => ({
  id: row.id,
  tenantId: row.tenant_id,
  entity: row.entity,
  key: row.key,
  label: row.label,
  fieldType: row.field_type,
  options: row.options,
  isRequired: row.is_required,
  isFilterable: row.is_filterable,
  displayOrder: row.display_order,
  createdAt: row.created_at,
});

/** Only whole-table identifiers go into SQL text; anything else is a programming error. */
export function assertSqlIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
}

/**
 * Every definition of the scope, in display order. `lockAgainstDelete` (inside a record write's
 * transaction) holds a key-share lock on them until commit: a concurrent DELETE of a definition waits,
 * then strips the key from the record just written, so no record keeps a deleted field's value.
 */
export async function loadDefinitions(
  db: Db,
  tenantId: string,
  entity: string,
  options: { lockAgainstDelete?: boolean } = {},
): Promise<CustomFieldDefinition[]> {
  const rows = await queryRows<DefinitionRow>(
    db,
    `SELECT ${COLUMNS} FROM custom_field_definitions WHERE tenant_id = $1 AND entity = $2 ${ORDER}
     ${options.lockAgainstDelete ? 'FOR KEY SHARE' : ''}`,
    [tenantId, entity],
  );
  return rows.map(toDefinition);
}

/**
 * The scope's definitions, in display order, as one JSON column of another query: a record's detail reads
 * the record and the definitions in one round trip. `tenantIdSql` gives the tenant id (a parameter such as
 * `$1`); read the column back with `definitionsFromJson`.
 */
export function definitionsJsonColumn(tenantIdSql: string, entity: string, alias: string): string {
  return `(SELECT coalesce(json_agg(d ${ORDER}), '[]'::json)
             FROM (SELECT ${COLUMNS} FROM custom_field_definitions
                    WHERE tenant_id = ${tenantIdSql} AND entity = '${assertSqlIdentifier(entity)}') d) AS ${assertSqlIdentifier(alias)}`;
}

/** A `definitionsJsonColumn` value: JSON has no timestamps, so `created_at` comes as text. */
export function definitionsFromJson(rows: Array<Omit<DefinitionRow, 'created_at'> & { created_at: string }>): CustomFieldDefinition[] {
  return rows.map((row) => toDefinition({ ...row, created_at: new Date(row.created_at) }));
}

export async function countDefinitions(db: Db, scope: CustomFieldScope): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `SELECT count(*)::int AS count FROM custom_field_definitions WHERE tenant_id = $1 AND entity = $2`,
    [scope.tenantId, scope.entity],
  );
  return row?.count ?? 0;
}

export async function listDefinitions(db: Db, scope: CustomFieldScope, window: PageWindow): Promise<PageRows<CustomFieldDefinition>> {
  const where = ['tenant_id = $1', 'entity = $2'];
  // In display order (then creation): the order `ORDER` gives the definitions everywhere else.
  const order = { columns: ['display_order', 'created_at'], descending: false };
  const page = await readPageRows<DefinitionRow>(db, { select: COLUMNS, from: 'custom_field_definitions', where, params: [scope.tenantId, scope.entity], order }, window);
  return mapPageRows(page, toDefinition);
}

/** One definition of the scope; `forUpdate` locks it until the transaction ends. */
export async function findDefinition(
  db: Db,
  scope: CustomFieldScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomFieldDefinition | undefined> {
  const row = await queryOne<DefinitionRow>(
    db,
    `SELECT ${COLUMNS} FROM custom_field_definitions WHERE id = $1 AND tenant_id = $2 AND entity = $3
     ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [id, scope.tenantId, scope.entity],
  );
  return row && toDefinition(row);
}

export async function insertDefinition(
  db: Db,
  scope: CustomFieldScope,
  definition: CustomFieldSettings & { key: string; fieldType: CustomFieldType; createdAt: Date },
): Promise<CustomFieldDefinition> {
  const row = await queryOne<DefinitionRow>(
    db,
    `INSERT INTO custom_field_definitions
       (tenant_id, entity, key, label, field_type, options, is_required, is_filterable, display_order, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10)
     RETURNING ${COLUMNS}`,
    [
      scope.tenantId,
      scope.entity,
      definition.key,
      definition.label,
      definition.fieldType,
      JSON.stringify(definition.options),
      definition.isRequired,
      definition.isFilterable,
      definition.displayOrder,
      definition.createdAt,
    ],
  );
  return toDefinition(row!);
}

export async function updateDefinition(
  db: Db,
  scope: CustomFieldScope,
  id: string,
  settings: CustomFieldSettings,
): Promise<CustomFieldDefinition | undefined> {
  const row = await queryOne<DefinitionRow>(
    db,
    `UPDATE custom_field_definitions
        SET label = $4, options = $5::jsonb, is_required = $6, is_filterable = $7, display_order = $8
      WHERE id = $1 AND tenant_id = $2 AND entity = $3
      RETURNING ${COLUMNS}`,
    [
      id,
      scope.tenantId,
      scope.entity,
      settings.label,
      JSON.stringify(settings.options),
      settings.isRequired,
      settings.isFilterable,
      settings.displayOrder,
    ],
  );
  return row && toDefinition(row);
}

/** Deletes one definition; its key, or undefined when the scope has no such definition. */
export async function deleteDefinition(db: Db, scope: CustomFieldScope, id: string): Promise<string | undefined> {
  const row = await queryOne<{ key: string }>(
    db,
    `DELETE FROM custom_field_definitions WHERE id = $1 AND tenant_id = $2 AND entity = $3 RETURNING key`,
    [id, scope.tenantId, scope.entity],
  );
  return row?.key;
}

/**
 * Removes `key` from the `custom_fields` of every record of the tenant in `recordTable`. Rare (a
 * definition is deleted), so a scan of the tenant's records is acceptable; `jsonb_path_ops` cannot serve `?`.
 */
export async function removeValuesOfKey(db: Db, recordTable: string, tenantId: string, key: string): Promise<void> {
  await db.query(
    `UPDATE ${assertSqlIdentifier(recordTable)} SET custom_fields = custom_fields - $2::text
      WHERE tenant_id = $1 AND custom_fields ? $2::text`,
    [tenantId, key],
  );
}
