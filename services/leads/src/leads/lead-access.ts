import { type Caller, type DataSource } from '@crm/platform';
import { openedOrNotFound, ownershipOf, requireSalesAccess, type CustomFieldDefinitionView, type ProfileRef } from '@crm/records';
import { findLeadForDetail, LEADS, type LeadRecord } from './leads.repository';

/** The lead the caller may open, its owner and the tenant's custom-field definitions (for the detail) in one query; else 403 or 404 as `openRecord`. */
export async function openLeadForDetail(
  dataSource: DataSource,
  caller: Caller,
  id: string,
): Promise<{ lead: LeadRecord; owner: ProfileRef; definitions: CustomFieldDefinitionView[] }> {
  requireSalesAccess(caller);
  const found = await findLeadForDetail(dataSource, caller.tenantId, id);
  openedOrNotFound(caller, found && ownershipOf(LEADS, found.lead));
  const { lead, ownerEmail, definitions } = found!;
  return { lead, owner: { id: lead.values.assigned_to, email: ownerEmail }, definitions };
}
