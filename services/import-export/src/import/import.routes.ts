import { AppError, callerOf, PayloadTooLargeError, receiveSingleFile, type ApiOperation, UploadRefusedError } from '@crm/platform';
import {
  importCreated,
  importRefused,
  importReport,
  internalImportPaths,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELL_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  requireSalesAccess,
  storedFilename,
  type ImportRowError,
} from '@crm/records';
import { Router, type RequestHandler } from 'express';
import type { ImportExportDeps } from '../config';
import { readCsv } from '../csv/read-csv';
import { recordImportJob, type ImportKind } from '../jobs/import-jobs';
import { IMPORT_ENTITIES, passThrough, type ImportEntity, type OwningServices } from '../owning/owning-services';

/**
 * A file refused before the owning service reads a row (no file, not UTF-8, broken quoting, a line of too
 * many cells or a cell too long, no header):
 * 400 `{error: true, errors: [{row, field, message}]}`, `row` 0 for the file as a whole. A commit's
 * also says `header_error: null` and `created: 0`, the shape of every other refused commit (api-contract §6).
 */
export class FileRefusedError extends AppError {
  constructor(
    private readonly errors: ImportRowError[],
    private readonly kind: ImportKind,
  ) {
    super(400, errors[0]?.message ?? 'The file cannot be read.');
  }

  static ofUpload(error: UploadRefusedError, kind: ImportKind): FileRefusedError {
    return new FileRefusedError([{ row: 0, field: error.field, message: error.reason }], kind);
  }

  override body(): Record<string, unknown> {
    if (this.kind === 'preview') return { error: true, errors: this.errors };
    return { error: true, header_error: null, errors: this.errors, created: 0 };
  }
}

/** The deprecated upload's successor (RFC 8594 `Deprecation`, RFC 8288 `Link`). */
const DEPRECATION_HEADERS = { Deprecation: 'true', Link: '</api/leads/import/commit/>; rel="successor-version"' };

/**
 * `POST /api/<entity>/import/preview/` and `…/import/commit/` (field `file`), and the deprecated
 * `POST /api/leads/upload/` (field `leads_file`, a commit in one call, answered with `Deprecation`).
 * Admins and members with sales access only (403 before the upload is read); the file is read within
 * its limits (5 MB while it streams in, else 413; 5,000 data rows, else 413), decoded and parsed here,
 * then validated (and created) by the owning service with its own rules, whose answer is sent on.
 */
export function importRoutes(deps: ImportExportDeps, owning: OwningServices): Router {
  const importFile =
    (entity: ImportEntity, kind: ImportKind, field: string): RequestHandler =>
    async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      const upload = await receiveSingleFile(req, res, { field, maxBytes: MAX_IMPORT_BYTES }).catch((error: unknown) => {
        throw error instanceof UploadRefusedError ? FileRefusedError.ofUpload(error, kind) : error;
      });
      const job = { entity, kind, filename: storedFilename(upload.originalName), bytes: upload.content.length, rows: null as number | null, created: 0 };
      const reading = readCsv(upload.content);
      if (!reading.ok) {
        await recordImportJob(deps.dataSource, caller, { ...job, status: reading.tooLarge ? 413 : 400 }, deps.clock());
        throw reading.tooLarge ? new PayloadTooLargeError(reading.errors[0]!.message) : new FileRefusedError(reading.errors, kind);
      }
      const paths = internalImportPaths(entity);
      const answer = await owning.request(entity, caller, kind === 'preview' ? paths.validate : paths.commit, { method: 'POST', body: reading.file });
      const created = answer.status === 201 ? ((await answer.clone().json()) as { created: number }).created : 0;
      // The rows may be committed by now: failing to note the job must not turn that into an error answer.
      await recordImportJob(deps.dataSource, caller, { ...job, rows: reading.file.rows.length, status: answer.status, created }, deps.clock()).catch(
        (error: unknown) => deps.logger.error({ err: error }, 'could not record an import job after the owning service answered'),
      );
      await passThrough(entity, answer, res);
    };

  const router = Router();
  for (const entity of IMPORT_ENTITIES) {
    router.post(`/api/${entity}/import/preview/`, importFile(entity, 'preview', 'file'));
    router.post(`/api/${entity}/import/commit/`, importFile(entity, 'commit', 'file'));
  }
  const upload = importFile('leads', 'upload', 'leads_file');
  router.post('/api/leads/upload/', (req, res, next) => {
    res.set(DEPRECATION_HEADERS);
    return upload(req, res, next);
  });
  return router;
}

const FILE_LIMITS =
  `One CSV file (UTF-8, a BOM allowed) of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; a header line naming the columns. ` +
  `A line of more than ${MAX_IMPORT_COLUMNS} cells or a cell of more than ${MAX_IMPORT_CELL_LENGTH.toLocaleString('en')} characters is refused (400 on the file).`;
const REFUSED = 'A file that cannot be read (encoding, quoting, too many cells on a line, a cell too long, empty) or, on commit, any bad cell: nothing is created.';

/** The documentation's section of each imported entity, as its own service names it. */
export const ENTITY_TAGS: Record<ImportEntity, string> = { leads: 'Leads', contacts: 'Contacts' };

function importOperations(entity: ImportEntity): ApiOperation[] {
  const tag = ENTITY_TAGS[entity];
  const upload = { field: 'file', description: FILE_LIMITS };
  return [
    {
      method: 'post',
      path: `/api/${entity}/import/preview/`,
      tag,
      summary: `Check a CSV file of ${entity} without importing it`,
      upload,
      responses: { 200: { description: 'Every problem of the file, by row and column.', schema: importReport }, 400: REFUSED, 413: 'Too large.' },
    },
    {
      method: 'post',
      path: `/api/${entity}/import/commit/`,
      tag,
      summary: `Import a CSV file of ${entity}: every row or none`,
      upload,
      createsNothingAddressable: true,
      responses: {
        201: { description: 'The records created, one `*.created` event each.', schema: importCreated },
        400: { description: REFUSED, schema: importRefused },
        413: 'Too large.',
      },
    },
  ];
}

export const importOperationsOfEveryEntity: ApiOperation[] = [
  ...IMPORT_ENTITIES.flatMap(importOperations),
  {
    method: 'post',
    path: '/api/leads/upload/',
    tag: 'Leads',
    summary: 'Import a CSV file of leads (deprecated)',
    deprecated: true,
    description: 'The commit in one call, with the file in the field `leads_file`; answered with `Deprecation: true` and a `Link` to its successor `/api/leads/import/commit/`.',
    upload: { field: 'leads_file', description: FILE_LIMITS },
    createsNothingAddressable: true,
    responses: {
      201: { description: 'The leads created.', schema: importCreated },
      400: { description: REFUSED, schema: importRefused },
      413: 'Too large.',
    },
  },
];
