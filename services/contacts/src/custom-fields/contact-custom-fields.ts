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
import type { ContactsDeps } from '../contacts-deps';

export const CONTACT_ENTITY = 'contact';

const contactScope = (tenantId: string): CustomFieldScope => ({ tenantId, entity: CONTACT_ENTITY });

/** `/api/contacts/custom-fields/`: the tenant's contact custom-field definitions. */
export function contactCustomFieldRoutes(deps: ContactsDeps): Router {
  return customFieldRoutes({
    dataSource: deps.dataSource,
    entity: CONTACT_ENTITY,
    basePath: '/api/contacts/custom-fields/',
    recordTable: 'contacts',
    clock: deps.clock,
  });
}

export async function contactCustomFieldDefinitions(db: Db, tenantId: string) {
  return (await loadDefinitions(db, tenantId, CONTACT_ENTITY)).map(customFieldDefinitionView);
}

/** A body's `custom_fields` checked against the tenant's contact definitions: the values to store, or a 400. */
export function validContactCustomFields(
  db: Db,
  tenantId: string,
  mode: CustomFieldWriteMode,
  input: unknown,
  existing: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return validCustomFieldValues(db, contactScope(tenantId), mode, input, existing);
}

/** The list's `cf_<key>` filters as SQL on `contacts.custom_fields` (served by its GIN index). */
export function contactCustomFieldFilters(db: Db, tenantId: string, custom: Record<string, unknown>, firstParamIndex: number) {
  return customFieldListConditions(db, contactScope(tenantId), custom, { column: 'custom_fields', firstParamIndex });
}
