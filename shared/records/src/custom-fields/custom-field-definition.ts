import { z } from 'zod';
import { idSchema, timestampSchema } from '../openapi/answer-schemas';
/**
 * A tenant's own field on one entity (api-contract §3): defined by an admin, stored per record in the
 * record's `custom_fields` jsonb column, validated against the definition on every write.
 */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'dropdown'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** One choice of a dropdown: `value` is what records store, `label` what a form shows. */
export interface CustomFieldOption {
  value: string;
  label: string;
}

export interface CustomFieldDefinition {
  id: string;
  tenantId: string;
  /** Which entity the field belongs to (its kind's `entity`): one schema may hold several. */
  entity: string;
  key: string;
  label: string;
  fieldType: CustomFieldType;
  /** Only dropdowns have options; empty for every other type. */
  options: CustomFieldOption[];
  isRequired: boolean;
  isFilterable: boolean;
  displayOrder: number;
  createdAt: Date;
}

/** What value checks and filters need of a definition; tests and callers may pass just this. */
export type CustomFieldRule = Pick<CustomFieldDefinition, 'key' | 'fieldType' | 'options' | 'isRequired' | 'isFilterable'>;

/** The schema of `CustomFieldDefinitionView`, documenting the answers that carry definitions. */
export const customFieldDefinitionSchema = z.strictObject({
  id: idSchema,
  key: z.string(),
  label: z.string(),
  field_type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.strictObject({ value: z.string(), label: z.string() })),
  is_required: z.boolean(),
  is_filterable: z.boolean(),
  display_order: z.int(),
  created_at: timestampSchema,
});

/** The API entry: `GET /api/<entity>/custom-fields/` and a record's `custom_field_definitions`. */
export interface CustomFieldDefinitionView {
  id: string;
  key: string;
  label: string;
  field_type: CustomFieldType;
  options: CustomFieldOption[];
  is_required: boolean;
  is_filterable: boolean;
  display_order: number;
  created_at: string;
}

export const customFieldDefinitionView = (definition: CustomFieldDefinition): CustomFieldDefinitionView => ({
  id: definition.id,
  key: definition.key,
  label: definition.label,
  field_type: definition.fieldType,
  options: definition.options,
  is_required: definition.isRequired,
  is_filterable: definition.isFilterable,
  display_order: definition.displayOrder,
  created_at: definition.createdAt.toISOString(),
});
