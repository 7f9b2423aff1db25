import { recordView, recordViews, type ColumnsView, type Db, type ProfileRef } from '@crm/shared';
import { LEADS, type LeadRecord, type LeadValues } from './leads.repository';

/** A lead as the API shows it (api-contract §5): its values under their names. */
export type LeadView = ColumnsView<LeadValues>;

/** A lead's view, its owner known already (the detail reads it with the lead). */
export const leadView = (lead: LeadRecord, owner: ProfileRef): LeadView => recordView<LeadValues, LeadView>(LEADS, lead, owner);

/** Views of several leads of one tenant, with their owners' e-mail addresses looked up in one query. */
export const leadViews = (db: Db, tenantId: string, leads: LeadRecord[]): Promise<LeadView[]> => recordViews<LeadValues, LeadView>(db, LEADS, tenantId, leads);
