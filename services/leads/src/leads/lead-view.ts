import { profileRefs, withVersion, type Db, type ProfileRef } from '@crm/shared';
import type { LeadRecord } from './leads.repository';

/** A lead as the API shows it (api-contract §5). */
export interface LeadView {
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
  tags: string[];
  board_position: number;
  assigned_to: ProfileRef;
  custom_fields: Record<string, unknown>;
  org: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export function leadView(lead: LeadRecord, assignedTo: ProfileRef): LeadView {
  return withVersion({
    id: lead.id,
    title: lead.title,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    company_name: lead.companyName,
    status: lead.status,
    source: lead.source,
    opportunity_amount: lead.opportunityAmount,
    currency: lead.currency,
    tags: lead.tags,
    board_position: lead.boardPosition,
    assigned_to: assignedTo,
    custom_fields: lead.customFields,
    org: lead.tenantId,
    created_by: lead.createdBy,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  }, lead.version);
}

/** Views of several leads, with their owners' e-mail addresses looked up in one query. */
export async function leadViews(db: Db, tenantId: string, leads: LeadRecord[]): Promise<LeadView[]> {
  const owners = await profileRefs(db, tenantId, leads.map((lead) => lead.assignedTo));
  return leads.map((lead) => leadView(lead, owners.get(lead.assignedTo)!));
}

export async function leadViewOf(db: Db, lead: LeadRecord): Promise<LeadView> {
  const [view] = await leadViews(db, lead.tenantId, [lead]);
  return view!;
}
