import { openedOrNotFound, requireCurrentVersion, requireSalesAccess, type Caller, type CustomFieldDefinitionView, type DataSource, type Db, type ProfileRef, type RecordOwnership } from '@crm/shared';
import { findLead, findLeadForDetail, type LeadRecord } from './leads.repository';

/**
 * The lead the caller may open, or: 403 for a member without sales access (the endpoint is not theirs),
 * 404 for a lead that is missing, another tenant's or not openable (one body for all three).
 */
export async function openLead(db: Db, caller: Caller, id: string, forUpdate = false): Promise<OpenedLead> {
  requireSalesAccess(caller);
  const lead = await findLead(db, caller.tenantId, id, forUpdate);
  const opened = openedOrNotFound(caller, lead && { ...lead, ownerId: lead.assignedTo });
  // Locked for a write: an If-Match naming another version of it is a 412 (api-contract §10).
  if (forUpdate) requireCurrentVersion(id, opened.version);
  return opened;
}

/** openLead for the detail: the lead, its owner and the tenant's custom-field definitions (for the view) in one query. */
export async function openLeadForDetail(
  dataSource: DataSource,
  caller: Caller,
  id: string,
): Promise<{ lead: OpenedLead; owner: ProfileRef; definitions: CustomFieldDefinitionView[] }> {
  requireSalesAccess(caller);
  const found = await findLeadForDetail(dataSource, caller.tenantId, id);
  const lead = openedOrNotFound(caller, found && { ...found.lead, ownerId: found.lead.assignedTo });
  return { lead, owner: { id: lead.assignedTo, email: found!.ownerEmail }, definitions: found!.definitions };
}

/** A lead with the ownership the access rules read (a lead's owner is its `assigned_to`). */
export type OpenedLead = LeadRecord & RecordOwnership;
