import { type Caller } from '@crm/platform';
import { changeRecord, createOneRecord, recordCreation, type RecordImporter } from '@crm/records';
import type { LeadsDeps } from '../leads-deps';
import { LEAD_COLUMNS } from '../import-export/lead-columns';
import { leadKind } from './lead-kind';
import type { LeadView } from './lead-view';
import type { WriteMode } from './lead-values';
import type { LeadValues } from './leads.repository';
import { leadBody, type LeadInput } from './leads.schemas';

/** How leads are created, by a POST (a batch of one) or an import: the shared rules and the lead's own (`leadKind`). */
export const leadCreation = (deps: LeadsDeps): RecordImporter<LeadInput, LeadValues, LeadView> =>
  recordCreation(deps, leadKind, { columns: LEAD_COLUMNS, body: leadBody });

/** POST: a new lead owned by the caller (or, for an admin, by `assigned_to_id`), at the end of its status column. */
export const createLead = (deps: LeadsDeps, caller: Caller, input: LeadInput): Promise<LeadView> =>
  createOneRecord(deps.dataSource, leadCreation(deps), caller, input);

/** PUT or PATCH of a lead the caller may open, other than a conversion (see `convertLead`); a change that changes nothing emits nothing. */
export const changeLead = (deps: LeadsDeps, caller: Caller, id: string, mode: Exclude<WriteMode, 'create'>, input: LeadInput): Promise<LeadView> =>
  changeRecord(deps, leadKind, caller, id, mode, input);
