import type { Router } from 'express';
import type { z } from 'zod';
import { splitCustomFieldParams } from '../custom-fields';
import { parseQuery } from '@crm/platform';
import type { ImportEntity } from '../import-export/import-contract';
import type { RecordImporter } from '../import-export/record-import';
import { cellExporter, recordImportExportRoutes } from '../import-export/record-import.routes';
import type { RecordKind } from './record-kind';
import { orderOf, type RecordListQuery } from './record-list';
import { exportQueryOfList, type ExportedRecord, type OwnedValues } from './record-table';
import { listFilterOf, type RecordsContext } from './record-use-cases';

/**
 * `/internal/<entities>/import/validate/`, `…/import/commit/` and `/internal/<entities>/export/` for the
 * import-export service: rows created by the entity's create rules (`creation`), exports of its list
 * (same query; `page` and `page_size` accepted and ignored, an export has every match) as `cells`.
 */
export function recordImportExport<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery, Input>(
  context: RecordsContext,
  kind: RecordKind<V, View, Query, keyof V & string>,
  options: {
    entity: ImportEntity;
    listQuery: z.ZodType<Query>;
    cells: Readonly<Record<string, (record: ExportedRecord<V>) => string>>;
    creation: RecordImporter<Input, V, View>;
  },
): Router {
  const exporter = cellExporter<ExportedRecord<V>>({
    cells: options.cells,
    async query(db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, options.listQuery);
      return exportQueryOfList(kind.table, await listFilterOf(db, kind, caller, query, custom), orderOf(query.ordering));
    },
  });
  return recordImportExportRoutes({ entity: options.entity, dataSource: context.dataSource, importer: options.creation, exporter });
}
