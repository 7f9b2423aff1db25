import { ValidationError } from '@crm/platform';
import type { CustomFieldRule } from './custom-field-definition';
import { isCalendarDate } from './custom-field-values';
import { assertSqlIdentifier } from './custom-fields.repository';

export const CUSTOM_FIELD_PARAM_PREFIX = 'cf_';

/**
 * A typed `cf_<key>` filter: the value as the record stores it, so containment compares like for like; or
 * a bound of a number or date field (`cf_<key>__gte`, `cf_<key>__lte`).
 */
export interface CustomFieldFilter {
  key: string;
  value: string | number | boolean;
  bound?: 'gte' | 'lte';
}

const BOUNDS = { gte: '>=', lte: '<=' } as const;

export const CUSTOM_FIELD_FILTER_MESSAGES = {
  notAllowed: 'Filtering on this custom field is not allowed.',
  repeated: 'Give this filter once.',
  number: 'Must be a number.',
  checkbox: 'Use true or false.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  notRanged: 'Only number and date fields take __gte and __lte.',
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
    const [, key = '', bound] = /^(.*?)(?:__(gte|lte))?$/.exec(name.slice(CUSTOM_FIELD_PARAM_PREFIX.length))! as unknown as [string, string, 'gte' | 'lte' | undefined];
    // A key may itself end in `__gte`: the whole name is that key's equality filter.
    const rule = byKey.get(bound !== undefined && byKey.has(`${key}__${bound}`) ? `${key}__${bound}` : key);
    const ranged = bound !== undefined && rule?.key === key;
    if (!rule || !rule.isFilterable) {
      errors[name] = CUSTOM_FIELD_FILTER_MESSAGES.notAllowed;
      continue;
    }
    if (ranged && rule.fieldType !== 'number' && rule.fieldType !== 'date') {
      errors[name] = CUSTOM_FIELD_FILTER_MESSAGES.notRanged;
      continue;
    }
    if (typeof raw !== 'string') {
      errors[name] = CUSTOM_FIELD_FILTER_MESSAGES.repeated;
      continue;
    }
    const parsed = typedValue(rule, raw);
    if ('problem' in parsed) errors[name] = parsed.problem;
    else filters.push({ key: rule.key, value: parsed.value, ...(ranged ? { bound } : {}) });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return filters;
}

/**
 * Where a record table's number and date custom-field values are kept one per row and indexed
 * (`recordCustomValuesSql`), so a bound is looked up there rather than read from every record:
 * `table` is that table, `recordTable` the records' and `tenantParam` the list's parameter holding the tenant.
 */
export interface CustomValuesSql {
  table: string;
  recordTable: string;
  tenantParam: string;
}

/** A list's custom-field conditions: those on the records, and what they imply for the indexes (`ListFilterSql`). */
export interface CustomFieldConditions {
  conditions: string[];
  params: unknown[];
  implied: string[];
  createdBetween: { oldest: string; newest: string }[];
}

/**
 * SQL conditions for the filters on a jsonb `column`, with parameters numbered from `firstParamIndex`.
 * Containment (`column @> {"key": value}`) compares jsonb values by type: numbers as numbers (10 matches
 * 10.0), strings exactly, booleans as booleans; and a `gin (column jsonb_path_ops)` index serves it,
 * which is why every record table should carry one. A bound compares the field's value as a number
 * (numbers) or as its `YYYY-MM-DD` text (dates, which sorts as the calendar does); a record without the
 * field is outside every bound. With `values`, each bound also implies its value's row in that table
 * (an index finds the records) and the range of creation times of the records it matches (a walk of
 * the default order starts where they are).
 */
export function customFieldFilterSql(
  filters: readonly CustomFieldFilter[],
  column: string,
  firstParamIndex: number,
  values?: CustomValuesSql,
): CustomFieldConditions {
  const target = assertSqlIdentifier(column);
  const params: unknown[] = [];
  const param = (value: unknown) => `$${firstParamIndex + params.push(value) - 1}`;
  const implied: string[] = [];
  const createdBetween: CustomFieldConditions['createdBetween'] = [];
  const conditions = filters.map((filter) => {
    if (filter.bound === undefined) return `${target} @> ${param(JSON.stringify({ [filter.key]: filter.value }))}::jsonb`;
    const key = param(filter.key);
    const isNumber = typeof filter.value === 'number';
    const bound = `${param(String(filter.value))}::${isNumber ? 'numeric' : 'text'}`;
    if (values !== undefined) {
      const kept = `FROM ${values.table} AS kept WHERE kept.tenant_id = ${values.tenantParam} AND kept.field = ${key}::text
          AND kept.${isNumber ? 'number_value' : 'date_value'} ${BOUNDS[filter.bound]} ${bound}`;
      implied.push(`EXISTS (SELECT 1 ${kept} AND kept.record_id = ${values.recordTable}.id)`);
      createdBetween.push({ oldest: `(SELECT min(kept.created_at) ${kept})`, newest: `(SELECT max(kept.created_at) ${kept})` });
    }
    return isNumber
      ? `(CASE WHEN jsonb_typeof(${target} -> ${key}::text) = 'number' THEN (${target} ->> ${key}::text)::numeric END) ${BOUNDS[filter.bound]} ${bound}`
      : `(${target} ->> ${key}::text) ${BOUNDS[filter.bound]} ${bound}`;
  });
  return { conditions, params, implied, createdBetween };
}
