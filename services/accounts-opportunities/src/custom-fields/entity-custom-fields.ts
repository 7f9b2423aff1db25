import {
  customFieldDefinitionView,
  customFieldListConditions,
  customFieldRoutes,
  loadDefinitions,
  validCustomFieldValues,
  type CustomFieldDefinitionView,
  type CustomFieldWriteMode,
  type Db,
} from '@crm/shared';
import type { Router } from 'express';
import type { ServiceContext } from '../config';

/**
 * One entity's custom fields (DESIGN §5): the shared definitions table holds them under `entity`, so
 * accounts, opportunities and tasks keep theirs side by side in this schema.
 */
export interface EntityCustomFields {
  entity: string;
  /** `GET|POST <basePath>`, `PATCH|DELETE <basePath><id>/`; mount before the entity's `<id>/` routes. */
  routes(context: ServiceContext): Router;
  /** The tenant's definitions as a record's detail shows them (`custom_field_definitions`). */
  definitions(db: Db, tenantId: string): Promise<CustomFieldDefinitionView[]>;
  /** A body's `custom_fields` checked against the definitions: the values to store, or a 400. */
  validValues(db: Db, tenantId: string, mode: CustomFieldWriteMode, input: unknown, existing: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A list's `cf_<key>` filters as SQL on the table's `custom_fields` (served by its GIN index). */
  listConditions(
    db: Db,
    tenantId: string,
    custom: Record<string, unknown>,
    firstParamIndex: number,
  ): Promise<{ conditions: string[]; params: unknown[] }>;
}

export function entityCustomFields(options: { entity: string; basePath: string; recordTable: string }): EntityCustomFields {
  const { entity, basePath, recordTable } = options;
  const scope = (tenantId: string) => ({ tenantId, entity });
  return {
    entity,
    routes: (context) => customFieldRoutes({ dataSource: context.dataSource, entity, basePath, recordTable, clock: context.clock }),
    definitions: async (db, tenantId) => (await loadDefinitions(db, tenantId, entity)).map(customFieldDefinitionView),
    validValues: (db, tenantId, mode, input, existing) => validCustomFieldValues(db, scope(tenantId), mode, input, existing),
    listConditions: (db, tenantId, custom, firstParamIndex) =>
      customFieldListConditions(db, scope(tenantId), custom, { column: 'custom_fields', firstParamIndex }),
  };
}
