import {
  customFieldDefinitionView,
  customFieldListConditions,
  customFieldRoutes,
  loadDefinitions,
  validCustomFieldValues,
  type CustomFieldScope,
  type CustomFieldWriteMode,
  type Db,
} from '@crm/shared';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';

export const LEAD_ENTITY = 'lead';

const leadScope = (tenantId: string): CustomFieldScope => ({ tenantId, entity: LEAD_ENTITY });

/** `/api/leads/custom-fields/`: the tenant's lead custom-field definitions. */
export function leadCustomFieldRoutes(deps: LeadsDeps): Router {
  return customFieldRoutes({
    dataSource: deps.dataSource,
    entity: LEAD_ENTITY,
    basePath: '/api/leads/custom-fields/',
    recordTable: 'leads',
    clock: deps.clock,
  });
}

export async function leadCustomFieldDefinitions(db: Db, tenantId: string) {
  return (await loadDefinitions(db, tenantId, LEAD_ENTITY)).map(customFieldDefinitionView);
}

/** A body's `custom_fields` checked against the tenant's lead definitions: the values to store, or a 400. */
export function validLeadCustomFields(
  db: Db,
  tenantId: string,
  mode: CustomFieldWriteMode,
  input: unknown,
  existing: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return validCustomFieldValues(db, leadScope(tenantId), mode, input, existing);
}

/** The list's `cf_<key>` filters as SQL on `leads.custom_fields` (served by its GIN index). */
export function leadCustomFieldFilters(db: Db, tenantId: string, custom: Record<string, unknown>, firstParamIndex: number) {
  return customFieldListConditions(db, leadScope(tenantId), custom, { column: 'custom_fields', firstParamIndex });
}
