import { type Db } from '@crm/platform';
import { amountSchema, recordView, recordViewSchema, recordViews, textOrNullSchema, type ColumnsView, type ProfileRef } from '@crm/records';
import { z } from 'zod';
import { LEADS, type LeadRecord, type LeadValues } from './leads.repository';
import { LEAD_SOURCES, LEAD_STATUSES } from './leads.schemas';

/** A lead as the API shows it (api-contract §3): its values under their names. */
export type LeadView = ColumnsView<LeadValues>;

/** `LeadView` as the API documents it. */
export const leadViewSchema = recordViewSchema({
  title: textOrNullSchema,
  first_name: textOrNullSchema,
  last_name: textOrNullSchema,
  email: textOrNullSchema,
  phone: textOrNullSchema,
  company_name: textOrNullSchema,
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES).nullable(),
  opportunity_amount: amountSchema.nullable(),
  currency: z.string(),
  board_position: z.int(),
});

/** A lead's view, its owner known already (the detail reads it with the lead). */
export const leadView = (lead: LeadRecord, owner: ProfileRef): LeadView => recordView<LeadValues, LeadView>(LEADS, lead, owner);

/** Views of several leads of one tenant, with their owners' e-mail addresses looked up in one query. */
export const leadViews = (db: Db, tenantId: string, leads: LeadRecord[]): Promise<LeadView[]> => recordViews<LeadValues, LeadView>(db, LEADS, tenantId, leads);
