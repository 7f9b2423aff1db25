import { type ApiOperation } from '@crm/platform';
import { recordKindOperations, recordRoutes } from '@crm/records';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { conversionResultSchema, convertLead } from '../conversion/lead-conversion.process';
import { z } from 'zod';
import type { ConversionWaiter } from '../conversion/conversion-waiter';
import { leadKind } from './lead-kind';
import { asksForConversion } from './lead-values';
import { leadBody, leadListQuery } from './leads.schemas';
import { leadViewSchema } from './lead-view';
import { getLead } from './read-leads';
import { changeLead, createLead } from './write-lead';

const LEADS_SCHEMAS = { basePath: '/api/leads/', body: leadBody, listQuery: leadListQuery, view: leadViewSchema };

/**
 * `/api/leads/`, `/api/leads/<id>/`, their custom fields, notes and files, from the shared records layer;
 * a PUT asking for `converted` is a conversion. A hidden lead answers 404 before its body is even read.
 */
export const leadsRoutes = (deps: LeadsDeps, conversion: { waiter: ConversionWaiter; waitMs: number }): Router =>
  recordRoutes(deps, leadKind, LEADS_SCHEMAS, {
    create: (caller, input) => createLead(deps, caller, input),
    get: (caller, id) => getLead(deps, caller, id),
    change: (caller, id, mode, input) =>
      mode === 'replace' && asksForConversion(input)
        ? convertLead(deps, conversion.waiter, conversion.waitMs, caller, id, input)
        : changeLead(deps, caller, id, mode, input),
  });

export const leadOperations: ApiOperation[] = recordKindOperations(leadKind, LEADS_SCHEMAS, 'Leads', {
  listDescription: '`search` matches names, e-mail, phone and company; `tags` takes comma-separated tags (any of them).',
  putDescription:
    'With `status` = `converted` (from any other status) the lead is converted: an account, a contact and, when the lead ' +
    'has an amount, an opportunity are created and linked; the answer carries `account_id`, `contact_id`, `opportunity_id` ' +
    'and `conversion_status`. A lead converted already: 422.',
  putAnswer: z.union([leadViewSchema, conversionResultSchema]),
});
