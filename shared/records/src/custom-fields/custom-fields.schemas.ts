import { z } from 'zod';
import { paginationQuery } from '@crm/platform';
import { requiredOr, wholeNumber } from '@crm/platform';
import { CUSTOM_FIELD_TYPES } from './custom-field-definition';

export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_CUSTOM_FIELD_LABEL_LENGTH = 255;
export const MAX_DROPDOWN_OPTIONS = 500;

export const KEY_IMMUTABLE = 'The key of a custom field cannot be changed.';
export const FIELD_TYPE_IMMUTABLE = 'The type of a custom field cannot be changed.';
export const DROPDOWN_NEEDS_OPTIONS = 'A dropdown needs at least one option.';
export const ONLY_DROPDOWNS_HAVE_OPTIONS = 'Only dropdown fields have options.';

const label = (what: string) =>
  z
    .string(requiredOr('Must be a string.'))
    .trim()
    .min(1, `${what} may not be blank.`)
    .max(MAX_CUSTOM_FIELD_LABEL_LENGTH, `Ensure this field has no more than ${MAX_CUSTOM_FIELD_LABEL_LENGTH} characters.`);

const option = z.strictObject(
  { value: label('An option value'), label: label('An option label') },
  'Each option must be an object {value, label}.',
);

/** Dropdown choices; a value may appear once (records store the value). */
const options = z
  .array(option, requiredOr('Must be a list of options.'))
  .max(MAX_DROPDOWN_OPTIONS, `Ensure there are no more than ${MAX_DROPDOWN_OPTIONS} options.`)
  .refine((list) => new Set(list.map((o) => o.value)).size === list.length, 'Option values must be unique.');

const flag = z.boolean(requiredOr('Must be true or false.'));
const displayOrder = wholeNumber(-2_147_483_648, 2_147_483_647);

/** A field that is fixed once the definition exists: sending it at all is a 400 on that field. */
const immutable = (message: string) =>
  z
    .unknown()
    .refine(() => false, message)
    .optional();

/** POST `/api/<entity>/custom-fields/`. */
export const createCustomFieldBody = z
  .strictObject({
    key: z
      .string(requiredOr('Must be a string.'))
      .regex(CUSTOM_FIELD_KEY, 'Use a lowercase letter, then up to 63 lowercase letters, digits or underscores.'),
    label: label('The label'),
    field_type: z.enum(CUSTOM_FIELD_TYPES, requiredOr(`Choose one of: ${CUSTOM_FIELD_TYPES.join(', ')}.`)),
    options: options.default([]),
    is_required: flag.default(false),
    is_filterable: flag.default(false),
    display_order: displayOrder.default(0),
  })
  .superRefine((body, ctx) => {
    const message = optionsProblem(body.field_type, body.options.length);
    if (message) ctx.addIssue({ code: 'custom', path: ['options'], message });
  });
export type CreateCustomFieldInput = z.infer<typeof createCustomFieldBody>;

/** PATCH `/api/<entity>/custom-fields/<id>/`: only the fields present change. */
export const updateCustomFieldBody = z.strictObject({
  key: immutable(KEY_IMMUTABLE),
  field_type: immutable(FIELD_TYPE_IMMUTABLE),
  label: label('The label').optional(),
  options: options.optional(),
  is_required: flag.optional(),
  is_filterable: flag.optional(),
  display_order: displayOrder.optional(),
});
export type UpdateCustomFieldInput = z.infer<typeof updateCustomFieldBody>;

export const listCustomFieldsQuery = z.strictObject({ ...paginationQuery });

/** Dropdowns need options and only dropdowns have them; the message for `options`, if any. */
export function optionsProblem(fieldType: string, optionCount: number): string | undefined {
  if (fieldType === 'dropdown' && optionCount === 0) return DROPDOWN_NEEDS_OPTIONS;
  if (fieldType !== 'dropdown' && optionCount > 0) return ONLY_DROPDOWNS_HAVE_OPTIONS;
  return undefined;
}
