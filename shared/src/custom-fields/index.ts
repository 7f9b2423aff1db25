/** Per-tenant custom fields of any entity: definitions (table, routes) and record values (checks, filters). */
export * from './custom-field-definition';
export { CUSTOM_FIELD_KEY_CONSTRAINT, loadDefinitions, type CustomFieldScope } from './custom-fields.repository';
export {
  createCustomFieldBody,
  updateCustomFieldBody,
  CUSTOM_FIELD_KEY,
  type CreateCustomFieldInput,
  type UpdateCustomFieldInput,
} from './custom-fields.schemas';
export { customFieldOperations, customFieldRoutes, type CustomFieldRoutesOptions } from './custom-fields.routes';
export {
  validateCustomFieldValues,
  acceptedCustomFieldValues,
  requireValidCustomFieldValues,
  customFieldsValidationError,
  CUSTOM_FIELD_MESSAGES,
  type CustomFieldWriteMode,
  type CustomFieldErrors,
  type CustomFieldValuesResult,
} from './custom-field-values';
export {
  parseCustomFieldFilters,
  customFieldFilterSql,
  splitCustomFieldParams,
  CUSTOM_FIELD_FILTER_MESSAGES,
  type CustomFieldFilter,
  type CustomFieldConditions,
  type CustomValuesSql,
} from './custom-field-filters';
export { validCustomFieldValues, customFieldListConditions } from './record-custom-fields';
export { entityCustomFields, type EntityCustomFields } from './entity-custom-fields';
