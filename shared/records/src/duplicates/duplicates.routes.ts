import { Router } from 'express';
import { z } from 'zod';
import { callerOf, type Caller } from '@crm/platform';
import { requireSalesAccess } from '../records/record-ownership';
import type { Db } from '@crm/platform';
import { idParam } from '@crm/platform';
import { parseBody } from '@crm/platform';
import type { ApiOperation } from '@crm/platform';
import { criteriaOfCheck, type DuplicateCheckInput } from './duplicate-check';
import { duplicateCriteria, type DuplicateFields } from './duplicate-criteria';
import { duplicateEntrySchema, findDuplicates, type DuplicateTable } from './duplicate-search';

/** An entity's duplicate checks: where its routes are, how it is documented, its table, what a check may send. */
export interface DuplicateChecks {
  basePath: string;
  tag: string;
  noun: string;
  table: DuplicateTable;
  body: z.ZodType<DuplicateCheckInput>;
  /** The record if the caller may open it; else 404 as for a random id. */
  open: (db: Db, caller: Caller, id: string) => Promise<{ id: string; values: DuplicateFields }>;
}

/**
 * `POST <basePath>duplicates/` (a check of what a client is about to enter; writes nothing, needs only
 * the read scope) and `GET <basePath><id>/duplicates/` (the records matching one the caller may open,
 * never itself). Both answer a JSON array of at most 10 duplicate match entries.
 */
export function duplicatesRoutes(db: Db, checks: DuplicateChecks): Router {
  const { basePath, table, body, open } = checks;
  return Router()
    .post(`${basePath}duplicates/`, async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      res.json(await findDuplicates(db, table, caller, criteriaOfCheck(parseBody(req, body))));
    })
    .get(`${basePath}:id/duplicates/`, async (req, res) => {
      const caller = callerOf(req);
      const record = await open(db, caller, idParam(req.params.id));
      res.json(await findDuplicates(db, table, caller, duplicateCriteria(record.values), record.id));
    });
}

/** The documentation of `duplicatesRoutes` for one entity. */
export function duplicatesOperations(checks: DuplicateChecks): ApiOperation[] {
  const { basePath, tag, noun, body } = checks;
  const answer = { description: 'At most 10 matches, newest first: `[{id, name, email, phone, matched_on, can_delete}]`.', schema: z.array(duplicateEntrySchema).max(10) };
  return [
    {
      method: 'post',
      path: `${basePath}duplicates/`,
      tag,
      summary: `Find ${noun}s matching what is about to be entered`,
      description: 'Writes nothing; needs only the read scope. Matches on e-mail, phone (digits), full name or company.',
      body,
      responses: { 200: answer },
    },
    {
      method: 'get',
      path: `${basePath}:id/duplicates/`,
      tag,
      summary: `Find the ${noun}s matching one ${noun}`,
      responses: { 200: answer },
    },
  ];
}
