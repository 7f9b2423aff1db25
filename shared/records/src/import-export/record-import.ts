import type { z } from 'zod';
import type { Caller } from '@crm/platform';
import type { CustomFieldRule } from '../custom-fields/custom-field-definition';
import { loadDefinitions } from '../custom-fields/custom-fields.repository';
import type { DataSource, EntityManager } from '@crm/platform';
import { validateCustomFieldValues } from '../custom-fields/custom-field-values';
import { AppError, fieldErrorsFromZod, ValidationError } from '@crm/platform';
import { readHeader, rowErrorsFrom, rowInput, type ImportColumns } from './import-columns';
import type { ImportCreated, ImportReport, ImportRowError, ImportRows } from './import-contract';

/** One row after every rule of a create: the values to store, or what refused it (as the API would). */
export type PreparedRow<Values> = { ok: true; values: Values } | { ok: false; error: unknown };

/** The per-row rules applied to each input; a rule that throws refuses that row only. */
export function prepareEach<Input, Values>(inputs: readonly Input[], prepareOne: (input: Input) => Values): PreparedRow<Values>[] {
  return inputs.map((input) => {
    try {
      return { ok: true, values: prepareOne(input) };
    } catch (error) {
      return { ok: false, error };
    }
  });
}

/**
 * How an entity's records are created, for imports and for its POST alike (a batch of one): its
 * columns and POST body schema, and its create rules for many rows at once (lookups batched, so 5,000
 * rows take one query per lookup, not 5,000).
 */
export interface RecordImporter<Input, Values, View extends { id: string } = { id: string }> {
  /** The entity its custom-field definitions are stored under (its kind's `entity`). */
  customFieldEntity: string;
  columns: ImportColumns;
  body: z.ZodType<Input>;
  /**
   * Before the transaction: makes the service's replicas vouch for the records of other services the
   * bodies (or an import's rows, as raw cells by column) name (`ReplicatedReferences.ensureNamedIn`).
   */
  ensureReferences(caller: Caller, bodies: readonly object[]): Promise<void>;
  /** One answer per input, in order; throws only for what is not about a row. */
  prepare(manager: EntityManager, caller: Caller, inputs: Input[], definitions: CustomFieldRule[]): Promise<PreparedRow<Values>[]>;
  /** Stores every row (all prepared and valid) and announces each through the outbox; their views, in order. */
  create(manager: EntityManager, caller: Caller, values: Values[]): Promise<View[]>;
}

/** The entity's custom-field definitions, locked against deletion until the transaction ends. */
const lockedDefinitions = (manager: EntityManager, caller: Caller, entity: string) =>
  loadDefinitions(manager, caller.tenantId, entity, { lockAgainstDelete: true });

/** A POST: one record created by the import rules, in its own transaction; its refusal thrown as the API answers it. */
export async function createOneRecord<Input, Values, View extends { id: string }>(
  dataSource: DataSource,
  importer: RecordImporter<Input, Values, View>,
  caller: Caller,
  input: Input,
): Promise<View> {
  await importer.ensureReferences(caller, [input as object]);
  return dataSource.transaction(async (manager) => {
    const definitions = await lockedDefinitions(manager, caller, importer.customFieldEntity);
    const [prepared] = await importer.prepare(manager, caller, [input], definitions);
    if (!prepared!.ok) throw prepared!.error;
    const [view] = await importer.create(manager, caller, [prepared!.values]);
    return view!;
  });
}

/** An import's rows as bodies of raw cells, keyed by column: what `ensureReferences` reads ids from. */
export const rowsAsBodies = (file: ImportRows): Record<string, string>[] =>
  file.rows.map((cells) => Object.fromEntries(file.header.map((column, index) => [column, cells[index] ?? ''])));

interface CheckedImport<Values> {
  report: ImportReport;
  /** Every row's values, when the whole file is valid. */
  values?: Values[];
}

/**
 * Reads and validates a whole file with the entity's own rules (api-contract §5): the header (unknown or
 * repeated column: `header_error`, the file fails), then every row, reporting every bad cell.
 * Run it inside the transaction that will store the rows: the definitions read stay locked.
 */
export async function checkImport<Input, Values>(
  manager: EntityManager,
  importer: RecordImporter<Input, Values, { id: string }>,
  caller: Caller,
  file: ImportRows,
): Promise<CheckedImport<Values>> {
  const total = file.rows.length;
  const definitions = await lockedDefinitions(manager, caller, importer.customFieldEntity);
  const header = readHeader(file.header, importer.columns, definitions);
  if (!header.ok) return { report: { header_error: header.error, summary: { total, valid: 0, invalid: total }, errors: [] } };

  const errors: ImportRowError[] = [];
  const parsed: Array<{ row: number; input: Input }> = [];
  file.rows.forEach((cells, index) => {
    const row = index + 1;
    const read = rowInput(header.readers, cells);
    if ('error' in read) return errors.push({ row, field: 'non_field_errors', message: read.error });
    const body = importer.body.safeParse(read.input);
    if (!body.success) {
      // The custom fields are checked here too, so a row's every bad cell is reported at once.
      const custom = validateCustomFieldValues(read.input.custom_fields, definitions, 'create');
      const fieldErrors = { ...fieldErrorsFromZod(body.error), ...(custom.ok ? {} : { custom_fields: custom.errors }) };
      return errors.push(...rowErrorsFrom(row, new ValidationError(fieldErrors), importer.columns));
    }
    parsed.push({ row, input: body.data });
  });
  const prepared = await importer.prepare(manager, caller, parsed.map((entry) => entry.input), definitions);
  const values: Values[] = [];
  prepared.forEach((result, index) => {
    if (result.ok) values.push(result.values);
    else errors.push(...rowErrorsFrom(parsed[index]!.row, result.error, importer.columns));
  });
  errors.sort((a, b) => a.row - b.row);
  const invalid = new Set(errors.map((error) => error.row)).size;
  const report = { header_error: null, summary: { total, valid: total - invalid, invalid }, errors };
  return invalid === 0 ? { report, values } : { report };
}

/** A commit refused: 400 `{error: true, header_error, errors, created: 0}`, nothing written. */
export class ImportRefusedError extends AppError {
  constructor(private readonly report: ImportReport) {
    super(400, 'The file has errors; nothing was imported.');
  }

  override body(): Record<string, unknown> {
    return { error: true, header_error: this.report.header_error, errors: this.report.errors, created: 0 };
  }
}

/** Validates and, only when every row is valid, creates them all; throws `ImportRefusedError` otherwise. */
export async function commitImport<Input, Values>(
  manager: EntityManager,
  importer: RecordImporter<Input, Values, { id: string }>,
  caller: Caller,
  file: ImportRows,
): Promise<ImportCreated> {
  const checked = await checkImport(manager, importer, caller, file);
  if (!checked.values || checked.report.header_error !== null) throw new ImportRefusedError(checked.report);
  const ids = (await importer.create(manager, caller, checked.values)).map((record) => record.id);
  return { created: ids.length, ids };
}
