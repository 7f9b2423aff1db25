import type { Db } from '@crm/platform';
import { CUSTOM_FIELD_PARAM_PREFIX, customFieldFilterSql, parseCustomFieldFilters, type CustomFieldConditions, type CustomValuesSql } from './custom-field-filters';
import { requireValidCustomFieldValues, type CustomFieldWriteMode } from './custom-field-values';
import { loadDefinitions, type CustomFieldScope } from './custom-fields.repository';

/**
 * What a record write does with its `custom_fields`: loads the scope's definitions and answers the
 * object to store, or throws the 400 with `custom_fields` errors. Call it inside the write's
 * transaction (`db` = its manager): the definitions stay locked against deletion until commit.
 */
export async function validCustomFieldValues(
  db: Db,
  scope: CustomFieldScope,
  mode: CustomFieldWriteMode,
  input: unknown,
  existing: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const definitions = await loadDefinitions(db, scope.tenantId, scope.entity, { lockAgainstDelete: true });
  return requireValidCustomFieldValues(input, definitions, mode, existing);
}

/**
 * What a list does with its `cf_<key>` parameters (see `splitCustomFieldParams`): SQL conditions on
 * `column`, parameters numbered from `firstParamIndex`; no query when there are no such parameters.
 */
export async function customFieldListConditions(
  db: Db,
  scope: CustomFieldScope,
  customParams: Record<string, unknown>,
  sql: { column: string; firstParamIndex: number; values?: CustomValuesSql },
): Promise<CustomFieldConditions> {
  if (!Object.keys(customParams).some((name) => name.startsWith(CUSTOM_FIELD_PARAM_PREFIX))) return { conditions: [], params: [], implied: [], createdBetween: [] };
  const definitions = await loadDefinitions(db, scope.tenantId, scope.entity);
  return customFieldFilterSql(parseCustomFieldFilters(customParams, definitions), sql.column, sql.firstParamIndex, sql.values);
}
