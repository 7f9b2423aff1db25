import { ValidationError } from '@crm/platform';
import type { CustomFieldRule } from './custom-field-definition';

export type CustomFieldWriteMode = 'create' | 'replace' | 'patch';

/**
 * What went wrong: a message per key, or one message for the whole `custom_fields` field when it is
 * not an object at all. Either goes under `custom_fields` in the 400 body.
 */
export type CustomFieldErrors = Record<string, string> | string;

export type CustomFieldValuesResult =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; errors: CustomFieldErrors };

export const MAX_CUSTOM_TEXT_LENGTH = 10_000;

export const CUSTOM_FIELD_MESSAGES = {
  notAnObject: 'Must be an object of custom field values.',
  unknownKey: 'Unknown custom field.',
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  text: 'Must be a string.',
  textTooLong: `Ensure this field has no more than ${MAX_CUSTOM_TEXT_LENGTH} characters.`,
  number: 'Must be a number.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  checkbox: 'Must be true or false.',
  invalidChoice: (value: unknown) => `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`,
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The message for a value that does not fit its field, or undefined when it fits (null is handled before). */
function valueProblem(rule: CustomFieldRule, value: unknown): string | undefined {
  switch (rule.fieldType) {
    case 'text':
      if (typeof value !== 'string') return CUSTOM_FIELD_MESSAGES.text;
      return value.length > MAX_CUSTOM_TEXT_LENGTH ? CUSTOM_FIELD_MESSAGES.textTooLong : undefined;
    case 'number':
      // A JSON number only: "10" is text, and a string would not compare as a number in the filters.
      return typeof value === 'number' && Number.isFinite(value) ? undefined : CUSTOM_FIELD_MESSAGES.number;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? undefined : CUSTOM_FIELD_MESSAGES.date;
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : CUSTOM_FIELD_MESSAGES.checkbox;
    case 'dropdown':
      return typeof value === 'string' && rule.options.some((option) => option.value === value)
        ? undefined
        : CUSTOM_FIELD_MESSAGES.invalidChoice(value);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a record's `custom_fields` against the definitions and answers the object to store.
 * - create / replace: the input is the whole set; a required key missing or null is an error.
 * - patch: only the keys given change (null removes one); the merged result must still hold every
 *   required key. Values already stored are kept as they are.
 * `undefined` input counts as `{}`; null clears a value; nulls are never stored. A required text field
 * may not be blank.
 */
export function validateCustomFieldValues(
  input: unknown,
  definitions: readonly CustomFieldRule[],
  mode: CustomFieldWriteMode,
  existing: Record<string, unknown> = {},
): CustomFieldValuesResult {
  const given = input === undefined ? {} : input;
  if (!isPlainObject(given)) return { ok: false, errors: CUSTOM_FIELD_MESSAGES.notAnObject };

  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  // No prototype: a `__proto__` key in the body is reported like any unknown key, not swallowed.
  const errors: Record<string, string> = Object.create(null);
  const values: Record<string, unknown> = mode === 'patch' ? { ...existing } : {};
  for (const [key, value] of Object.entries(given)) {
    const rule = byKey.get(key);
    if (!rule) {
      errors[key] = CUSTOM_FIELD_MESSAGES.unknownKey;
    } else if (value === null) {
      delete values[key];
    } else {
      const problem = valueProblem(rule, value);
      if (problem) errors[key] = problem;
      else values[key] = value;
    }
  }
  for (const rule of definitions) {
    if (!rule.isRequired || errors[rule.key] !== undefined) continue;
    const value = values[rule.key];
    if (value === undefined || value === null) errors[rule.key] = CUSTOM_FIELD_MESSAGES.required;
    else if (typeof value === 'string' && value.trim() === '') errors[rule.key] = CUSTOM_FIELD_MESSAGES.blank;
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** The 400 body `{"error": true, "errors": {"custom_fields": ...}}`. */
export function customFieldsValidationError(errors: CustomFieldErrors): ValidationError {
  return new ValidationError({ custom_fields: errors });
}

/** `validateCustomFieldValues`, throwing the contract's 400 instead of answering the errors. */
export function requireValidCustomFieldValues(
  input: unknown,
  definitions: readonly CustomFieldRule[],
  mode: CustomFieldWriteMode,
  existing: Record<string, unknown> = {},
): Record<string, unknown> {
  const result = validateCustomFieldValues(input, definitions, mode, existing);
  if (!result.ok) throw customFieldsValidationError(result.errors);
  return result.values;
}

/**
 * The values of `given` that a create accepts, each judged alone; the others (unknown keys, values of the
 * wrong type) are left out: what a web form's visitor typed wrong must not cost the submission.
 */
export function acceptedCustomFieldValues(given: Record<string, unknown>, definitions: readonly CustomFieldRule[]): Record<string, unknown> {
  const result = validateCustomFieldValues(given, definitions, 'create');
  if (result.ok) return result.values;
  const refused = typeof result.errors === 'string' ? given : result.errors;
  return Object.fromEntries(Object.entries(given).filter(([key, value]) => refused[key] === undefined && value !== null));
}
