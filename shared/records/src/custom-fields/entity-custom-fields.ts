import type { Router } from 'express';
import type { DataSource, Db } from '@crm/platform';
import { customFieldDefinitionView, type CustomFieldDefinitionView } from './custom-field-definition';
import type { CustomFieldWriteMode } from './custom-field-values';
import type { CustomFieldConditions } from './custom-field-filters';
import { definitionsFromJson, definitionsJsonColumn, loadDefinitions } from './custom-fields.repository';
import type { ApiOperation } from '@crm/platform';
import { customFieldOperations, customFieldRoutes } from './custom-fields.routes';
import type { TenantQuotas } from '../quotas/tenant-quotas';
import { customFieldListConditions, validCustomFieldValues } from './record-custom-fields';

/**
 * One entity's custom fields (api-contract §3), everything a service needs in one place: the definitions
 * table holds them under `entity`, so several entities of one service share a schema.
 */
export interface EntityCustomFields {
  entity: string;
  /** `GET|POST <basePath>`, `PATCH|DELETE <basePath><id>/`; mount before the entity's `<id>/` routes. */
  routes(context: { dataSource: DataSource; clock: () => Date; quotas: TenantQuotas }): Router;
  /** The documentation of those routes, under `tag`. */
  operations(tag: string): ApiOperation[];
  /** The tenant's definitions as a record's detail shows them (`custom_field_definitions`). */
  definitions(db: Db, tenantId: string): Promise<CustomFieldDefinitionView[]>;
  /**
   * The same definitions as a column of the record's own query (`definitionsColumn('$1', 'definitions')`
   * in its select list), read back by `definitionsOf`: one round trip for a detail instead of two.
   */
  definitionsColumn(tenantIdSql: string, alias: string): string;
  definitionsOf(column: unknown): CustomFieldDefinitionView[];
  /** A body's `custom_fields` checked against the definitions: the values to store, or a 400. */
  validValues(db: Db, tenantId: string, mode: CustomFieldWriteMode, input: unknown, existing: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * A list's `cf_<key>` filters as SQL on the table's `custom_fields` (equality served by its GIN index,
   * bounds by `<table>_custom_values`); `tenantParam` is the list's parameter holding the tenant.
   */
  listConditions(
    db: Db,
    tenantId: string,
    custom: Record<string, unknown>,
    params: { first: number; tenant: string },
  ): Promise<CustomFieldConditions>;
}

export function entityCustomFields(options: { entity: string; basePath: string; recordTable: string }): EntityCustomFields {
  const { entity, basePath, recordTable } = options;
  const scope = (tenantId: string) => ({ tenantId, entity });
  return {
    entity,
    routes: (context) => customFieldRoutes({ dataSource: context.dataSource, entity, basePath, recordTable, clock: context.clock, quotas: context.quotas }),
    operations: (tag) => customFieldOperations({ basePath, tag, noun: entity }),
    definitions: async (db, tenantId) => (await loadDefinitions(db, tenantId, entity)).map(customFieldDefinitionView),
    definitionsColumn: (tenantIdSql, alias) => definitionsJsonColumn(tenantIdSql, entity, alias),
    definitionsOf: (column) => definitionsFromJson(column as Parameters<typeof definitionsFromJson>[0]).map(customFieldDefinitionView),
    validValues: (db, tenantId, mode, input, existing) => validCustomFieldValues(db, scope(tenantId), mode, input, existing),
    listConditions: (db, tenantId, custom, params) =>
      customFieldListConditions(db, scope(tenantId), custom, {
        column: 'custom_fields',
        firstParamIndex: params.first,
        values: { table: `${recordTable}_custom_values`, recordTable, tenantParam: params.tenant },
      }),
  };
}
