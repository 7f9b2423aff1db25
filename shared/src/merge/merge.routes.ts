import { Router } from 'express';
import { callerOf, requireSalesAccess } from '../auth-context';
import type { DataSource } from '../database';
import { idParam } from '../http/fields';
import { parseBody } from '../http/validation';
import { mergeBody, mergeRecords, type MergeableEntity, type MergeableRecord } from './merge-records';

/** `POST <basePath><keeper_id>/merge/` `{merge_id}`: 200 with the kept record (see `mergeRecords`). */
export function mergeRoutes<R extends MergeableRecord, View>(options: {
  basePath: string;
  dataSource: DataSource;
  entity: MergeableEntity<R, View>;
  clock: () => Date;
}): Router {
  const { basePath, dataSource, entity, clock } = options;
  return Router().post(`${basePath}:id/merge/`, async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    const keeperId = idParam(req.params.id);
    const { merge_id: mergeId } = parseBody(req, mergeBody);
    res.json(await mergeRecords(dataSource, entity, { caller, keeperId, mergeId, now: clock() }));
  });
}
