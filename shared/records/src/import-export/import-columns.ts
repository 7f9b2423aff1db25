import type { CustomFieldRule } from '../custom-fields/custom-field-definition';
import { AppError, ForbiddenError, ValidationError, type FieldErrors } from '@crm/platform';
import type { ImportRowError } from './import-contract';

/**
 * The CSV columns of an entity (api-contract §5): its writable field names, `cf_<key>` for each custom field
 * of the tenant, and `id` / `created_at`, which an export writes and an import ignores (an import always
 * creates). A cell is text; `list` cells hold several values separated by `;`, `integer` cells a whole
 * number. An empty cell is a field not given (the create's default applies).
 */
export type CellKind = 'text' | 'list' | 'integer';

export interface ImportColumns {
  /** Writable field name → how its cells read. */
  fields: Readonly<Record<string, CellKind>>;
  /** The field naming the owner: where a refused assignment (403 on the API) is reported in a row. */
  ownerField: string;
  /**
   * Where a row refused for want of a name (the API's `non_field_errors`: a record needs one) is reported:
   * a row error names the column to fill in (api-contract §6).
   */
  nameField: string;
}

export const IGNORED_IMPORT_COLUMNS = ['id', 'created_at'] as const;
export const CUSTOM_FIELD_COLUMN_PREFIX = 'cf_';
export const LIST_SEPARATOR = ';';

type ColumnReader =
  | { kind: 'field'; name: string; cell: CellKind }
  | { kind: 'custom'; key: string; rule: CustomFieldRule }
  | { kind: 'ignored' };

/** How each column of a file reads, or why the file's header is refused (unknown or repeated column). */
export type HeaderReading = { ok: true; readers: ColumnReader[] } | { ok: false; error: string };

export function readHeader(header: readonly string[], columns: ImportColumns, definitions: readonly CustomFieldRule[]): HeaderReading {
  // A header longer than every column there is has an unknown or repeated one: said before any is read.
  const known = Object.keys(columns.fields).length + definitions.length + IGNORED_IMPORT_COLUMNS.length;
  if (header.length > known) {
    return { ok: false, error: `The header has ${header.length} columns; there are ${known} (the fields, ${definitions.length} custom fields, id and created_at).` };
  }
  const rules = new Map(definitions.map((rule) => [rule.key, rule]));
  const seen = new Set<string>();
  const readers: ColumnReader[] = [];
  for (const raw of header) {
    const name = raw.trim();
    if (seen.has(name)) return { ok: false, error: `The column "${name}" appears more than once.` };
    seen.add(name);
    const cell = Object.hasOwn(columns.fields, name) ? columns.fields[name] : undefined;
    const rule = name.startsWith(CUSTOM_FIELD_COLUMN_PREFIX) ? rules.get(name.slice(CUSTOM_FIELD_COLUMN_PREFIX.length)) : undefined;
    if (cell) readers.push({ kind: 'field', name, cell });
    else if (rule) readers.push({ kind: 'custom', key: rule.key, rule });
    else if ((IGNORED_IMPORT_COLUMNS as readonly string[]).includes(name)) readers.push({ kind: 'ignored' });
    else return { ok: false, error: `Unknown column "${name}".` };
  }
  return { ok: true, readers };
}

const WHOLE_NUMBER = /^-?\d{1,15}$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** A cell as the value its field takes in a JSON body; what cannot be read so stays text, so validation names it. */
function fieldValue(cell: CellKind, text: string): unknown {
  if (cell === 'list') return text.split(LIST_SEPARATOR).map((item) => item.trim()).filter((item) => item !== '');
  if (cell === 'integer') return WHOLE_NUMBER.test(text) ? Number(text) : text;
  return text;
}

/** A custom field's text (a cell, a web form's field) as the value its type takes; what cannot be read so stays text, so validation names it. */
export function customValue(rule: CustomFieldRule, text: string): unknown {
  if (rule.fieldType === 'number') return NUMBER.test(text) ? Number(text) : text;
  if (rule.fieldType === 'checkbox') {
    const word = text.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return text;
}

/**
 * One data row as the body a POST of the entity would carry (custom fields under `custom_fields`), or
 * the row's error when its number of cells is not the header's.
 */
export function rowInput(readers: readonly ColumnReader[], cells: readonly string[]): { input: Record<string, unknown> } | { error: string } {
  if (cells.length !== readers.length) {
    return { error: `This row has ${cells.length} cells; the header has ${readers.length} columns.` };
  }
  const input: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  readers.forEach((reader, index) => {
    const text = cells[index]!.trim();
    if (text === '' || reader.kind === 'ignored') return;
    if (reader.kind === 'field') input[reader.name] = fieldValue(reader.cell, text);
    else custom[reader.key] = customValue(reader.rule, text);
  });
  if (Object.keys(custom).length > 0) input.custom_fields = custom;
  return { input };
}

function messagesOf(value: string | string[]): string[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * A field error map as row errors: `custom_fields.<key>` is reported on its column, `cf_<key>`; an error
 * of the record as a whole on the name's column.
 */
function rowErrorsFromFields(row: number, errors: FieldErrors, columns: ImportColumns): ImportRowError[] {
  const rowErrors: ImportRowError[] = [];
  for (const [name, value] of Object.entries(errors)) {
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, nested] of Object.entries(value)) {
        for (const message of messagesOf(nested)) rowErrors.push({ row, field: `${CUSTOM_FIELD_COLUMN_PREFIX}${key}`, message });
      }
    } else {
      const field = name === 'non_field_errors' ? columns.nameField : name;
      for (const message of messagesOf(value)) rowErrors.push({ row, field, message });
    }
  }
  return rowErrors;
}

/**
 * What a create of this row was refused with, as row errors: a 400's field errors; a 403 (an assignment
 * only an admin may make) on the owner column. Anything else is not about the row: rethrown.
 */
export function rowErrorsFrom(row: number, error: unknown, columns: ImportColumns): ImportRowError[] {
  if (error instanceof ValidationError) return rowErrorsFromFields(row, error.errors, columns);
  if (error instanceof ForbiddenError) return [{ row, field: columns.ownerField, message: error.detail }];
  if (error instanceof AppError && error.status === 400) return [{ row, field: 'non_field_errors', message: error.detail }];
  throw error;
}

/** A stored custom-field value as a cell (the export's side of `customValue`). */
export function customCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}
