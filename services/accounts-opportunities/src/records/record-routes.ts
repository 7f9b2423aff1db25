import {
  callerOf,
  idParam,
  recordNotesOperations,
  recordNotesRoutes,
  recordOperations,
  type ApiOperation,
  type EntityCustomFields,
  pageEnvelope,
  pageRequest,
  parseBody,
  parseQuery,
  requireSalesAccess,
  splitCustomFieldParams,
} from '@crm/shared';
import { Router } from 'express';
import type { z } from 'zod';
import type { ServiceContext } from '../config';
import { openRecord } from './record-access';
import type { RecordInput, RecordKind } from './record-kind';
import type { CommonListQuery } from './record-schemas';
import type { OwnedValues } from './record-table';
import { changeRecord, createRecord, findRecords, getRecord, removeRecord } from './record-use-cases';

/**
 * `<basePath>` (GET list, POST) and `<basePath><id>/` (GET, PUT, PATCH, DELETE) of one entity, with the
 * entity's custom-field routes mounted first (so `custom-fields` is never read as an id), and the notes
 * and files of its records (api-contract §13). Who may use the entity is checked before anything is
 * parsed, and a hidden record answers 404 before its body is read.
 */
export function recordRoutes<V extends OwnedValues, View extends { id: string }, Query extends CommonListQuery>(
  context: ServiceContext,
  kind: RecordKind<V, View, Query, keyof V & string>,
  schemas: {
    basePath: string;
    /** Typed so each writable field's output fits the column of the same name. */
    body: z.ZodType<RecordInput & Partial<Omit<V, 'assigned_to' | 'custom_fields'>>>;
    listQuery: z.ZodType<Query>;
  },
): Router {
  const { basePath, body, listQuery } = schemas;
  const db = context.dataSource.manager;
  const router = Router();
  router.use(kind.customFields.routes(context));

  router.get(basePath, async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const { rest, custom } = splitCustomFieldParams(req.query as Record<string, unknown>);
    const query = parseQuery({ query: rest }, listQuery);
    const page = pageRequest(query);
    const { count, results } = await findRecords(context, kind, caller, query, custom, page);
    res.json(pageEnvelope(req, page, count, results));
  });

  router.post(basePath, async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    res.status(201).json(await createRecord(context, kind, caller, parseBody(req, body)));
  });

  router.get(`${basePath}:id/`, async (req, res) => {
    res.json(await getRecord(context, kind, callerOf(req), idParam(req.params.id)));
  });

  for (const [method, mode] of [['put', 'replace'], ['patch', 'patch']] as const) {
    router[method](`${basePath}:id/`, async (req, res) => {
      const caller = callerOf(req);
      const id = idParam(req.params.id);
      await openRecord(db, kind.table, caller, id);
      res.json(await changeRecord(context, kind, caller, id, mode, parseBody(req, body)));
    });
  }

  router.delete(`${basePath}:id/`, async (req, res) => {
    await removeRecord(context, kind, callerOf(req), idParam(req.params.id));
    res.status(204).end();
  });

  router.use(
    recordNotesRoutes({
      dataSource: context.dataSource,
      recordType: kind.entity,
      basePath: basePath.replace(/\/$/, ''),
      openRecord: async (caller, recordId, manager, lock) => {
        await openRecord(manager, kind.table, caller, recordId, lock);
      },
      clock: context.clock,
    }),
  );
  return router;
}

/** The documentation of `recordRoutes` for one entity, under `tag`. */
export function recordKindOperations(
  kind: { entity: string; customFields: EntityCustomFields },
  schemas: { basePath: string; body: z.ZodType; listQuery: z.ZodType },
  tag: string,
): ApiOperation[] {
  return [
    ...kind.customFields.operations(tag),
    ...recordOperations({ tag, noun: kind.entity, ...schemas }),
    ...recordNotesOperations({ basePath: schemas.basePath.replace(/\/$/, ''), tag, noun: kind.entity }),
  ];
}
