import { z } from 'zod';
import { INTERNAL_PATH_PREFIX } from '@crm/platform';

/**
 * The internal HTTP contract between import-export and the services owning the imported records
 * (import-export names them): architecture §1 allows this one synchronous call, because a user waits on it. Requests
 * carry an internal token addressed to the owning service with the caller in it (as the gateway's do),
 * so the owning service applies its own access rules. The routes live under `/internal/`, which the
 * gateway never forwards.
 *
 * Division of work: import-export receives the upload and enforces the file limits, decodes the bytes
 * (UTF-8, BOM removed), parses the CSV, refuses what is not a well-formed CSV file, and strips the `'` an
 * export put before a formula-like cell. The owning service knows the columns (its writable fields,
 * `cf_<key>` per custom field of the tenant), turns cells into values and validates them with the very
 * rules of its API, and creates the rows in one transaction. On export it writes the CSV file itself
 * (`streamExport`), which import-export passes on.
 */
/** An imported entity as its API path names it (`/api/<entity>/import/…`). */
export type ImportEntity = string;

/** Limits of one imported file (api-contract §5), for every entity alike: past them, 413. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;
/**
 * Cells of one line and characters of one cell (api-contract §5): past them, 400 on the file, refused
 * before the parse makes a string per cell (a header of five million commas is five million cells,
 * security §10.1). No entity has that many columns (its fields and custom fields; the owning service
 * bounds a header to those), and the longest value a field takes is 10,000 characters.
 */
export const MAX_IMPORT_COLUMNS = 250;
export const MAX_IMPORT_CELL_LENGTH = 32_768;

export const internalImportPaths = (entity: ImportEntity) => ({
  /** POST `ImportRows` → 200 `ImportReport`; writes nothing. */
  validate: `${INTERNAL_PATH_PREFIX}${entity}/import/validate/`,
  /** POST `ImportRows` → 201 `ImportCreated`, or 400 `ImportRefused` and nothing written. */
  commit: `${INTERNAL_PATH_PREFIX}${entity}/import/commit/`,
  /**
   * GET with the public list's query string → 200 `text/csv; charset=utf-8`: the export's file byte for
   * byte as the public endpoint answers it (BOM, header line, a CRLF line per record, formula-like cells
   * neutralised), every record the caller may open that matches, in the list's order, to a caller
   * asking for `text/csv`. A bad query answers 400 in the validation body before any byte is sent. A caller
   * asking for anything else (an import-export of the release before) gets the former NDJSON form
   * (`streamExport`) until the next release.
   */
  export: `${INTERNAL_PATH_PREFIX}${entity}/export/`,
});

/**
 * An imported file as rows of cells: `header` the first line, `rows[n - 1]` data row n (1-based, the
 * header not counted). A row whose number of cells differs from the header's is reported as an error of
 * that row by the owning service.
 */
export const importRows = z.strictObject({
  header: z.array(z.string()).min(1).max(MAX_IMPORT_COLUMNS),
  rows: z.array(z.array(z.string()).max(MAX_IMPORT_COLUMNS)).max(MAX_IMPORT_ROWS),
});
export type ImportRows = z.infer<typeof importRows>;

/**
 * An import row error (api-contract §5): `row` is the 1-based data row, 0 for the header line or the file as a whole;
 * `field` the column to fix (for a custom field, `cf_<key>`), `file` (the upload's field) for a file that
 * cannot be read, or `non_field_errors` when no one column can fix it (a row whose number of cells is not
 * the header's).
 */
export const importRowError = z.object({
  row: z.number().int().min(0),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** The preview's answer (api-contract §5). `header_error`: an unknown or repeated column fails the whole file. */
export const importReport = z.object({
  header_error: z.string().nullable(),
  summary: z.object({ total: z.number().int(), valid: z.number().int(), invalid: z.number().int() }),
  errors: z.array(importRowError),
});
export type ImportReport = z.infer<typeof importReport>;

export const importCreated = z.object({ created: z.number().int(), ids: z.array(z.uuid()) });
export type ImportCreated = z.infer<typeof importCreated>;

export const importRefused = z.object({
  error: z.literal(true),
  header_error: z.string().nullable(),
  errors: z.array(importRowError),
  created: z.literal(0),
});
type ImportRefused = z.infer<typeof importRefused>;
