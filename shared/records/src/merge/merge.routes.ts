import { Router } from 'express';
import type { z } from 'zod';
import { callerOf } from '@crm/platform';
import { requireSalesAccess } from '../records/record-ownership';
import type { DataSource } from '@crm/platform';
import { idParam } from '@crm/platform';
import { parseBody } from '@crm/platform';
import type { ApiOperation } from '@crm/platform';
import type { OwnedValues } from '../records/record-table';
import { mergeBody, mergeRecords, type MergeableEntity } from './merge-records';

/** `POST <basePath><keeper_id>/merge/` `{merge_id}`: 200 with the kept record (see `mergeRecords`). */
export function mergeRoutes<V extends OwnedValues, View extends { id: string }>(options: {
  basePath: string;
  dataSource: DataSource;
  entity: MergeableEntity<V, View>;
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

/** The documentation of `mergeRoutes` for one entity. */
export function mergeOperations(options: { basePath: string; tag: string; noun: string; view: z.ZodType }): ApiOperation {
  const { basePath, tag, noun, view } = options;
  return {
    method: 'post',
    path: `${basePath}:id/merge/`,
    tag,
    summary: `Merge another ${noun} into this one`,
    description:
      `The ${noun} in the path is kept; blanks are filled from \`merge_id\`'s, tags combined, notes, files and links moved, ` +
      'and the other is deleted. Needs the right to delete the other.',
    body: mergeBody,
    record: true,
    responses: { 200: { description: `The kept ${noun}.`, schema: view } },
  };
}
