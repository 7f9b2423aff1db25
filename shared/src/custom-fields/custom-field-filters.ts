import { ValidationError } from '../errors';
import type { CustomFieldRule } from './custom-field-definition';
import { isCalendarDate } from './custom-field-values';
import { assertSqlIdentifier } from './custom-fields.repository';

export const CUSTOM_FIELD_PARAM_PREFIX = 'cf_';

/** A typed `cf_<key>` filter: the value as the record stores it, so containment compares like for like. */
export interface CustomFieldFilter {
  key: string;
  value: string | number | boolean;
}

export const CUSTOM_FIELD_FILTER_MESSAGES = {
  notAllowed: 'Filtering on this custom field is not allowed.',
  repeated: 'Give this filter once.',
  number: 'A valid number is required.',
  checkbox: 'Use true or false.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  invalidChoice: (value: string) => `"${value}" is not a valid choice.`,
} as const;

/**
 * Splits a list's query into its `cf_<key>` parameters and the rest, so the service's strict query
 * schema parses the rest and `parseCustomFieldFilters` the custom ones.
 */
export function splitCustomFieldParams(query: Record<string, unknown>): {
  rest: Record<string, unknown>;
  custom: Record<string, unknown>;
} {
  const rest: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(CUSTOM_FIELD_PARAM_PREFIX)) custom[name] = value;
    else rest[name] = value;
  }
  return { rest, custom };
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** The typed value of one parameter, or the message for it. */
function typedValue(rule: CustomFieldRule, text: string): { value: CustomFieldFilter['value'] } | { problem: string } {
  switch (rule.fieldType) {
    case 'text':
      return { value: text };
    case 'number': {
      const value = Number(text);
      return NUMBER.test(text) && Number.isFinite(value) ? { value } : { problem: CUSTOM_FIELD_FILTER_MESSAGES.number };
    }
    case 'checkbox':
      if (text === 'true') return { value: true };
      if (text === 'false') return { value: false };
      return { problem: CUSTOM_FIELD_FILTER_MESSAGES.checkbox };
    case 'date':
      return isCalendarDate(text) ? { value: text } : { problem: CUSTOM_FIELD_FILTER_MESSAGES.date };
    case 'dropdown':
      return rule.options.some((option) => option.value === text)
        ? { value: text }
        : { problem: CUSTOM_FIELD_FILTER_MESSAGES.invalidChoice(text) };
  }
}

/**
 * The `cf_<key>` filters of a list query, typed by their definitions. Every other parameter is ignored.
 * A key that does not exist or is not filterable, a repeated parameter or a value that does not parse
 * for the field's type is a 400 on that parameter (all of them reported at once).
 */
export function parseCustomFieldFilters(
  query: Record<string, unknown>,
  definitions: readonly CustomFieldRule[],
): CustomFieldFilter[] {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const filters: CustomFieldFilter[] = [];
  const errors: Record<string, string> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith(CUSTOM_FIELD_PARAM_PREFIX)) continue;
    const key = name.slice(CUSTOM_FIELD_PARAM_PREFIX.length);
    const rule = byKey.get(key);
    if (!rule || !rule.isFilterable) {
      errors[name] = CUSTOM_FIELD_FILTER_MESSAGES.notAllowed;
      continue;
    }
    if (typeof raw !== 'string') {
      errors[name] = CUSTOM_FIELD_FILTER_MESSAGES.repeated;
      continue;
    }
    const parsed = typedValue(rule, raw);
    if ('problem' in parsed) errors[name] = parsed.problem;
    else filters.push({ key, value: parsed.value });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return filters;
}

/**
 * SQL conditions for the filters on a jsonb `column`, with parameters numbered from `firstParamIndex`.
 * Containment (`column @> {"key": value}`) compares jsonb values by type: numbers as numbers (10 matches
 * 10.0), strings exactly, booleans as booleans; and a `gin (column jsonb_path_ops)` index serves it,
 * which is why every record table should carry one.
 */
export function customFieldFilterSql(
  filters: readonly CustomFieldFilter[],
  column: string,
  firstParamIndex: number,
): { conditions: string[]; params: unknown[] } {
  const target = assertSqlIdentifier(column);
  return {
    conditions: filters.map((_, i) => `${target} @> $${firstParamIndex + i}::jsonb`),
    params: filters.map((filter) => JSON.stringify({ [filter.key]: filter.value })),
  };
}
