import { Router } from 'express';
import type { z } from 'zod';
import { callerOf, type Caller } from '@crm/platform';
import { requireSalesAccess } from './record-ownership';
import type { EntityCustomFields } from '../custom-fields';
import { answerCreated, inPostedCollection } from '@crm/platform';
import { idParam } from '@crm/platform';
import { pageEnvelope, pageRequest } from '@crm/platform';
import { splitCustomFieldParams } from '../custom-fields';
import { parseBody, parseQuery } from '@crm/platform';
import type { ApiOperation } from '@crm/platform';
import { recordOperations } from '../openapi/record-operations';
import { recordNotesOperations, recordNotesRoutes } from '../record-notes';
import { openRecord } from './record-access';
import type { AnyRecordKind, RecordInput, RecordKind } from './record-kind';
import { ListCounts } from './record-counts';
import type { RecordListQuery } from './record-list';
import type { OwnedValues } from './record-table';
import { changeRecord, createRecord, findRecordViews, getRecord, removeRecord, type RecordsContext } from './record-use-cases';

/** The paths and schemas of one entity's routes. */
export interface RecordSchemas<Input extends RecordInput, Query extends RecordListQuery> {
  /** `/api/<entities>/` */
  basePath: string;
  body: z.ZodType<Input>;
  listQuery: z.ZodType<Query>;
}

/** An entity's own way to create, read or change a record, where the shared use case is not enough (a PUT that starts a process of the service). */
export interface RecordHandlers<Input, View> {
  create?(caller: Caller, input: Input): Promise<View>;
  get?(caller: Caller, id: string): Promise<View>;
  change?(caller: Caller, id: string, mode: 'replace' | 'patch', input: Input): Promise<View>;
}

/**
 * `<basePath>` (GET list, POST) and `<basePath><id>/` (GET, PUT, PATCH, DELETE) of one entity, with the
 * entity's custom-field routes mounted first (so `custom-fields` is never read as an id), and the notes
 * and files of its records (api-contract §9). Who may use the entity is checked before anything is
 * parsed, and a hidden record answers 404 before its body is read.
 */
export function recordRoutes<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery, Input extends RecordInput>(
  context: RecordsContext,
  kind: RecordKind<V, View, Query, keyof V & string>,
  schemas: RecordSchemas<Input, Query>,
  handlers: RecordHandlers<Input, View> = {},
): Router {
  const { basePath, body, listQuery } = schemas;
  const anyKind = kind as AnyRecordKind<V, View>;
  const create = handlers.create ?? ((caller, input) => createRecord(context, anyKind, caller, input));
  const get = handlers.get ?? ((caller, id) => getRecord(context, anyKind, caller, id));
  const change = handlers.change ?? ((caller, id, mode, input) => changeRecord(context, anyKind, caller, id, mode, input));
  const db = context.dataSource.manager;
  const counts = new ListCounts(kind.table);
  const router = Router();
  router.use(kind.customFields.routes(context));

  router.get(basePath, async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const { rest, custom } = splitCustomFieldParams(req.query as Record<string, unknown>);
    const query = parseQuery({ query: rest }, listQuery);
    const page = pageRequest(req, query as { page?: number; page_size?: number; cursor?: string });
    res.json(pageEnvelope(req, page, await findRecordViews(context, kind, caller, query, custom, page, counts)));
  });

  router.post(basePath, async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const input = parseBody(req, body);
    await answerCreated(res, inPostedCollection(req), () => context.references.answerRefusals(caller, () => create(caller, input)));
  });

  router.get(`${basePath}:id/`, async (req, res) => {
    res.json(await get(callerOf(req), idParam(req.params.id)));
  });

  for (const [method, mode] of [['put', 'replace'], ['patch', 'patch']] as const) {
    router[method](`${basePath}:id/`, async (req, res) => {
      const caller = callerOf(req);
      const id = idParam(req.params.id);
      await openRecord(db, kind.table, caller, id);
      const input = parseBody(req, body);
      res.json(await context.references.answerRefusals(caller, () => change(caller, id, mode, input)));
    });
  }

  router.delete(`${basePath}:id/`, async (req, res) => {
    await removeRecord(context, anyKind, callerOf(req), idParam(req.params.id));
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
      quotas: context.quotas,
      collection: kind.table.name,
    }),
  );
  return router;
}

/** The documentation of `recordRoutes` for one entity, under `tag` (descriptions for what differs from the common case). */
export function recordKindOperations(
  kind: { entity: string; customFields: EntityCustomFields },
  schemas: { basePath: string; body: z.ZodType; listQuery: z.ZodType; view: z.ZodObject },
  tag: string,
  descriptions: { listDescription?: string; putDescription?: string; putAnswer?: z.ZodType } = {},
): ApiOperation[] {
  return [
    ...kind.customFields.operations(tag),
    ...recordOperations({ tag, noun: kind.entity, ...schemas, ...descriptions }),
    ...recordNotesOperations({ basePath: schemas.basePath.replace(/\/$/, ''), tag, noun: kind.entity }),
  ];
}
