import { Router } from 'express';
import type { z } from 'zod';
import { callerOf, requireSalesAccess, type Caller } from '../auth-context';
import type { Db } from '../database';
import { idParam } from '../http/fields';
import { parseBody } from '../http/validation';
import { criteriaOfCheck, type DuplicateCheckInput } from './duplicate-check';
import { duplicateCriteria, type DuplicateFields } from './duplicate-criteria';
import { findDuplicates, type DuplicateTable } from './duplicate-search';

/**
 * `POST <basePath>duplicates/` (a check of what a client is about to enter; writes nothing, needs only
 * the read scope) and `GET <basePath><id>/duplicates/` (the records matching one the caller may open,
 * never itself). Both answer a JSON array of at most 10 duplicate match entries.
 */
export function duplicatesRoutes(options: {
  basePath: string;
  db: Db;
  table: DuplicateTable;
  body: z.ZodType<DuplicateCheckInput>;
  /** The record if the caller may open it; else 404 as for a random id. */
  open: (db: Db, caller: Caller, id: string) => Promise<DuplicateFields & { id: string }>;
}): Router {
  const { basePath, db, table, body, open } = options;
  return Router()
    .post(`${basePath}duplicates/`, async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      res.json(await findDuplicates(db, table, caller, criteriaOfCheck(parseBody(req, body))));
    })
    .get(`${basePath}:id/duplicates/`, async (req, res) => {
      const caller = callerOf(req);
      const record = await open(db, caller, idParam(req.params.id));
      res.json(await findDuplicates(db, table, caller, duplicateCriteria(record), record.id));
    });
}
