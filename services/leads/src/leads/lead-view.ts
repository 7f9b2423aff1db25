import { ownedView, ownersOf, type Db, type OwnedView, type ProfileRef } from '@crm/shared';
import { LEADS, type LeadRecord } from './leads.repository';

/** A lead as the API shows it (api-contract §5). */
export interface LeadView extends OwnedView {
  id: string;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  status: string;
  source: string | null;
  opportunity_amount: string | null;
  currency: string;
  board_position: number;
}

export function leadView(lead: LeadRecord, owner: ProfileRef): LeadView {
  const { values } = lead;
  return {
    id: lead.id,
    title: values.title,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    company_name: values.company_name,
    status: values.status,
    source: values.source,
    opportunity_amount: values.opportunity_amount,
    currency: values.currency,
    board_position: values.board_position,
    ...ownedView(lead, owner),
  };
}

/** Views of several leads of one tenant, with their owners' e-mail addresses looked up in one query. */
export async function leadViews(db: Db, tenantId: string, leads: LeadRecord[]): Promise<LeadView[]> {
  const owners = await ownersOf(db, LEADS, tenantId, leads);
  return leads.map((lead) => leadView(lead, owners.get(lead.values.assigned_to)!));
}
