import { duplicateCheckBody, duplicatesOperations, duplicatesRoutes, openRecord, type DuplicateChecks, type DuplicateTable } from '@crm/records';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { LEADS } from '../leads/leads.repository';

/** Leads are searched among open ones (not converted), by e-mail, phone, full name and company (api-contract §4). */
export const LEAD_DUPLICATES: DuplicateTable = {
  name: 'leads',
  ownerColumn: 'assigned_to',
  companyColumn: 'company_name',
  openCondition: `status <> 'converted'`,
};

const LEAD_CHECKS: DuplicateChecks = {
  basePath: '/api/leads/', tag: 'Leads', noun: 'lead',
  table: LEAD_DUPLICATES, body: duplicateCheckBody({ companyName: true }), open: (db, caller, id) => openRecord(db, LEADS, caller, id),
};

/** `POST /api/leads/duplicates/` and `GET /api/leads/<id>/duplicates/`. */
export const leadDuplicatesRoutes = (deps: LeadsDeps): Router => duplicatesRoutes(deps.dataSource.manager, LEAD_CHECKS);

export const leadDuplicatesOperations = duplicatesOperations(LEAD_CHECKS);
