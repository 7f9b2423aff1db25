/** Per-tenant custom fields of any entity: definitions (table, routes) and record values (checks, filters). */
export * from './custom-field-definition';
export { loadDefinitions } from './custom-fields.repository';
export { customFieldRoutes } from './custom-fields.routes';
export {
  validateCustomFieldValues,
  requireValidCustomFieldValues,
  CUSTOM_FIELD_MESSAGES,
  type CustomFieldWriteMode,
  } from './custom-field-values';
export {
  parseCustomFieldFilters,
  customFieldFilterSql,
  splitCustomFieldParams,
  type CustomFieldFilter,
  } from './custom-field-filters';
export { validCustomFieldValues, customFieldListConditions } from './record-custom-fields';
export { entityCustomFields, type EntityCustomFields } from './entity-custom-fields';
