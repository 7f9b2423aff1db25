import { callerOf, idParam, recordOperations, type ApiOperation, pageEnvelope, pageRequest, parseBody, parseQuery, requireSalesAccess, splitCustomFieldParams } from '@crm/shared';
import { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { convertLead } from '../conversion/convert-lead';
import type { ConversionWaiter } from '../conversion/conversion-waiter';
import { removeLead } from './delete-lead';
import { openLead } from './lead-access';
import { asksForConversion } from './lead-values';
import { leadBody, leadListQuery } from './leads.schemas';
import { findLeads, getLead } from './read-leads';
import { changeLead, createLead } from './write-lead';

/** `/api/leads/` and `/api/leads/<id>/`. A hidden lead answers 404 before its body is even read. */
export function leadsRoutes(deps: LeadsDeps, conversion: { waiter: ConversionWaiter; waitMs: number }): Router {
  const router = Router();
  const db = deps.dataSource.manager;

  router.get('/api/leads/', async (req, res) => {
    const caller = callerOf(req);
    const { rest, custom } = splitCustomFieldParams(req.query as Record<string, unknown>);
    const query = parseQuery({ query: rest }, leadListQuery);
    const page = pageRequest(query);
    const { count, results } = await findLeads(deps, caller, query, custom, page);
    res.json(pageEnvelope(req, page, count, results));
  });

  router.post('/api/leads/', async (req, res) => {
    const caller = callerOf(req);
    requireSalesAccess(caller);
    res.status(201).json(await createLead(deps, caller, parseBody(req, leadBody)));
  });

  router.get('/api/leads/:id/', async (req, res) => {
    res.json(await getLead(deps, callerOf(req), idParam(req.params.id)));
  });

  router.put('/api/leads/:id/', async (req, res) => {
    const caller = callerOf(req);
    const id = idParam(req.params.id);
    await openLead(db, caller, id);
    const input = parseBody(req, leadBody);
    if (asksForConversion(input)) res.json(await convertLead(deps, conversion.waiter, conversion.waitMs, caller, id, input));
    else res.json(await changeLead(deps, caller, id, 'replace', input));
  });

  router.patch('/api/leads/:id/', async (req, res) => {
    const caller = callerOf(req);
    const id = idParam(req.params.id);
    await openLead(db, caller, id);
    res.json(await changeLead(deps, caller, id, 'patch', parseBody(req, leadBody)));
  });

  router.delete('/api/leads/:id/', async (req, res) => {
    await removeLead(deps, callerOf(req), idParam(req.params.id));
    res.status(204).end();
  });
  return router;
}

export const leadOperations: ApiOperation[] = recordOperations({
  tag: 'Leads',
  basePath: '/api/leads/',
  noun: 'lead',
  body: leadBody,
  listQuery: leadListQuery,
  listDescription: '`search` matches names, e-mail, phone and company; `tags` takes comma-separated tags (any of them).',
  putDescription:
    'With `status` = `converted` (from any other status) the lead is converted: an account, a contact and, when the lead ' +
    'has an amount, an opportunity are created and linked; the answer carries `account_id`, `contact_id`, `opportunity_id`.',
});
