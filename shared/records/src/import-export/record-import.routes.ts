import { Router, type Request } from 'express';
import { callerOf, markDownload, type Caller } from '@crm/platform';
import { requireSalesAccess } from '../records/record-ownership';
import type { CustomFieldRule } from '../custom-fields/custom-field-definition';
import { loadDefinitions } from '../custom-fields/custom-fields.repository';
import type { DataSource, Db } from '@crm/platform';
import { parseBody } from '@crm/platform';
import { CUSTOM_FIELD_COLUMN_PREFIX, customCell } from './import-columns';
import { importRows, internalImportPaths, type ImportEntity } from './import-contract';
import { EXPORT_NDJSON_TYPE, streamExport, type ExportQuery } from './record-export';
import { checkImport, commitImport, rowsAsBodies, type RecordImporter } from './record-import';

/** What an entity brings to exports: the list's query as SQL, its columns and each row's cells. */
export interface RecordExporter<Row> {
  /** The list's query string → every match the caller may open, in the list's order (400 on a bad one). */
  query(db: Db, caller: Caller, queryString: Record<string, unknown>): Promise<ExportQuery>;
  columns(definitions: CustomFieldRule[]): string[];
  cells(row: Row, definitions: CustomFieldRule[]): string[];
}

/** What every exported row has besides its columns: an id, a creation time, its custom fields (as read from its table). */
export interface ExportedRow {
  id: string;
  /** Already as an export writes it: `toISOString`'s text (see `exportQueryOfList`). */
  created_at: string;
  custom_fields: Record<string, unknown>;
}

/**
 * An exporter from a table of cells (column → the row's cell): columns `id`, the table's, `cf_<key>`
 * per custom field of the tenant, `created_at` (api-contract §5), each cell as an import reads it back.
 *
 * Cells read the row the cursor gives, not the entity's API record: besides the allocations saved, the
 * record's builder is also where a bulk commit keeps 5,000 records alive, which makes V8 allocate its
 * objects straight in the old generation from then on; an export building 100,000 of them afterwards
 * grew the service by ~100 MB before a full collection.
 */
export function cellExporter<R extends ExportedRow>(options: {
  cells: Readonly<Record<string, (row: R) => string>>;
  query: RecordExporter<R>['query'];
}): RecordExporter<R> {
  const { cells, query } = options;
  const cellsOfRow = Object.values(cells);
  return {
    query,
    columns: (definitions) => ['id', ...Object.keys(cells), ...definitions.map((rule) => `${CUSTOM_FIELD_COLUMN_PREFIX}${rule.key}`), 'created_at'],
    // One array filled in place, not spread from others: this runs once per exported row.
    cells: (row, definitions) => {
      const cells = [row.id];
      for (const cell of cellsOfRow) cells.push(cell(row));
      for (const rule of definitions) cells.push(customCell(row.custom_fields[rule.key]));
      cells.push(row.created_at);
      return cells;
    },
  };
}

/**
 * The owning service's side of import and export (`internalImportPaths`): validate and commit a file
 * with the entity's own rules, in one transaction; stream every match of a list query for an export.
 * Reached only by import-export with an internal token carrying the caller: admins and members with
 * sales access (others 403), each seeing in an export only what they may open.
 */
export function recordImportExportRoutes<Input, Values, Row>(options: {
  entity: ImportEntity;
  dataSource: DataSource;
  importer: RecordImporter<Input, Values, { id: string }>;
  exporter: RecordExporter<Row>;
}): Router {
  const { entity, dataSource, importer, exporter } = options;
  const paths = internalImportPaths(entity);
  /** The caller and the file, once the replicas vouch for what its rows name (before any transaction). */
  const importOf = async (req: Request) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const file = parseBody(req, importRows);
    await importer.ensureReferences(caller, rowsAsBodies(file));
    return { caller, file };
  };

  return Router()
    .post(paths.validate, async (req, res) => {
      const { caller, file } = await importOf(req);
      const checked = await dataSource.transaction('READ COMMITTED', (manager) => checkImport(manager, importer, caller, file));
      res.json(checked.report);
    })
    .post(paths.commit, async (req, res) => {
      const { caller, file } = await importOf(req);
      res.status(201).json(await dataSource.transaction((manager) => commitImport(manager, importer, caller, file)));
    })
    .get(paths.export, async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      // A rollout stopping this process lets the export finish (DOWNLOAD_DRAIN_TIMEOUT_MS), rather than cut it mid-way.
      markDownload(res);
      const db = dataSource.manager;
      const query = await exporter.query(db, caller, req.query as Record<string, unknown>);
      const definitions = await loadDefinitions(db, caller.tenantId, importer.customFieldEntity);
      // CSV when asked for (import-export of this release); NDJSON for one of the release before, which asks for anything.
      const format = req.accepts([EXPORT_NDJSON_TYPE, 'text/csv']) === 'text/csv' ? 'csv' : 'ndjson';
      await streamExport<Row>(dataSource, res, query, exporter.columns(definitions), (row) => exporter.cells(row, definitions), format);
    });
}
